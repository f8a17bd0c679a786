import { callPathSchema, patientPathSchema, scheduleCallSchema } from '../../../shared/validation';
import { cancelScheduledCall, scheduleCall } from '../../calls/calls';
import { callScheduler, tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parseBody, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'schedule-call'),
  {
    scheduleCall: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const { when } = parseBody(scheduleCallSchema, body);
      return created(await scheduleCall(deps, actor, patientId, when));
    },
    cancelScheduledCall: async ({ actor, deps, params }) =>
      ok(await cancelScheduledCall(deps, actor, parsePath(callPathSchema, params).callId)),
  },
  () => {
    const table = tableDeps();
    return { ...table, scheduler: callScheduler(table.clock) };
  },
);
