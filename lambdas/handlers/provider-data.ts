import * as z from 'zod/mini';
import { providerFormSchema, providerPathSchema } from '../../shared/validation';
import { archiveProvider, getProviderDetail, listProviders, updateProvider } from '../application/providers';
import { eventPublisher, identityDirectory, tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';
import { parseBody, parseInput, parsePath } from '../platform/validation';

const listQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(200, { error: 'Search text is too long' }))),
});

export const handler = defineFunction(
  'provider-data',
  {
    'GET /providers': async ({ actor, deps, query }) =>
      ok(await listProviders(deps, actor, parseInput(listQuery, query).search)),
    'GET /providers/{providerId}': async ({ actor, deps, params }) =>
      ok(await getProviderDetail(deps, actor, parsePath(providerPathSchema, params).providerId)),
    'PUT /providers/{providerId}': async ({ actor, deps, params, body }) => {
      const { providerId } = parsePath(providerPathSchema, params);
      return ok(await updateProvider(deps, actor, providerId, parseBody(providerFormSchema, body)));
    },
    'DELETE /providers/{providerId}': async ({ actor, deps, params }) =>
      ok(await archiveProvider(deps, actor, parsePath(providerPathSchema, params).providerId)),
  },
  () => ({ ...tableDeps(), identity: identityDirectory(), events: eventPublisher() }),
);
