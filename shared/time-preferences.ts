/**
 * Outreach time preferences (product-rules.md "Scheduling"): one mapping everywhere, the call is placed
 * at the start hour, local to the provider organization's IANA time zone. Pure, Intl only.
 */
export const TIME_PREFERENCES = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type TimePreference = (typeof TIME_PREFERENCES)[number];

export const DEFAULT_TIME_PREFERENCE: TimePreference = 'morning';

/** Local start hour of each preference (24-hour clock). */
export const TIME_PREFERENCE_START_HOUR: Record<TimePreference, number> = {
  morning: 9,
  midday: 12,
  afternoon: 15,
  evening: 18,
};

export const TIME_PREFERENCE_LABELS: Record<TimePreference, string> = {
  morning: 'Morning (9 AM - 12 PM)',
  midday: 'Midday (12 PM - 3 PM)',
  afternoon: 'Afternoon (3 PM - 6 PM)',
  evening: 'Evening (6 PM - 9 PM)',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(timeZone: string, at: Date): WallClock {
  const parts = formatter(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(timeZone: string, epochMs: number): number {
  const w = wallClock(timeZone, new Date(epochMs));
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Today's calendar date (YYYY-MM-DD) in the time zone. */
export function todayIn(timeZone: string, now: Date): string {
  const w = wallClock(timeZone, now);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The date a number of months after `date` (YYYY-MM-DD), clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** The date a number of days after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Default first outreach date of the wizard: one month after today in the organization's zone. */
export function defaultFirstOutreachDate(timeZone: string, now: Date): string {
  return addMonths(todayIn(timeZone, now), 1);
}

/**
 * The UTC instant of a local wall-clock time (date at hour:00) in an IANA zone. An hour skipped
 * by a daylight-saving jump resolves to the same wall time after the jump; an hour that occurs
 * twice resolves to its first occurrence.
 */
export function zonedTimeToUtc(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  const first = wall - offsetAt(timeZone, wall);
  const firstOffset = offsetAt(timeZone, first);
  if (wall - firstOffset === first) return new Date(first);
  const second = wall - firstOffset;
  if (offsetAt(timeZone, second) === firstOffset) return new Date(second);
  // The wall time does not exist (spring forward): keep the later reading.
  return new Date(Math.max(first, second));
}

/** When the first outreach call is placed: the preference's start hour on that date, as UTC ISO. */
export function outreachScheduledAt(firstOutreachDate: string, preference: TimePreference, timeZone: string): string {
  return zonedTimeToUtc(firstOutreachDate, TIME_PREFERENCE_START_HOUR[preference], timeZone).toISOString();
}

/** The calendar month (YYYY-MM) of an instant in the time zone: counters and "this month" use it. */
export function monthIn(timeZone: string, at: Date): string {
  return todayIn(timeZone, at).slice(0, 7);
}

/**
 * The calendar months it is at an instant somewhere on Earth, from UTC−12 to UTC+14: one, or two in
 * the hours when one zone has begun the next month and another has not. A read keyed by the month
 * of a zone not yet known (an organization's, before it is read) can ask for these beside it, and
 * keep the zone's own (`monthIn`), which is always one of them.
 */
export function monthsNowAnywhere(at: Date): string[] {
  const hours = 60 * 60 * 1000;
  const months = [-12 * hours, 14 * hours].map((offset) => new Date(at.getTime() + offset).toISOString().slice(0, 7));
  return [...new Set(months)];
}

/** The local hour (0–23) of an instant in the time zone. */
export function hourIn(timeZone: string, at: Date): number {
  return wallClock(timeZone, at).hour;
}
