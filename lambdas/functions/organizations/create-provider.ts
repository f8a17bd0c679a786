import { providerFormSchema } from '../../../shared/validation';
import { createProvider } from '../../organizations/organizations';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { parseBody } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { ORGANIZATIONS } from '../../organizations/spec';

export const handler = defineFunction(
  apiFunction(ORGANIZATIONS, 'create-provider'),
  {
    createOrganization: async ({ actor, deps, body }) =>
      created(await createProvider(deps, actor, parseBody(providerFormSchema, body))),
  },
  () => tableDeps(),
);
