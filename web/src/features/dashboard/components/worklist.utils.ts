import type { WorklistAnswer } from '../../../../../shared/dashboard';

const WHEN = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 24, 9:00 AM' in the viewer's time zone; the raw text when it is not a time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date);
}

/** 'and 3 more', or, when only the newest were read, 'and at least 3 more'. */
export function hiddenText(hidden: number, complete: boolean): string {
  return `and ${complete ? '' : 'at least '}${hidden} more`;
}

/** Nothing in any group. */
export function isWorklistEmpty(worklist: WorklistAnswer): boolean {
  return (
    worklist.callback_requests.items.length === 0 &&
    worklist.readings_outside_target.items.length === 0 &&
    worklist.awaiting_consent.items.length === 0 &&
    worklist.interested_in_enrolling.items.length === 0 &&
    worklist.check_ins_due.items.length === 0 &&
    worklist.urgent_summaries.items.length === 0 &&
    worklist.near_threshold.items.length === 0
  );
}
