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
