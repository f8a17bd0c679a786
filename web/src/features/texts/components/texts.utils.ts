import { TEXT_BODY_MAX, TEXT_MESSAGES, type PatientText, type PatientTextsResponse } from '../../../../../shared/texts';
import type { TextKind, TextStatus } from '../../../../../shared/values/texts';

export interface BadgeLook {
  label: string;
  color: string;
}

/** product-rules.md "Errors": a sent text's confirmation shows for 3 s, a failure (send or call link) for 5 s. */
export const TEXT_SENT_CLEAR_MS = 3000;
export const TEXT_ERROR_CLEAR_MS = 5000;
/** product-rules.md "Texts", product-rules.md "Limits": the copy confirmation resets after 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

/** An outbound text's delivery, as Twilio reports it: delivered green, failures red, on its way gray/blue. */
export const TEXT_STATUS_BADGES: Record<TextStatus, BadgeLook> = {
  sending: { label: 'Sending', color: 'gray' },
  queued: { label: 'Queued', color: 'gray' },
  accepted: { label: 'Accepted', color: 'gray' },
  sent: { label: 'Sent', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  undelivered: { label: 'Undelivered', color: 'red' },
  failed: { label: 'Failed', color: 'red' },
  received: { label: 'Received', color: 'gray' },
};

/** What an inbound text was: a keyword (product-rules.md "Texts") or a request to be called back. */
export const INBOUND_KIND_BADGES: Record<TextKind, BadgeLook> = {
  check_in: { label: 'Reply', color: 'gray' },
  reminder: { label: 'Reply', color: 'gray' },
  stop: { label: 'Opted out (STOP)', color: 'red' },
  start: { label: 'Opted in (START)', color: 'green' },
  help: { label: 'Asked for help (HELP)', color: 'blue' },
  callback_request: { label: 'Callback request', color: 'orange' },
  invitation: { label: 'Reply', color: 'gray' },
  enrollment_yes: { label: 'Interested in enrolling (YES)', color: 'green' },
  enrollment_no: { label: 'Not interested in enrolling (NO)', color: 'gray' },
  care_plan: { label: 'Reply', color: 'gray' },
};

/** The badge of one text: its delivery status when sent, what it was when received. */
export function textBadge(text: Pick<PatientText, 'direction' | 'kind' | 'status'>): BadgeLook {
  if (text.direction === 'inbound') return INBOUND_KIND_BADGES[text.kind] ?? { label: 'Reply', color: 'gray' };
  return TEXT_STATUS_BADGES[text.status] ?? { label: text.status, color: 'gray' };
}

export const DIRECTION_LABELS: Record<PatientText['direction'], string> = {
  outbound: 'Sent',
  inbound: 'Received',
};

export function isOpenCallback(text: Pick<PatientText, 'callback'>): boolean {
  return text.callback?.status === 'open';
}

/** A failed or undelivered text shows why (Twilio's error number or a CareLoop code). */
export function failureCode(text: Pick<PatientText, 'status' | 'error_code'>): string | null {
  return (text.status === 'failed' || text.status === 'undelivered') && text.error_code ? text.error_code : null;
}

/** "2 of 5 texts sent this month". */
export function monthlyUsageText(sent: number, limit: number): string {
  return `${sent} of ${limit} texts sent this month`;
}

/** "123 / 1000 characters". */
export function characterCountText(body: string): string {
  return `${body.length} / ${TEXT_BODY_MAX} characters`;
}

/**
 * Why the send form is disabled, if it is: no phone number, an opt-out (product-rules.md "Texts"), or the
 * month's 5 texts used. The server refuses each of these too; the page says so before anyone tries.
 */
export function sendBlockedReason(
  texts: Pick<PatientTextsResponse, 'has_phone' | 'opted_out' | 'sent_this_month' | 'monthly_limit'>,
): string | null {
  if (!texts.has_phone) return TEXT_MESSAGES.noPhone;
  if (texts.opted_out) return TEXT_MESSAGES.optedOut;
  if (texts.sent_this_month >= texts.monthly_limit) return TEXT_MESSAGES.monthlyLimit;
  return null;
}

/** "1 open callback request", "3 open callback requests". */
export function openCallbacksText(count: number): string {
  return `${count} open callback ${count === 1 ? 'request' : 'requests'}`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 4, 2026, 3:00 PM' in the viewer's time zone; a dash for a missing or unreadable value. */
export function formatTextTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Valid for 7 days, until Mar 11, 2026, 3:00 PM" (product-rules.md "Links and expiry"). */
export function linkExpiryText(expires: string, now: Date = new Date()): string {
  const end = new Date(expires);
  if (Number.isNaN(end.getTime())) return '';
  const days = Math.max(1, Math.round((end.getTime() - now.getTime()) / DAY_MS));
  return `Valid for ${days} ${days === 1 ? 'day' : 'days'}, until ${DATE_TIME.format(end)}`;
}
