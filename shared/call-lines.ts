/**
 * Capacity planning of call lines (DECISIONS "Outreach capacity", docs/capacity-planning.md): how
 * many of the deployment's concurrent call slots the next 30 days of scheduled calls need at their
 * peak, and on which day of a patient's window a new monthly check-in is placed. Pure.
 */
import type * as z from 'zod/mini';
import type { callLinesForecastAnswer, callLinesForecastRecord } from './api/answers';
import { addDays } from './time-preferences';

export const FORECAST_DAYS = 30;
const HOUR_MS = 3_600_000;

/**
 * How long a call holds a slot, by how it ends, with the share of calls ending that way: the voice
 * simulator's mix (the customer number's last digit: 0 no answer, 1 busy, 2 a pipeline failure,
 * 3–9 answered) and the lengths (no answer rings 30 s, an answered check-in lasts 4–8 min).
 * A busy line and a failed pipeline end within seconds: 10 s each.
 */
export const CALL_LENGTH_MIX = [
  { ending: 'no_answer', share: 0.1, seconds: 30 },
  { ending: 'busy', share: 0.1, seconds: 10 },
  { ending: 'failed', share: 0.1, seconds: 10 },
  { ending: 'answered', share: 0.7, seconds: 6 * 60 },
] as const;

/** The mean time a call holds a slot, whole seconds rounded up: 257 s with the mix above. */
export const MEAN_CALL_SECONDS = Math.ceil(CALL_LENGTH_MIX.reduce((sum, m) => sum + m.share * m.seconds, 0));

/** A check-in may start any time within its time preference's three hours (DECISIONS "Scheduling"). */
export const CALL_WINDOW_HOURS = 3;

/**
 * Slots kept for people on top of the check-ins' need: staff calls and call links go first
 * (DECISIONS "Outreach capacity"), so the check-ins' slots come after them. DECISIONS gives no
 * figure; one slot in ten, at least one.
 */
export function peopleReserve(checkInSlots: number): number {
  return checkInSlots === 0 ? 0 : Math.max(1, Math.ceil(checkInSlots / 10));
}

/** The UTC start of the hour an instant falls in. */
export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Calls due per UTC hour for `hours` hours from `from`'s hour: due times outside are left out.
 * Index 0 is `from`'s hour.
 */
