import type { EscalationLevel } from '../../../../../shared/values/calls';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import {
  SUMMARY_TABS,
  summaryMonths,
  type SummaryStatus,
  type SummaryTab,
} from '../../../../../shared/values/summaries';
import type { SummaryCounts } from '../../../../../shared/summaries';

/** The month filter's value for every month. */
export const ALL_MONTHS = 'all';

/**
 * The browser's current month as YYYY-MM: where the filter's months start until the server names
 * this month (the organization's, in its time zone; UTC for operators).
 */
export function currentMonth(now: Date): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'November 2026'; 'all' → 'All'. */
export function monthLabel(month: string): string {
  if (month === ALL_MONTHS) return 'All';
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return MONTH_LABEL.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** 'All' plus the 13 most recent months, newest first. */
export function monthOptions(current: string): { value: string; label: string }[] {
  return [ALL_MONTHS, ...summaryMonths(current)].map((value) => ({ value, label: monthLabel(value) }));
}

/**
 * product-rules.md "Summaries, escalations and notifications": the selected tab while it has entries; otherwise the first tab (in SUMMARY_TABS order) that
 * has some. With no counts yet, or none anywhere, the selection stays (Follow-up, being hidden
 * at zero, gives way to the first tab).
 */
export function resolveTab(selected: SummaryTab, counts: SummaryCounts | undefined): SummaryTab {
  if (!counts || counts[selected] > 0) return selected;
  const first = SUMMARY_TABS.find((tab) => counts[tab] > 0);
  if (first) return first;
  return selected === 'Elective' ? SUMMARY_TABS[0] : selected;
}

/** The tabs shown, in order: Follow-up only while it has entries (or is the one being loaded). */
export function visibleTabs(counts: SummaryCounts | undefined, active: SummaryTab): SummaryTab[] {
  return SUMMARY_TABS.filter((tab) => tab !== 'Elective' || active === 'Elective' || (counts?.Elective ?? 0) > 0);
}

/** A tab with no entries can't be chosen (product-rules.md "Summaries, escalations and notifications" would switch away from it at once); the active one stays enabled. */
export function isTabDisabled(tab: SummaryTab, active: SummaryTab, counts: SummaryCounts | undefined): boolean {
  return tab !== active && counts !== undefined && counts[tab] === 0;
}

export function emptyText(tab: SummaryTab): string {
  return SUMMARY_MESSAGES.empty[tab];
}

/** 'Unknown Patient' when the patient can't be matched (product-rules.md "Screens", "Errors"). */
export function patientNameOf(summary: { patient_name: string }): string {
  return summary.patient_name.trim() || SUMMARY_MESSAGES.unknownPatient;
}

export interface BadgeLook {
  label: string;
  color: string;
}

export const SUMMARY_STATUS_BADGES: Record<SummaryStatus, BadgeLook> = {
  requires_followup: { label: 'Incomplete', color: 'gray' },
  successful: { label: 'Successful', color: 'green' },
  added_to_emr: { label: 'Added to EMR', color: 'blue' },
};

/** An escalation worth showing: any level but Normal (product-rules.md "Screens" Escalation Assessment). */
export function notableEscalation(level: EscalationLevel | null): Exclude<EscalationLevel, 'Normal'> | null {
  return level && level !== 'Normal' ? level : null;
}

export interface SummaryActions {
  /** 'Move to Successful' / 'Move to Incomplete'; null when Added to EMR. */
  move: { label: string; to: SummaryStatus } | null;
  /** The Added to EMR switch: on when added; off and disabled while the summary needs follow-up. */
  emr: { checked: boolean; disabled: boolean; to: SummaryStatus };
}

/** The detail modal's transitions (product-rules.md "Summaries, escalations and notifications"). */
export function summaryActions(status: SummaryStatus): SummaryActions {
  switch (status) {
    case 'requires_followup':
      return {
        move: { label: 'Move to Successful', to: 'successful' },
        emr: { checked: false, disabled: true, to: 'added_to_emr' },
      };
    case 'successful':
      return {
        move: { label: 'Move to Incomplete', to: 'requires_followup' },
        emr: { checked: false, disabled: false, to: 'added_to_emr' },
      };
    case 'added_to_emr':
      return { move: null, emr: { checked: true, disabled: false, to: 'successful' } };
  }
}

export interface Neighbours {
  previous: number | null;
  next: number | null;
  /** Where the open summary sits in the list; null once it has left it (its status changed). */
  position: number | null;
}

/**
 * Previous and next in the current list around the open summary. When the open summary has left
 * the list (moved to another tab), its old place stays the reference: next is whatever took it.
 */
export function neighbours(ids: readonly string[], openId: string, lastIndex: number): Neighbours {
  const found = ids.indexOf(openId);
  if (found >= 0) {
    return {
      previous: found > 0 ? found - 1 : null,
      next: found < ids.length - 1 ? found + 1 : null,
      position: found,
    };
  }
  const index = Math.min(Math.max(lastIndex, 0), ids.length);
  return {
    previous: index > 0 ? index - 1 : null,
    next: index < ids.length ? index : null,
    position: null,
  };
}

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

const NON_TEXT_INPUT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUT_TYPES.has(target.type);
}

/** ←/→ move between summaries in the modal, unless a modifier is held or the user is typing. */
export function arrowNavigation(press: KeyPress): 'previous' | 'next' | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.shiftKey || isTyping(press.target)) return null;
  if (press.key === 'ArrowLeft') return 'previous';
  if (press.key === 'ArrowRight') return 'next';
  return null;
}
