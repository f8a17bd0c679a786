import { describe, expect, it } from 'vitest';
import {
  callWindowEnd,
  isInsideDueWindow,
  nextCallWindowTime,
  nextCheckIn,
  sameWindowNextDay,
  scheduleOptionTime,
} from './call-times';

const NY = 'America/New_York';

describe('scheduleOptionTime', () => {
  const now = new Date('2026-11-23T15:04:05.000Z'); // 10:04:05 in New York
  it('adds 10 minutes, 1 week, or the same local time next month', () => {
    expect(scheduleOptionTime('10_minutes', now, NY).toISOString()).toBe('2026-11-23T15:14:05.000Z');
    expect(scheduleOptionTime('1_week', now, NY).toISOString()).toBe('2026-11-30T15:04:05.000Z');
    expect(scheduleOptionTime('1_month', now, NY).toISOString()).toBe('2026-12-23T15:04:05.000Z');
  });
  it('keeps the local wall time across a daylight-saving change', () => {
    const october = new Date('2026-10-20T14:30:00.000Z'); // 10:30 EDT
    expect(scheduleOptionTime('1_month', october, NY).toISOString()).toBe('2026-11-20T15:30:00.000Z'); // 10:30 EST
  });
});

describe('nextCallWindowTime (8:00–21:00 local)', () => {
  it('keeps a time inside the window', () => {
    const at = new Date('2026-11-23T13:00:00.000Z'); // 8:00 NY
    expect(nextCallWindowTime(at, NY)).toEqual(at);
    const late = new Date('2026-11-24T01:59:00.000Z'); // 20:59 NY
    expect(nextCallWindowTime(late, NY)).toEqual(late);
  });
  it('moves an evening time to the next morning at 8:00', () => {
    expect(nextCallWindowTime(new Date('2026-11-24T02:00:00.000Z'), NY).toISOString()).toBe('2026-11-24T13:00:00.000Z'); // 21:00 → 8:00 next day
  });
  it('moves an early-morning time to 8:00 the same day', () => {
    expect(nextCallWindowTime(new Date('2026-11-23T10:00:00.000Z'), NY).toISOString()).toBe('2026-11-23T13:00:00.000Z'); // 5:00 → 8:00
  });
  it('works in other zones', () => {
    expect(nextCallWindowTime(new Date('2026-11-23T06:00:00.000Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    ); // 22:00 PST → 8:00 PST
  });
});

describe('nextCheckIn', () => {
  const base = { cycleDate: '2026-11-23', preference: 'afternoon' as const, timeZone: NY };
  it('retries an unanswered check-in the next day at the same hour, same cycle', () => {
    const next = nextCheckIn({ ...base, step: 'retry', previousAt: new Date('2026-11-23T20:00:00.000Z') });
    expect(next).toEqual({ at: new Date('2026-11-24T20:00:00.000Z'), cycleDate: '2026-11-23' });
  });
  it('moves to next month at the preferred hour', () => {
    const next = nextCheckIn({ ...base, step: 'next_cycle', previousAt: new Date('2026-11-25T20:00:00.000Z') });
    expect(next).toEqual({ at: new Date('2026-12-23T20:00:00.000Z'), cycleDate: '2026-12-23' });
  });
  it('clamps the 31st to the end of a short month', () => {
    const next = nextCheckIn({ ...base, cycleDate: '2027-01-31', step: 'next_cycle', previousAt: new Date() });
    expect(next.cycleDate).toBe('2027-02-28');
  });
});

describe('a due call waiting for a line: its window', () => {
  // 2026-11-23, New York (EST, UTC-5): a morning check-in is due at 9:00 = 14:00Z.
  const dueMorning = new Date('2026-11-23T14:00:00.000Z');

  it("ends with the time preference's three hours in the organization's time zone", () => {
    expect(callWindowEnd(dueMorning, 'morning', NY).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(isInsideDueWindow(new Date('2026-11-23T16:59:59.000Z'), dueMorning, 'morning', NY)).toBe(true);
    expect(isInsideDueWindow(new Date('2026-11-23T17:00:00.000Z'), dueMorning, 'morning', NY)).toBe(false);
  });

  it('ends three hours after a call due outside its preference, or without one', () => {
    const retry = new Date('2026-11-23T15:30:00.000Z'); // 10:30: a retry's hour
    expect(callWindowEnd(retry, null, NY).toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(callWindowEnd(new Date('2026-11-23T20:30:00.000Z'), 'morning', NY).toISOString()).toBe(
      '2026-11-23T23:30:00.000Z',
    );
  });

  it('never runs past the calling hours (21:00 local)', () => {
    const evening = new Date('2026-11-23T23:00:00.000Z'); // 18:00 EST
    expect(callWindowEnd(evening, 'evening', NY).toISOString()).toBe('2026-11-24T02:00:00.000Z');
    const late = new Date('2026-11-24T00:30:00.000Z'); // 19:30, no preference: 22:30 cut to 21:00
    expect(callWindowEnd(late, null, NY).toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(isInsideDueWindow(new Date('2026-11-24T02:00:00.000Z'), late, null, NY)).toBe(false);
  });

  it('keeps the local hours across a daylight-saving change (New York falls back on 2026-11-01)', () => {
    // Saturday 2026-10-31 morning is EDT (UTC-4): 9:00 = 13:00Z, the window closes at 12:00 = 16:00Z.
    const saturday = new Date('2026-10-31T13:00:00.000Z');
    expect(callWindowEnd(saturday, 'morning', NY).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    // The next day is EST (UTC-5): the same window opens at 9:00 = 14:00Z.
    expect(sameWindowNextDay(new Date('2026-10-31T16:05:00.000Z'), saturday, 'morning', NY).toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
    // Spring forward (2026-03-08): 9:00 EST on the 7th is 14:00Z, 9:00 EDT on the 8th is 13:00Z.
    const march = new Date('2026-03-07T14:00:00.000Z');
    expect(sameWindowNextDay(new Date('2026-03-07T17:10:00.000Z'), march, 'morning', NY).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it("moves to the next day's same window, by the day of the time zone, not of UTC", () => {
    // Los Angeles, evening check-in at 18:00 PST = 02:00Z the next UTC day.
    const LA = 'America/Los_Angeles';
    const due = new Date('2026-11-24T02:00:00.000Z');
    const closed = new Date('2026-11-24T05:00:00.000Z'); // 21:00 PST, the 23rd
    expect(isInsideDueWindow(closed, due, 'evening', LA)).toBe(false);
    expect(sameWindowNextDay(closed, due, 'evening', LA).toISOString()).toBe('2026-11-25T02:00:00.000Z');
    // A call due at 10:30 without a preference moves to 10:30 the next day.
    const booked = new Date('2026-11-23T18:30:00.000Z'); // 10:30 PST
    expect(sameWindowNextDay(new Date('2026-11-23T21:31:00.000Z'), booked, null, LA).toISOString()).toBe(
      '2026-11-24T18:30:00.000Z',
    );
  });
});
