import { describe, expect, it } from 'vitest';
import { checkInLinesFull, clockTime, inUsePercent, linesIdle, waitedFor } from './call-lines-card.utils';

const at = Date.parse('2026-11-27T14:00:00.000Z');
const lines = (budget: number, inUse: number, waiting: number) => ({
  budget,
  reserved_for_people: 0,
  in_use: inUse,
  held_by_alerts: 0,
  waiting,
  oldest_waiting_since: null,
});

describe('waitedFor', () => {
  it('says a wait in whole minutes, never longer than it is', () => {
    expect(waitedFor('2026-11-27T14:00:00.000Z', at + 59_999)).toBe('waiting less than a minute');
    expect(waitedFor('2026-11-27T14:00:00.000Z', at + 60_000)).toBe('waiting 1 minute');
    expect(waitedFor('2026-11-27T14:00:00.000Z', at + 4 * 60_000 + 59_000)).toBe('waiting 4 minutes');
  });

  it('says hours past the hour, with the minutes left', () => {
    expect(waitedFor('2026-11-27T14:00:00.000Z', at + 60 * 60_000)).toBe('waiting 1 hour');
    expect(waitedFor('2026-11-27T14:00:00.000Z', at + 125 * 60_000)).toBe('waiting 2 hours 5 minutes');
  });

  it('reads a wait that starts after the answer (clocks apart) as under a minute', () => {
    expect(waitedFor('2026-11-27T14:00:05.000Z', at)).toBe('waiting less than a minute');
  });
});

describe('checkInLinesFull', () => {
  it('is full when check-ins have every line outside the reserve and calls wait', () => {
    // A budget of 10 holds 1 back: check-ins may use 9.
    expect(checkInLinesFull(lines(10, 9, 1))).toBe(true);
    expect(checkInLinesFull(lines(10, 10, 4))).toBe(true);
  });

  it('is not full with a line free for check-ins, or with nothing waiting', () => {
    expect(checkInLinesFull(lines(10, 8, 5))).toBe(false);
    expect(checkInLinesFull(lines(10, 10, 0))).toBe(false);
  });

  it('counts every line for a budget of one (nothing is held back)', () => {
    expect(checkInLinesFull(lines(1, 0, 1))).toBe(false);
    expect(checkInLinesFull(lines(1, 1, 1))).toBe(true);
  });
});

describe('the bar and the idle state', () => {
  it('is the share of the budget in use, at most all of it, and empty for a budget of none', () => {
    expect(inUsePercent(lines(10, 7, 0))).toBe(70);
    expect(inUsePercent(lines(3, 1, 0))).toBe(33);
    expect(inUsePercent(lines(10, 12, 0))).toBe(100);
    expect(inUsePercent(lines(0, 0, 0))).toBe(0);
  });

  it('is idle only with no line in use and no call waiting', () => {
    expect(linesIdle(lines(10, 0, 0))).toBe(true);
    expect(linesIdle(lines(10, 0, 1))).toBe(false);
    expect(linesIdle(lines(10, 1, 0))).toBe(false);
  });
});

describe('clockTime', () => {
  it("writes the time of day in the operator's zone", () => {
    expect(clockTime('2026-11-27T14:00:00.000Z', 'America/New_York')).toBe('9:00 AM EST');
    expect(clockTime('2026-11-27T14:00:00.000Z', 'UTC')).toBe('2:00 PM UTC');
  });
});
