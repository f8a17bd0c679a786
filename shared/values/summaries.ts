/**
 * The summaries' statuses and tabs and the rules on them (product-rules.md "Screens", "Summaries,
 * escalations and notifications"): a leaf beneath the API records. `../summaries` adds the answer types.
 */
import type { EscalationLevel } from './calls';

export const SUMMARY_STATUSES = ['requires_followup', 'successful', 'added_to_emr'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

/** product-rules.md "Summaries, escalations and notifications": added_to_emr if added_to_emr; else successful if success_evaluation; else requires_followup. */
export function summaryStatusOf(flags: { added_to_emr: boolean; success_evaluation: boolean | null }): SummaryStatus {
  if (flags.added_to_emr) return 'added_to_emr';
  return flags.success_evaluation ? 'successful' : 'requires_followup';
}

/** The tabs, in order (product-rules.md "Screens"). Follow-up is hidden when its count is zero. */
export const SUMMARY_TABS = [
  'requires_followup',
  'successful',
  'added_to_emr',
  'Emergent',
  'Urgent',
  'Elective',
] as const;
export type SummaryTab = (typeof SUMMARY_TABS)[number];

export const SUMMARY_TAB_LABELS: Record<SummaryTab, string> = {
  requires_followup: 'Incomplete',
  successful: 'Successful',
  added_to_emr: 'Added to EMR',
  Emergent: 'Emergency',
  Urgent: 'Urgent',
  Elective: 'Follow-up',
};

/** The tabs a summary appears in: its status tab, and its escalation tab unless Normal. */
export function tabsOf(status: SummaryStatus, level: EscalationLevel | null): SummaryTab[] {
  return level && level !== 'Normal' ? [status, level] : [status];
}

/**
 * product-rules.md "Summaries, escalations and notifications" transitions: requires_followup ↔ successful ('Move to Successful' / 'Move to Incomplete');
 * successful ↔ added_to_emr (the Added to EMR toggle, disabled while requires_followup).
 * Nothing else is allowed.
 */
export function isAllowedTransition(from: SummaryStatus, to: SummaryStatus): boolean {
  if (from === to) return false;
  if (from === 'added_to_emr') return to === 'successful';
  if (from === 'requires_followup') return to === 'successful';
  return true;
}

/** The flags a status writes (product-rules.md "Summaries, escalations and notifications"): added_to_emr sets success true; requires_followup sets it false. */
export function flagsFor(to: SummaryStatus): {
  added_to_emr: boolean;
  requires_followup: boolean;
  success_evaluation: boolean;
} {
  switch (to) {
    case 'added_to_emr':
      return { added_to_emr: true, requires_followup: false, success_evaluation: true };
    case 'requires_followup':
      return { added_to_emr: false, requires_followup: true, success_evaluation: false };
    case 'successful':
      return { added_to_emr: false, requires_followup: false, success_evaluation: true };
  }
}

export const SUMMARIES_PAGE_SIZE = 50;

/** "All" plus the 13 most recent months (product-rules.md "Screens"), newest first: YYYY-MM. */
export function summaryMonths(currentMonth: string): string[] {
  const [y, m] = currentMonth.split('-').map(Number) as [number, number];
  return Array.from({ length: 13 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
