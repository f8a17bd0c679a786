import { describe, expect, it } from 'vitest';
import { IDLE_LIMIT_MS, IDLE_WARNING_MS, SESSION_LIMIT_MS, sessionClockOf } from './session-limits';
import { readSessionTimes, recordActivity, startSession } from './session-times';

const T0 = Date.parse('2026-03-01T08:00:00Z');

describe('sessionClockOf', () => {
  it('warns a minute before 15 idle minutes end the session', () => {
    expect(sessionClockOf(T0 + IDLE_LIMIT_MS - IDLE_WARNING_MS - 1, T0, T0)).toBe('active');
    expect(sessionClockOf(T0 + IDLE_LIMIT_MS - IDLE_WARNING_MS, T0, T0)).toBe('warning');
    expect(sessionClockOf(T0 + IDLE_LIMIT_MS - 1, T0, T0)).toBe('warning');
    expect(sessionClockOf(T0 + IDLE_LIMIT_MS, T0, T0)).toBe('idle');
  });

  it('ends a session after 12 hours, however active', () => {
    const now = T0 + SESSION_LIMIT_MS;
    expect(sessionClockOf(now - 1, T0, now - 1000)).toBe('active');
    expect(sessionClockOf(now, T0, now - 1000)).toBe('limit');
  });
});

describe('session times', () => {
  it('keeps the start across reads, moves the activity, and starts a session found without them', () => {
    const storage = window.sessionStorage;
    storage.clear();
    expect(readSessionTimes(storage, T0)).toEqual({ startedAt: T0, activeAt: T0 });
    recordActivity(storage, T0 + 5000);
    expect(readSessionTimes(storage, T0 + 9000)).toEqual({ startedAt: T0, activeAt: T0 + 5000 });
    startSession(storage, T0 + 10_000);
    expect(readSessionTimes(storage, T0 + 11_000)).toEqual({ startedAt: T0 + 10_000, activeAt: T0 + 10_000 });
  });
});
