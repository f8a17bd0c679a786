import { describe, expect, it } from 'vitest';
import {
  elapsedMs,
  formatElapsed,
  minutesToLog,
  pauseTimer,
  readTimer,
  resumeTimer,
  spokenElapsed,
  startTimer,
  timerStorageKey,
  writeTimer,
} from './timer.utils';

const T0 = 1_800_000_000_000;

describe('the CCM timer', () => {
  it('counts from timestamps across pauses, never from ticks', () => {
    const started = startTimer('pat-1', T0);
    const paused = pauseTimer(started, T0 + 90_000);
    const resumed = resumeTimer(paused, T0 + 600_000);

    expect(elapsedMs(paused, T0 + 500_000)).toBe(90_000);
    expect(elapsedMs(resumed, T0 + 630_000)).toBe(120_000);
    expect(resumeTimer(resumed, T0 + 700_000)).toBe(resumed);
  });

  it.each([
    [29_999, 'discard'],
    [30_000, 1],
    [89_000, 1],
    [90_000, 2],
    [20 * 60_000 + 29_000, 20],
  ] as const)('logs %i ms as %s', (ms, expected) => expect(minutesToLog(ms)).toBe(expected));

  it('shows mm:ss, h:mm:ss from an hour, and speaks whole minutes only', () => {
    expect([formatElapsed(65_000), formatElapsed(3_725_000)]).toEqual(['01:05', '1:02:05']);
    expect([spokenElapsed(59_000), spokenElapsed(60_000), spokenElapsed(150_000)]).toEqual([
      'Timer: 0 minutes elapsed',
      'Timer: 1 minute elapsed',
      'Timer: 2 minutes elapsed',
    ]);
  });

  it('keeps one timer per user in storage and ignores anything that is not one', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    writeTimer(storage, 'u1', startTimer('pat-1', T0));
    expect(readTimer(storage, 'u1')).toEqual({ patientId: 'pat-1', startedAt: T0, accumulatedMs: 0 });
    expect(readTimer(storage, 'u2')).toBeNull();

    for (const junk of ['{', '42', '{"patientId":1}', '{"patientId":"p","startedAt":"x","accumulatedMs":0}']) {
      store.set(timerStorageKey('u1'), junk);
      expect(readTimer(storage, 'u1')).toBeNull();
    }
    writeTimer(storage, 'u1', null);
    expect(store.has(timerStorageKey('u1'))).toBe(false);
  });
});
