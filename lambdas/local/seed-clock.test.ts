import { describe, expect, it } from 'vitest';
import { SeedClock } from './seed-clock';

const START = new Date('2026-11-24T02:15:00.000Z');

describe('SeedClock', () => {
  it('tells the start time until the seed moves it', () => {
    const clock = new SeedClock(START);

    expect(clock.now().toISOString()).toBe('2026-11-24T02:15:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-24T02:15:00.000Z');
  });

  it('tells the time it was set to, in the past, from a date or an ISO string', () => {
    const clock = new SeedClock(START);

    clock.set(clock.daysAgo(150));
    expect(clock.now().toISOString()).toBe('2026-06-27T02:15:00.000Z');
    clock.set('2026-10-01T16:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-10-01T16:00:00.000Z');
    clock.set(START);
    expect(clock.now().toISOString()).toBe('2026-11-24T02:15:00.000Z');
  });

  it('counts days back from the start, whatever time it was set to', () => {
    const clock = new SeedClock(START);
    clock.set('2026-01-01T00:00:00.000Z');

    expect(clock.daysAgo(1).toISOString()).toBe('2026-11-23T02:15:00.000Z');
    expect(clock.daysAgo(0.5).toISOString()).toBe('2026-11-23T14:15:00.000Z');
  });

  it('refuses a time after its start or no time at all, and keeps the one it had', () => {
    const clock = new SeedClock(START);
    clock.set('2026-11-01T12:00:00.000Z');

    expect(() => clock.set('2026-11-24T02:15:00.001Z')).toThrow('cannot be set after its start');
    expect(() => clock.set('yesterday')).toThrow('cannot be set to yesterday');
    expect(clock.now().toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });

  it('hands out copies: changing a date it returned does not move it', () => {
    const clock = new SeedClock(START);

    clock.now().setUTCFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-11-24T02:15:00.000Z');
  });
});
