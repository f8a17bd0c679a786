import { callPathSchema, patientPathSchema } from '../../shared/validation';
import { getCall, listPatientCalls, listRecentCalls, listScheduledCalls } from '../application/calls';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';
import { parsePath } from '../platform/validation';

export const handler = defineFunction(
  'call-logs',
  {
    'GET /patients/{patientId}/calls': async ({ actor, deps, params }) =>
      ok(await listPatientCalls(deps, actor, parsePath(patientPathSchema, params).patientId)),
    'GET /calls': async ({ actor, deps }) => ok(await listRecentCalls(deps, actor)),
    'GET /calls/scheduled': async ({ actor, deps }) => ok(await listScheduledCalls(deps, actor)),
    'GET /calls/{callId}': async ({ actor, deps, params }) =>
      ok(await getCall(deps, actor, parsePath(callPathSchema, params).callId)),
  },
  () => tableDeps(),
);
