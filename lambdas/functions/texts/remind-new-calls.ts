import { CALL_KINDS, type CallKind } from '../../../shared/values/calls';
import { remindChangedCalls } from '../../texts/reminders';
import { TEXTS } from '../../texts/spec';
import { reminderCallOf } from '../../texts/store/dynamo-reminder-calls';
import type { ReminderCall } from '../../texts/ports';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { defineJob, tableChangesOf } from '../../platform/job-handler';
import { reminderDeps } from '../../composition-root';

/** A stream image of a pending call with a due time, as a reminder reads it; anything else is no reminder's business. */
function pendingCall(item: Record<string, unknown> | null): ReminderCall | null {
  if (item?.status !== 'scheduled' || typeof item.scheduled_at !== 'string') return null;
  const { call_log_id, patient_id, provider_id, kind } = item;
  if (typeof call_log_id !== 'string' || typeof patient_id !== 'string' || typeof provider_id !== 'string') return null;
  if (!CALL_KINDS.some((k) => k === kind)) return null;
  return reminderCallOf({
    call_log_id,
    patient_id,
    provider_id,
    status: 'scheduled',
    kind: kind as CallKind,
    scheduled_at: item.scheduled_at,
    reminded_for: typeof item.reminded_for === 'string' ? item.reminded_for : undefined,
  });
}

/** From the table's stream (call logs only): the reminder of a call that became pending inside the 24 hours. */
export const handler = defineJob(
  jobOf(TEXTS, 'remind-new-calls'),
  (raw): ReminderCall[] =>
    tableChangesOf(raw).flatMap(({ change, newItem }) => {
      const call = change === 'remove' ? null : pendingCall(newItem);
      return call ? [call] : [];
    }),
  async (deps, calls) => {
    if (calls.length === 0) return;
    logger.info('reminders', { ...(await remindChangedCalls(deps, calls)) });
  },
  reminderDeps,
);
