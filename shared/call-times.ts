/**
 * When calls happen (product-rules.md "Calls", "Scheduling"), in the organization's time zone:
 * the schedule options, the 8:00–21:00 calling window, and the next monthly check-in. Pure.
 */
import { CALL_WINDOW, type ScheduleOption } from './values/calls';
import {
  TIME_PREFERENCE_START_HOUR,
  type TimePreference,
  addDays,
  addMonths,
  hourIn,
  todayIn,
  zonedTimeToUtc,
} from './time-preferences';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The same local wall-clock time a number of months later (clamped to the month's last day). */
function sameLocalTimeMonthsLater(at: Date, months: number, timeZone: string): Date {
  const date = addMonths(todayIn(timeZone, at), months);
  const startOfHour = zonedTimeToUtc(todayIn(timeZone, at), hourIn(timeZone, at), timeZone);
  const withinHour = at.getTime() - startOfHour.getTime();
  return new Date(zonedTimeToUtc(date, hourIn(timeZone, at), timeZone).getTime() + withinHour);
}

/** When a Schedule Call option falls, before the calling window is applied. */
export function scheduleOptionTime(option: ScheduleOption, now: Date, timeZone: string): Date {
  switch (option) {
    case '10_minutes':
      return new Date(now.getTime() + 10 * MINUTE);
    case '1_week':
      return new Date(now.getTime() + 7 * DAY);
    case '1_month':
      return sameLocalTimeMonthsLater(now, 1, timeZone);
  }
}

/** Whether `at` is inside 8:00–21:00 local time. */
export function isWithinCallWindow(at: Date, timeZone: string): boolean {
  const hour = hourIn(timeZone, at);
  return hour >= CALL_WINDOW.startHour && hour < CALL_WINDOW.endHour;
}

/** `at` if it is inside 8:00–21:00 local time, else the next 8:00. */
export function nextCallWindowTime(at: Date, timeZone: string): Date {
  const hour = hourIn(timeZone, at);
  if (isWithinCallWindow(at, timeZone)) return at;
  const today = todayIn(timeZone, at);
  const day = hour < CALL_WINDOW.startHour ? today : addDays(today, 1);
  return zonedTimeToUtc(day, CALL_WINDOW.startHour, timeZone);
}

export interface NextCheckInInput {
  /** `retry`: an unanswered check-in, again the next day at the same hour; `next_cycle`: next month. */
  step: 'retry' | 'next_cycle';
  /** When the previous check-in was due. */
  previousAt: Date;
  /** The local date (YYYY-MM-DD) the current monthly cycle was due. */
  cycleDate: string;
  preference: TimePreference;
  timeZone: string;
}

/** The next check-in of a monthly cadence: its time and the cycle it belongs to. */
export function nextCheckIn(input: NextCheckInInput): { at: Date; cycleDate: string } {
  if (input.step === 'retry') {
    const at = nextCallWindowTime(new Date(input.previousAt.getTime() + DAY), input.timeZone);
    return { at, cycleDate: input.cycleDate };
  }
  const cycleDate = addMonths(input.cycleDate, 1);
  const at = zonedTimeToUtc(cycleDate, TIME_PREFERENCE_START_HOUR[input.preference], input.timeZone);
  return { at: nextCallWindowTime(at, input.timeZone), cycleDate };
}

/** How long a due call may wait for a free line: its time preference's three hours. */
const WINDOW_MS = 3 * 60 * MINUTE;

/** The preference's window on `date` (local), as UTC instants. */
function preferenceWindow(date: string, preference: TimePreference, timeZone: string): { start: Date; end: Date } {
  const hour = TIME_PREFERENCE_START_HOUR[preference];
  return { start: zonedTimeToUtc(date, hour, timeZone), end: zonedTimeToUtc(date, hour + 3, timeZone) };
}

/** Whether a call due at `dueAt` was due inside its preference's window (a retry or a booked hour may not be). */
function dueInPreference(
  dueAt: Date,
  preference: TimePreference | null,
  timeZone: string,
): preference is TimePreference {
  if (!preference) return false;
  const { start, end } = preferenceWindow(todayIn(timeZone, dueAt), preference, timeZone);
  return dueAt >= start && dueAt < end;
}

/**
 * When a due call's window closes (DECISIONS "Outreach capacity"): the end of its time preference's
 * three hours when it was due inside them, else three hours after it was due; never after the
 * calling hours end that day (21:00 local).
 */
export function callWindowEnd(dueAt: Date, preference: TimePreference | null, timeZone: string): Date {
  const day = todayIn(timeZone, dueAt);
  const end = dueInPreference(dueAt, preference, timeZone)
    ? preferenceWindow(day, preference, timeZone).end
    : new Date(dueAt.getTime() + WINDOW_MS);
  const hoursEnd = zonedTimeToUtc(day, CALL_WINDOW.endHour, timeZone);
  return end < hoursEnd ? end : hoursEnd;
}

/** Whether a call due at `dueAt` may still start at `now`: inside its window and the calling hours. */
export function isInsideDueWindow(
  now: Date,
  dueAt: Date,
  preference: TimePreference | null,
  timeZone: string,
): boolean {
  return isWithinCallWindow(now, timeZone) && now < callWindowEnd(dueAt, preference, timeZone);
}

/**
 * The same window the next day, for a call that could not start inside today's: the preference's
 * start hour, or the local time it was due, on the day after `now` (local), inside the calling hours.
 */
export function sameWindowNextDay(now: Date, dueAt: Date, preference: TimePreference | null, timeZone: string): Date {
  const next = addDays(todayIn(timeZone, now), 1);
  if (dueInPreference(dueAt, preference, timeZone)) {
    return nextCallWindowTime(preferenceWindow(next, preference, timeZone).start, timeZone);
  }
  const hourStart = zonedTimeToUtc(todayIn(timeZone, dueAt), hourIn(timeZone, dueAt), timeZone);
  const withinHour = dueAt.getTime() - hourStart.getTime();
  return nextCallWindowTime(
    new Date(zonedTimeToUtc(next, hourIn(timeZone, dueAt), timeZone).getTime() + withinHour),
    timeZone,
  );
}
