import { placeScheduledCall } from '../../calls/call-lifecycle';
import { callLifecycleDeps } from '../../composition-root';
import { MalformedEvent, defineQueueJob, idField, type QueueRecord } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';
import type { DueCallMessage } from '../../vendors/sqs/sqs-call-queue';

/**
 * A message of the queue of due calls: `{ callLogId }` from the call's schedule (its target Input),
 * or `{ callLogId, waitingSince }` waking a call that waits for a line.
 */
function parse({ body }: QueueRecord): DueCallMessage {
  if (typeof body !== 'object' || body === null) throw new MalformedEvent('message.not_object');
  const fields = body as Record<string, unknown>;
  const callLogId = idField(fields, 'callLogId');
  const waitingSince = fields.waitingSince;
  if (waitingSince === undefined) return { callLogId };
  if (typeof waitingSince !== 'string' || Number.isNaN(Date.parse(waitingSince))) {
    throw new MalformedEvent('message.waitingSince');
  }
  return { callLogId, waitingSince: new Date(waitingSince).toISOString() };
}

export const handler = defineQueueJob(
  jobOf(CALLS, 'place-scheduled-call'),
  parse,
  async (deps, { callLogId, waitingSince }) => {
    // The batch's calls are placed at once: the id goes with each line, not into the shared keys.
    // A call woken from its wait for a line carries when it first waited.
    const result = await placeScheduledCall(deps, callLogId, 'place-scheduled-call', { waitingSince });
    logger.info('scheduled call', { callLogId, result });
  },
  callLifecycleDeps,
);
