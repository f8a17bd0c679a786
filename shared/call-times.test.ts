import { describe, expect, it } from 'vitest';
import { nextCallWindowTime, nextCheckIn, scheduleOptionTime } from './call-times';

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
