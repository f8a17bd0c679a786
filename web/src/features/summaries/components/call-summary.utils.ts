import type { Role } from '../../../../../shared/roles';
import { SUMMARY_LINK_MESSAGES } from '../../../../../shared/summary-link';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';

/** 'Back to All Summaries': the operators' list for employees, provider staff's list for everyone else. */
export function summariesListHref(role: Role | null): string {
  return role === 'careloop_employee' ? paths.admin.summaries.getHref() : paths.provider.summaries.getHref();
}

/** product-rules.md "Screens" Call Information badge: 'Successful' when the success evaluation is true, else 'Requires Follow-up'. */
export function outcomeBadge(successEvaluation: boolean | null): { label: string; color: string } {
  return successEvaluation === true
    ? { label: 'Successful', color: 'green' }
    : { label: 'Requires Follow-up', color: 'orange' };
}

export type EscalationIcon = 'siren' | 'warning' | 'calendar' | 'info';

export interface EscalationLook {
  level: string;
  color: string;
  icon: EscalationIcon;
}

/**
 * product-rules.md "Screens" Escalation Assessment: shown only when a level is present and not Normal. Emergent red
 * with a siren, Urgent orange with a warning, Elective yellow with a calendar, anything else grey.
 */
export function escalationLook(level: string | null | undefined): EscalationLook | null {
  const trimmed = level?.trim();
  if (!trimmed || trimmed === 'Normal') return null;
  switch (trimmed) {
    case 'Emergent':
      return { level: trimmed, color: 'red', icon: 'siren' };
    case 'Urgent':
      return { level: trimmed, color: 'orange', icon: 'warning' };
    case 'Elective':
      return { level: trimmed, color: 'yellow', icon: 'calendar' };
    default:
      return { level: trimmed, color: 'gray', icon: 'info' };
  }
}

/** The summary text with its line breaks, or the spec's empty text. */
export function summaryText(summary: string | null | undefined): string {
  return summary?.trim() ? summary : SUMMARY_LINK_MESSAGES.noSummary;
}

export interface LoadErrorView {
  title: string;
  /** A line telling the visitor what to do, when there is one. */
  help: string | null;
  /** A failure that may pass (network, server): offer 'Try again'. */
  retry: boolean;
}

/**
 * What a failed load shows (product-rules.md "Roles", "Errors"): the server's refusal texts as given (403), one text for
 * every unusable link (404), 'Failed to validate magic link: {reason}' for another answer of the
 * server, 'Failed to load summary data' when none came.
 */
export function loadErrorView(error: unknown): LoadErrorView {
  if (error instanceof ApiError && error.status === 403) {
    return { title: error.message, help: null, retry: false };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { title: SUMMARY_LINK_MESSAGES.invalid, help: SUMMARY_LINK_MESSAGES.invalidHelp, retry: false };
  }
  // The server answered but could not open the link: its reason. No answer at all: the load failed.
  if (error instanceof ApiError && error.status !== 0 && error.message.trim()) {
    return { title: SUMMARY_LINK_MESSAGES.validateFailed(error.message.trim()), help: null, retry: true };
  }
  return { title: SUMMARY_LINK_MESSAGES.loadFailed, help: null, retry: true };
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 4, 2025, 10:00 AM' in the viewer's time zone; a dash for an unreadable value. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

/** 'Margaret Alvarez'. */
export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
