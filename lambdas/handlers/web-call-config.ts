import { patientPathSchema } from '../../shared/validation';
import { webCallConfig } from '../application/calls';
import { tableDeps, vapiDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';
import { parsePath } from '../platform/validation';

export const handler = defineFunction(
  'web-call-config',
  {
    'POST /patients/{patientId}/web-call': async ({ actor, deps, params }) =>
      ok(await webCallConfig(deps, actor, parsePath(patientPathSchema, params).patientId)),
  },
  () => {
    const vapi = vapiDeps();
    return {
      ...tableDeps(),
      ...vapi,
      publicKey: async () => (await vapi.vapiSecrets()).publicKey,
      model: { provider: vapi.vapiEnv.modelProvider, model: vapi.vapiEnv.model },
    };
  },
);
