import type { ScheduledCallPayload } from '../../jobs';
import { placeScheduledCall } from '../../calls/call-lifecycle';
import { callLifecycleDeps } from '../../composition-root';
import { MalformedEvent, defineJob, idField } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/** EventBridge Scheduler delivers the schedule's Input (`{ callLogId }`) as the event. */
function parse(raw: unknown): ScheduledCallPayload {
  if (typeof raw !== 'object' || raw === null) throw new MalformedEvent('schedule.not_object');
  return { callLogId: idField(raw as Record<string, unknown>, 'callLogId') };
}

export const handler = defineJob(
  jobOf(CALLS, 'place-scheduled-call'),
  parse,
  async (deps, { callLogId }) => {
    logger.appendKeys({ callLogId });
    const result = await placeScheduledCall(deps, callLogId, 'place-scheduled-call');
    logger.info('scheduled call', { result });
  },
  callLifecycleDeps,
);
