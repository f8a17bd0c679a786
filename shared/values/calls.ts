/**
 * The calls' value lists and the pure rules on them (product-rules.md "Calls", "Scheduling"): a leaf
 * beneath the API records, which build their enums from it. `../calls` adds the answer types.
 */

/** `scheduled` is shown as Pending (the spec's "in_progress with metadata.scheduled_at"). */
export const CALL_STATUSES = ['scheduled', 'queued', 'in_progress', 'completed', 'failed', 'cancelled'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A call that is still happening: the patient page refreshes while one exists. */
export const ACTIVE_CALL_STATUSES: readonly CallStatus[] = ['queued', 'in_progress'];
export const isActiveCall = (status: CallStatus) => ACTIVE_CALL_STATUSES.includes(status);

/**
 * Why the call was made. `instant`: Make Call; `scheduled`: Schedule Call; `monthly`: the outreach
 * cadence's check-in (and its retries); `link`: the patient's call link; `web`: the browser widget;
 * `enrollment`: the AI's invitation to enrol (and its retries), which asks for interest, never consent.
 */
export const CALL_KINDS = ['instant', 'scheduled', 'monthly', 'link', 'web', 'enrollment'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

export const ESCALATION_LEVELS = ['Emergent', 'Urgent', 'Elective', 'Normal'] as const;
export type EscalationLevel = (typeof ESCALATION_LEVELS)[number];

/** The report's `flag` / `escalation_level`: one of the four levels, anything else Normal. */
export function escalationLevelOf(value: unknown): EscalationLevel {
  if (typeof value !== 'string') return 'Normal';
  const match = ESCALATION_LEVELS.find((l) => l.toLowerCase() === value.trim().toLowerCase());
  return match ?? 'Normal';
}

/** How a call ended, as a code the product reasons about (Vapi's endedReason, grouped). */
export const CALL_OUTCOMES = ['answered', 'no_answer', 'busy', 'voicemail', 'failed', 'cancelled'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Unanswered outcomes are retried for monthly check-ins (at most twice, next days, same hour). */
export const UNANSWERED_OUTCOMES: readonly CallOutcome[] = ['no_answer', 'busy', 'voicemail'];

export const RECENT_CALLS_LIMIT = 50;

/** Schedule Call options (product-rules.md "Scheduling"). */
export const SCHEDULE_OPTIONS = ['10_minutes', '1_week', '1_month'] as const;
export type ScheduleOption = (typeof SCHEDULE_OPTIONS)[number];
export const SCHEDULE_OPTION_LABELS: Record<ScheduleOption, string> = {
  '10_minutes': 'In 10 minutes',
  '1_week': 'In 1 week',
  '1_month': 'In 1 month',
};

/** Calls are placed only between these local hours (product-rules.md "Calls"): 8:00 to 21:00. */
export const CALL_WINDOW = { startHour: 8, endHour: 21 } as const;

/** Retries of an unanswered monthly check-in (product-rules.md "Calls"). */
export const MAX_CHECK_IN_RETRIES = 2;
