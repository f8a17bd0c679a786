import { CALL_WINDOW, type CallKind, type CallStatus } from '../../../../../shared/values/calls';
import type { CallLogSummary } from '../../../../../shared/calls';
import { type TimePreference, TIME_PREFERENCE_LABELS } from '../../../../../shared/time-preferences';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { ApiError } from '../../../lib/api-client';

export interface BadgeLook {
  label: string;
  color: string;
}

/**
 * Call status badges (product-rules.md "Calls"): completed green, failed red, in_progress blue, anything else gray.
 * A scheduled call is shown as Pending (product-rules.md "Calls").
 */
export const CALL_STATUS_BADGES: Record<CallStatus, BadgeLook> = {
  scheduled: { label: 'Pending', color: 'gray' },
  queued: { label: 'Queued', color: 'gray' },
  in_progress: { label: 'In Progress', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function callStatusBadge(status: CallStatus): BadgeLook {
  return CALL_STATUS_BADGES[status] ?? { label: status, color: 'gray' };
}

/** Escalation colours as on the summary page (product-rules.md "Screens"): Emergent red, Urgent orange, Elective yellow. */
/** Why the call was made, in words staff use. */
export const CALL_KIND_LABELS: Record<CallKind, string> = {
  instant: 'Instant call',
  scheduled: 'Scheduled call',
  monthly: 'Monthly check-in',
  link: 'Patient call link',
  web: 'Web call',
  enrollment: 'Enrollment call',
};

/** When a call happened: a scheduled call when it was due, any other when it was placed. */
export function callTime(call: Pick<CallLogSummary, 'scheduled_at' | 'created_at'>): string {
  return call.scheduled_at ?? call.created_at;
}

/** A scheduled call's time preference, or 'Not specified' (product-rules.md "Scheduling"). */
export function timePreferenceText(preference: TimePreference | null | undefined): string {
  return (preference && TIME_PREFERENCE_LABELS[preference]) || 'Not specified';
}

const errorText = (error: unknown): string =>
  error instanceof Error && error.message.trim() ? error.message.trim() : '';

/**
 * 'Failed to make call: {message}': the server's text, else 'Failed to initiate call' (product-rules.md
 * "Errors"); 'Failed to start call' when no answer came, so whether a call went out is unknown.
 */
export function makeCallErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return CALL_MESSAGES.startCall;
  return CALL_MESSAGES.makeCallFailed(errorText(error) || CALL_MESSAGES.initiateCallFallback);
}

/** 'Failed to schedule call: {reason}' (product-rules.md "Errors"). */
export function scheduleCallErrorText(error: unknown, fallbackReason: string): string {
  return CALL_MESSAGES.scheduleCallFailed(errorText(error) || fallbackReason);
}

/** '9 AM', '12 PM', '9 PM' for an hour of the 24-hour clock. */
export function formatHour(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The hours calls are placed in (product-rules.md "Calls"): '8 AM and 9 PM'. */
export function callWindowText(): string {
  return `${formatHour(CALL_WINDOW.startHour)} and ${formatHour(CALL_WINDOW.endHour)}`;
}
