import { pageRequest } from '../../kernel/cursor';
import {
  ORGANIZATIONS_PAGE_SIZE,
  archiveProvider,
  getProviderDetail,
  listOrganizationUsers,
  listProviders,
  setOnCallNumber,
  updateProvider,
} from '../../organizations/organizations';
import { USERS_PAGE_SIZE } from '../../users/users';
import { eventPublisher, identityDirectory, tableDeps } from '../../composition-root';
import { readCallingCodes } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { ORGANIZATIONS } from '../../organizations/spec';

export const handler = defineFunction(
  apiFunction(ORGANIZATIONS, 'provider-data'),
  {
    listOrganizations: async ({ actor, deps, query }) => {
      const input = query;
      return ok(await listProviders(deps, actor, input.search, pageRequest(input, ORGANIZATIONS_PAGE_SIZE)));
    },
    getOrganization: async ({ actor, deps, path }) => ok(await getProviderDetail(deps, actor, path.providerId)),
    listOrganizationUsers: async ({ actor, deps, path, query }) => {
      const { providerId } = path;
      const page = pageRequest(query, USERS_PAGE_SIZE);
      return ok(await listOrganizationUsers(deps, actor, providerId, page));
    },
    updateOrganization: async ({ actor, deps, path, body }) => {
      const { providerId } = path;
      return ok(await updateProvider(deps, actor, providerId, body));
    },
    setOnCallNumber: async ({ actor, deps, path, body, ownProfile }) =>
      ok(await setOnCallNumber(deps, actor, await ownProfile(), path.providerId, body)),
    archiveOrganization: async ({ actor, deps, path }) => ok(await archiveProvider(deps, actor, path.providerId)),
  },
  () => ({
    ...tableDeps(),
    identity: identityDirectory(),
    events: eventPublisher(),
    callingCodes: readCallingCodes(),
  }),
);
