import { STAFF_THRESHOLDS, nextThreshold } from '../../../../../shared/ccm/billing';
import { CARE_TIME_MESSAGES, type TimeEntry } from '../../../../../shared/care-time';

/** '2026-03' as 'March 2026'. */
export const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The check marks staff expect: each clinical staff threshold of the month, met or not. */
export function thresholdMarks(staffMinutes: number): { threshold: number; met: boolean }[] {
  return STAFF_THRESHOLDS.map((threshold) => ({ threshold, met: staffMinutes >= threshold }));
}

/** 'Next: 40 minutes (16 to go)', or that every threshold is met. */
export function nextThresholdText(staffMinutes: number): string {
  const next = nextThreshold(staffMinutes);
  if (next === null) return `All thresholds met (${STAFF_THRESHOLDS.at(-1)} minutes)`;
  const left = next - staffMinutes;
  return `Next: ${next} minutes (${left} ${left === 1 ? 'minute' : 'minutes'} to go)`;
}

export interface LogLine {
  entry: TimeEntry;
  /** The correction that voided it, once it is among the lines loaded. */
  correction: TimeEntry | null;
}

/**
 * The log as staff read it: each entry once, struck through with its reason when a correction
 * voided it. Corrections are not lines of their own; one whose entry is not loaded yet waits.
 */
export function logLines(items: readonly TimeEntry[]): LogLine[] {
  const corrections = new Map(items.filter((e) => e.voids).map((e) => [e.voids?.id ?? '', e]));
  return items.filter((e) => !e.voids).map((entry) => ({ entry, correction: corrections.get(entry.id) ?? null }));
}

/** The activity typed under 'Other', or the one picked. */
export const OTHER_ACTIVITY = 'Other';

/** Client-side check of the minutes field, with the server's words. */
export function minutesError(value: number | string): string | null {
  const n = typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 1440 ? null : CARE_TIME_MESSAGES.minutesInvalid;
}
