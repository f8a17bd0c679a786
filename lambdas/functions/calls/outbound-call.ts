import { patientPathSchema } from '../../../shared/validation';
import { placeCall } from '../../calls/calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'outbound-call'),
  {
    placeCall: async ({ actor, deps, params }) =>
      created(await placeCall(deps, actor, parsePath(patientPathSchema, params).patientId)),
  },
  () => ({ ...tableDeps(), ...vapiDeps() }),
);
