import { providerFormSchema } from '../../../shared/validation';
import { createProvider } from '../organizations';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { parseBody } from '../../platform/validation';

export const handler = defineFunction(
  'create-provider',
  {
    'POST /providers': async ({ actor, deps, body }) =>
      created(await createProvider(deps, actor, parseBody(providerFormSchema, body))),
  },
  () => tableDeps(),
);
