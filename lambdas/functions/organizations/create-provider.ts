import { createProvider } from '../../organizations/organizations';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { ORGANIZATIONS } from '../../organizations/spec';

export const handler = defineFunction(
  apiFunction(ORGANIZATIONS, 'create-provider'),
  {
    createOrganization: async ({ actor, deps, body }) => created(await createProvider(deps, actor, body)),
  },
  () => tableDeps(),
);
