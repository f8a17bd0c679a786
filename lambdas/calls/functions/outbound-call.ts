import { patientPathSchema } from '../../../shared/validation';
import { placeCall } from '../calls';
import { tableDeps, vapiDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created } from '../../platform/http';
import { parsePath } from '../../platform/validation';

export const handler = defineFunction(
  'outbound-call',
  {
    'POST /patients/{patientId}/calls': async ({ actor, deps, params }) =>
      created(await placeCall(deps, actor, parsePath(patientPathSchema, params).patientId)),
  },
  () => ({ ...tableDeps(), ...vapiDeps() }),
);
