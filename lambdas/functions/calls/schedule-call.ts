import { cancelScheduledCall, scheduleCall } from '../../calls/calls';
import { callScheduler, tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

export const handler = defineFunction(
  apiFunction(CALLS, 'schedule-call'),
  {
    scheduleCall: async ({ actor, deps, path, body }) => {
      const { patientId } = path;
      const { when } = body;
      return created(await scheduleCall(deps, actor, patientId, when));
    },
    cancelScheduledCall: async ({ actor, deps, path }) => ok(await cancelScheduledCall(deps, actor, path.callId)),
  },
  () => {
    const table = tableDeps();
    return { ...table, scheduler: callScheduler(table.clock) };
  },
);
