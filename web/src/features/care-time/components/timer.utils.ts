/**
 * The patient page's CCM timer, as plain data kept in localStorage: it survives a reload because
 * the elapsed time is computed from timestamps, never counted from ticks. One timer per user (one
 * storage key per user), for one patient at a time.
 */

export interface TimerState {
  patientId: string;
  /** When the current run started (epoch ms); null while paused. */
  startedAt: number | null;
  /** Time of the runs before the current one. */
  accumulatedMs: number;
}

export const timerStorageKey = (userId: string) => `careloop.ccm-timer.${userId}`;

export const startTimer = (patientId: string, now: number): TimerState => ({
  patientId,
  startedAt: now,
  accumulatedMs: 0,
});

export const elapsedMs = (state: TimerState, now: number): number =>
  state.accumulatedMs + (state.startedAt === null ? 0 : Math.max(0, now - state.startedAt));

export const pauseTimer = (state: TimerState, now: number): TimerState => ({
  ...state,
  startedAt: null,
  accumulatedMs: elapsedMs(state, now),
});

export const resumeTimer = (state: TimerState, now: number): TimerState =>
  state.startedAt === null ? { ...state, startedAt: now } : state;

/**
 * Whole minutes to log for a stopped timer: rounded to the nearest minute; under a minute, 1 only
 * from 30 seconds on, otherwise nothing worth logging (the user is offered to discard it).
 */
export function minutesToLog(ms: number): number | 'discard' {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 30) return 'discard';
  return Math.max(1, Math.round(seconds / 60));
}

/** `mm:ss`, or `h:mm:ss` from an hour on. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** What the polite live region says: whole minutes only, so it changes once a minute. */
export function spokenElapsed(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `Timer: ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} elapsed`;
}

/** A stored timer, if the stored text is one (anything else, e.g. edited by hand, is ignored). */
export function readTimer(storage: Pick<Storage, 'getItem'>, userId: string): TimerState | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(timerStorageKey(userId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { patientId, startedAt, accumulatedMs } = value as Record<string, unknown>;
  if (typeof patientId !== 'string' || typeof accumulatedMs !== 'number' || accumulatedMs < 0) return null;
  if (startedAt !== null && typeof startedAt !== 'number') return null;
  return { patientId, startedAt, accumulatedMs };
}

export function writeTimer(storage: Pick<Storage, 'setItem' | 'removeItem'>, userId: string, state: TimerState | null) {
  if (state === null) storage.removeItem(timerStorageKey(userId));
  else storage.setItem(timerStorageKey(userId), JSON.stringify(state));
}
