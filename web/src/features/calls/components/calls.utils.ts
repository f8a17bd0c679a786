import {
  CALL_WINDOW,
  type CallKind,
  type CallLogSummary,
  type CallStatus,
  type EscalationLevel,
  type TranscriptTurn,
} from '../../../../../shared/calls';
import type { TimePreference } from '../../../../../shared/domain';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { TIME_PREFERENCE_LABELS } from '../../../../../shared/time-preferences';

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
export const ESCALATION_BADGE_COLORS: Record<EscalationLevel, string> = {
  Emergent: 'red',
  Urgent: 'orange',
  Elective: 'yellow',
  Normal: 'gray',
};

/** Duration as minutes:seconds (product-rules.md "Limits"): 7 → '0:07', 725 → '12:05'; a dash until the call has ended. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** Why the call was made, in words staff use. */
export const CALL_KIND_LABELS: Record<CallKind, string> = {
  instant: 'Instant call',
  scheduled: 'Scheduled call',
  monthly: 'Monthly check-in',
  link: 'Patient call link',
  web: 'Web call',
};

/** When a call happened: a scheduled call when it was due, any other when it was placed. */
export function callTime(call: Pick<CallLogSummary, 'scheduled_at' | 'created_at'>): string {
  return call.scheduled_at ?? call.created_at;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Jan 5, 2025, 9:30 AM' in the viewer's time zone; a dash for a missing or unreadable value. */
export function formatCallTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

/** A scheduled call's time preference, or 'Not specified' (product-rules.md "Scheduling"). */
export function timePreferenceText(preference: TimePreference | null | undefined): string {
  return (preference && TIME_PREFERENCE_LABELS[preference]) || 'Not specified';
}

export const SPEAKER_LABELS: Record<TranscriptTurn['speaker'], string> = {
  assistant: 'Assistant',
  patient: 'Patient',
};

const errorText = (error: unknown): string =>
  error instanceof Error && error.message.trim() ? error.message.trim() : '';

/** 'Failed to make call: {message}': the server's text, else 'Failed to initiate call' (product-rules.md "Errors"). */
export function makeCallErrorText(error: unknown): string {
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
