import { patientCallPathSchema, patientPathSchema } from '../../../shared/validation';
import { cancelWebCall, createWebCall } from '../../calls/web-calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'web-call-config'),
  {
    startWebCall: async ({ actor, deps, params }) =>
      created(await createWebCall(deps, actor, parsePath(patientPathSchema, params).patientId)),
    cancelWebCall: async ({ actor, deps, params }) => {
      const { patientId, callId } = parsePath(patientCallPathSchema, params);
      return ok(await cancelWebCall(deps, actor, patientId, callId));
    },
  },
  () => ({ ...tableDeps(), ...vapiDeps() }),
);