export function hourlyCounts(dueTimes: Iterable<string>, from: Date, hours: number): number[] {
  const start = hourStart(from).getTime();
  const counts = new Array<number>(hours).fill(0);
  for (const due of dueTimes) {
    const index = Math.floor((Date.parse(due) - start) / HOUR_MS);
    if (index >= 0 && index < hours) counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

/**
 * The check-in slots each hour's calls need, from the calls due per hour. A call due in hour h may
 * start until the end of its window, so the calls due in hours h..j can be spread over
 * (j - h + window) hours: they need `calls × mean length / those hours` slots on average (Little's
 * law), rounded up. Hour h needs the most of that over every j ≥ h; the largest of all hours is
 * the constant number of slots that places every call within its window (with calls spread evenly).
 */
export function slotsNeededByHour(
  counts: readonly number[],
  meanSeconds = MEAN_CALL_SECONDS,
  windowHours = CALL_WINDOW_HOURS,
): number[] {
  return counts.map((_, h) => {
    let calls = 0;
    let most = 0;
    for (let j = h; j < counts.length; j++) {
      calls += counts[j] ?? 0;
      most = Math.max(most, Math.ceil((calls * meanSeconds) / ((j - h + windowHours) * 3600)));
    }
    return most;
  });
}

/** One hour of the forecast: its UTC start, the calls due in it, the slots it needs (people's reserve included). */
export interface ForecastHour {
  hour: string;
  calls: number;
  slots_needed: number;
}

export interface CallLinesForecastFigures {
  /** Scheduled calls due in the 30 days. */
  total_calls: number;
  /** The hour needing the most slots (ties: the one with more calls, then the earliest); null with no calls. */
  peak: ForecastHour | null;
  /** Each UTC day's busiest hour, the 30 days from today; a day without calls has its first hour with none. */
  days: (ForecastHour & { date: string })[];
}

/** The forecast covers 30 whole UTC days from today's midnight (UTC). */
export const FORECAST_HOURS = FORECAST_DAYS * 24;
export function forecastStart(now: Date): Date {
  return new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
}

/**
 * The forecast from the calls due per hour of the 30 days from `from` (forecastStart): each hour's
 * slots needed (check-ins, then the people's reserve), the busiest hour of each day and of all.
 */
export function forecastFromCounts(counts: readonly number[], from: Date): CallLinesForecastFigures {
  const slots = slotsNeededByHour(counts).map((s) => s + peopleReserve(s));
  const hourAt = (index: number): ForecastHour => ({
    hour: new Date(from.getTime() + index * HOUR_MS).toISOString(),
    calls: counts[index] ?? 0,
    slots_needed: slots[index] ?? 0,
  });
  const busiest = (first: number, end: number): number => {
    let best = first;
    for (let i = first + 1; i < end; i++) {
      const [s, b] = [slots[i] ?? 0, slots[best] ?? 0];
      if (s > b || (s === b && (counts[i] ?? 0) > (counts[best] ?? 0))) best = i;
    }
    return best;
  };
  const days = Array.from({ length: Math.ceil(counts.length / 24) }, (_, d) => {
    const peak = hourAt(busiest(d * 24, Math.min(d * 24 + 24, counts.length)));
    return { date: peak.hour.slice(0, 10), ...peak };
  });
  const total = counts.reduce((sum, c) => sum + c, 0);
  return { total_calls: total, peak: total === 0 ? null : hourAt(busiest(0, counts.length)), days };
}

/** The forecast of the 30 days from `now`'s UTC day, from the scheduled calls' due times. */
export function forecastCallLines(dueTimes: Iterable<string>, now: Date): CallLinesForecastFigures {
  const from = forecastStart(now);
  return forecastFromCounts(hourlyCounts(dueTimes, from, FORECAST_HOURS), from);
}

/** How many call lines the budget lacks at the peak (0: enough). */
export function shortBy(slotsNeeded: number, budget: number): number {
  return Math.max(0, slotsNeeded - budget);
}

/** Saturday or Sunday (a date's weekday is the same in every zone). */
const isWeekend = (date: string): boolean => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** Days of a patient's check-in window: the first outreach date and the following weekdays. */
export const CHECK_IN_WINDOW_DAYS = 5;

/** The days (YYYY-MM-DD) of a new patient's check-in window: the first outreach date, then the next 4 weekdays. */
export function checkInWindow(firstOutreachDate: string): string[] {
  const days = [firstOutreachDate];
  let day = firstOutreachDate;
  while (days.length < CHECK_IN_WINDOW_DAYS) {
    day = addDays(day, 1);
    if (!isWeekend(day)) days.push(day);
  }
  return days;
}

/** A stable 32-bit hash (FNV-1a) of a string: ties between days go the same way for the same patient. */
export function stableHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The window day a new monthly check-in goes on: the one with the fewest of the organization's
 * check-ins already scheduled at the same time preference; among equals, one chosen by the
 * patient id's hash (so a bulk enrolment fills the days evenly and a retry chooses the same day).
 */
export function chooseCheckInDay(
  window: readonly string[],
  scheduled: ReadonlyMap<string, number>,
  patientId: string,
): string {
  if (window.length === 0) throw new Error('an empty check-in window');
  const load = (day: string) => scheduled.get(day) ?? 0;
  const fewest = Math.min(...window.map(load));
  const tied = window.filter((day) => load(day) === fewest);
  return tied[stableHash(patientId) % tied.length] as string;
}

/** `callLinesForecast` */
export type CallLinesForecastAnswer = z.output<typeof callLinesForecastAnswer>;
export type CallLinesForecast = z.output<typeof callLinesForecastRecord>;
