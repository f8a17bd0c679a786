import { cancelWebCall, createWebCall } from '../../calls/web-calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { readCallLines } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'web-call-config'),
  {
    startWebCall: async ({ actor, deps, path }) => created(await createWebCall(deps, actor, path.patientId)),
    cancelWebCall: async ({ actor, deps, path }) => {
      const { patientId, callId } = path;
      return ok(await cancelWebCall(deps, actor, patientId, callId));
    },
  },
  () => ({ ...tableDeps(), ...vapiDeps(), callLines: readCallLines() }),
);
