import { placeCall } from '../../calls/calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { readCallLines } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'outbound-call'),
  {
    placeCall: async ({ actor, deps, path }) => created(await placeCall(deps, actor, path.patientId)),
  },
  () => ({ ...tableDeps(), ...vapiDeps(), callLines: readCallLines() }),
);
