import { patientCallPathSchema, patientPathSchema } from '../../../shared/validation';
import { cancelWebCall, createWebCall } from '../web-calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parsePath } from '../../platform/validation';

export const handler = defineFunction(
  'web-call-config',
  {
    'POST /patients/{patientId}/web-call': async ({ actor, deps, params }) =>
      created(await createWebCall(deps, actor, parsePath(patientPathSchema, params).patientId)),
    'POST /patients/{patientId}/web-call/{callId}/cancel': async ({ actor, deps, params }) => {
      const { patientId, callId } = parsePath(patientCallPathSchema, params);
      return ok(await cancelWebCall(deps, actor, patientId, callId));
    },
  },
  () => ({ ...tableDeps(), ...vapiDeps() }),
);
