import { followUpCall } from '../../calls/call-lifecycle';
import { callQueue, callScheduler, tableDeps } from '../../composition-root';
import { DynamoCallLines } from '../../calls/store/dynamo-call-lines';
import { readCallLines } from '../../kernel/env';
import { defineJob, eventOf } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/**
 * On `call.completed`: the calls waiting for the line it gave back are woken, and the monthly
 * cadence moves on (a retry, or next month's check-in).
 */
export const handler = defineJob(
  jobOf(CALLS, 'call-follow-up'),
  (raw) => ({ callLogId: eventOf(raw, ['call.completed']).detail.callLogId }),
  async (deps, { callLogId }) => {
    const next = await followUpCall(deps, callLogId);
    logger.info('follow-up', { callLogId, nextCallLogId: next?.id ?? 'none' });
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      scheduler: callScheduler(table.clock),
      callLines: readCallLines(),
      lines: new DynamoCallLines(table.db),
      callQueue: callQueue(),
    };
  },
);
