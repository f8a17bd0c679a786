import { followUpCall } from '../../calls/call-lifecycle';
import { callScheduler, tableDeps } from '../../composition-root';
import { defineJob, eventOf } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/** On `call.completed`: the monthly cadence moves on (a retry, or next month's check-in). */
export const handler = defineJob(
  jobOf(CALLS, 'call-follow-up'),
  (raw) => ({ callLogId: eventOf(raw, ['call.completed']).detail.callLogId }),
  async (deps, { callLogId }) => {
    const next = await followUpCall(deps, callLogId);
    logger.info('follow-up', { callLogId, nextCallLogId: next?.id ?? 'none' });
  },
  () => {
    const table = tableDeps();
    return { ...table, scheduler: callScheduler(table.clock) };
  },
);
