/**
 * Billing months (product-rules.md "Care management (CCM)"): calendar months in the organization's IANA
 * time zone, written YYYY-MM. A time entry belongs to the month its instant falls in there, so a
 * call at 23:30 on the 31st in New York counts toward that month although it is already the 1st in
 * UTC. Pure, Intl only.
 */
import { monthIn, zonedTimeToUtc } from '../time-preferences';

/** 'YYYY-MM'. */
export type BillingMonth = string;

// Years from 1000: Date.UTC reads years 0–99 as 1900–1999.
const BILLING_MONTH = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

const MONTH_FORMAT = 'A billing month is written YYYY-MM';

export function isBillingMonth(value: unknown): value is BillingMonth {
  return typeof value === 'string' && BILLING_MONTH.test(value);
}

function parts(month: BillingMonth): [year: number, month: number] {
  const match = BILLING_MONTH.exec(month);
  if (!match) throw new RangeError(MONTH_FORMAT);
  return [Number(match[1]), Number(match[2])];
}

/** The month `delta` months after (or, negative, before) `month`. */
export function shiftMonth(month: BillingMonth, delta: number): BillingMonth {
  if (!Number.isSafeInteger(delta)) throw new RangeError('A month shift is a whole number');
  const [year, monthNumber] = parts(month);
  const index = year * 12 + (monthNumber - 1) + delta;
  const shifted = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  if (!isBillingMonth(shifted)) throw new RangeError('The month is out of range');
  return shifted;
}

/** The billing month an instant (an ISO 8601 string) falls in, in the time zone. */
export function monthOf(instantIso: string, timeZone: string): BillingMonth {
  const at = new Date(instantIso);
  if (Number.isNaN(at.getTime())) throw new RangeError('An instant is an ISO 8601 date and time');
  return monthIn(timeZone, at);
}

/**
 * The month's first instant and the next month's first instant (end exclusive), as ISO strings:
 * local midnight on the 1st, or the first instant of the 1st where midnight is skipped. A month
 * with a daylight-saving change is an hour shorter or longer than its days.
 */
export function monthBounds(month: BillingMonth, timeZone: string): { start: string; end: string } {
  const next = shiftMonth(month, 1);
  const firstInstant = (m: BillingMonth) => zonedTimeToUtc(`${m}-01`, 0, timeZone).toISOString();
  return { start: firstInstant(month), end: firstInstant(next) };
}

/** `n` months ending with `month`, newest first: previousMonths('2026-01', 3) → 2026-01, 2025-12, 2025-11. */
export function previousMonths(month: BillingMonth, n: number): BillingMonth[] {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('The number of months is a whole number of 0 or more');
  if (!isBillingMonth(month)) throw new RangeError(MONTH_FORMAT);
  return Array.from({ length: n }, (_, i) => shiftMonth(month, -i));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an instant falls in a month after `month` in the zone (`monthIn(zone, at) > month`), by
 * the one instant the next month starts at wherever the instant is more than a day from it, and by
 * the zone's calendar only near it: a whole-month export asks this of every patient (2,000 calls of
 * the zone's date formatter, about 20 ms, for a 2,000-patient practice).
 */
export function afterMonthIn(timeZone: string, month: BillingMonth): (instantIso: string) => boolean {
  const next = Date.parse(monthBounds(month, timeZone).end);
  return (instantIso) => {
    const at = Date.parse(instantIso);
    if (Math.abs(at - next) > DAY_MS) return at > next;
    return monthIn(timeZone, new Date(at)) > month;
  };
}
