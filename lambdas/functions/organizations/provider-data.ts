import * as z from 'zod/mini';
import { pageQuerySchema, providerFormSchema, providerPathSchema } from '../../../shared/validation';
import { pageRequest } from '../../kernel/cursor';
import {
  ORGANIZATIONS_PAGE_SIZE,
  archiveProvider,
  getProviderDetail,
  listOrganizationUsers,
  listProviders,
  updateProvider,
} from '../../organizations/organizations';
import { USERS_PAGE_SIZE } from '../../users/users';
import { eventPublisher, identityDirectory, tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { ORGANIZATIONS } from '../../organizations/spec';

const listQuery = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.maxLength(200, { error: 'Search text is too long' }))),
});

export const handler = defineFunction(
  apiFunction(ORGANIZATIONS, 'provider-data'),
  {
    listOrganizations: async ({ actor, deps, query }) => {
      const input = parseInput(listQuery, query);
      return ok(await listProviders(deps, actor, input.search, pageRequest(input, ORGANIZATIONS_PAGE_SIZE)));
    },
    getOrganization: async ({ actor, deps, params }) =>
      ok(await getProviderDetail(deps, actor, parsePath(providerPathSchema, params).providerId)),
    listOrganizationUsers: async ({ actor, deps, params, query }) => {
      const { providerId } = parsePath(providerPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), USERS_PAGE_SIZE);
      return ok(await listOrganizationUsers(deps, actor, providerId, page));
    },
    updateOrganization: async ({ actor, deps, params, body }) => {
      const { providerId } = parsePath(providerPathSchema, params);
      return ok(await updateProvider(deps, actor, providerId, parseBody(providerFormSchema, body)));
    },
    archiveOrganization: async ({ actor, deps, params }) =>
      ok(await archiveProvider(deps, actor, parsePath(providerPathSchema, params).providerId)),
  },
  () => ({ ...tableDeps(), identity: identityDirectory(), events: eventPublisher() }),
);
