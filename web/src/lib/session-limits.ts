/**
 * DECISIONS "Sessions": a staff session ends after 15 minutes without activity, with a warning a
 * minute before, and after 12 hours at most (the refresh token's life in the user pool, too). The
 * times are kept in the tab's sessionStorage beside the tokens, so a reload neither extends nor
 * ends a session.
 */
export const IDLE_LIMIT_MS = 15 * 60_000;
export const IDLE_WARNING_MS = 60_000;
export const SESSION_LIMIT_MS = 12 * 60 * 60_000;

export const SESSION_ENDED = {
  idle: 'You were signed out after 15 minutes without activity. Sign in again to continue.',
  limit: 'Your session reached its 12-hour limit. Sign in again to continue.',
} as const;
export type SessionEnd = keyof typeof SESSION_ENDED;

const STARTED_AT = 'careloop.session.startedAt';
const ACTIVE_AT = 'careloop.session.activeAt';

export type SessionClock = 'active' | 'warning' | SessionEnd;

/** Where a session stands at `now`, from when it started and when its user was last active. */
export function sessionClockOf(now: number, startedAt: number, activeAt: number): SessionClock {
  if (now - startedAt >= SESSION_LIMIT_MS) return 'limit';
  const idle = now - activeAt;
  if (idle >= IDLE_LIMIT_MS) return 'idle';
  return idle >= IDLE_LIMIT_MS - IDLE_WARNING_MS ? 'warning' : 'active';
}

const readTime = (storage: Storage, key: string): number | null => {
  const value = Number(storage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The session's start and last activity; a session without them (signed in before) starts now. */
export function readSessionTimes(storage: Storage, now: number): { startedAt: number; activeAt: number } {
  const startedAt = readTime(storage, STARTED_AT) ?? now;
  const activeAt = readTime(storage, ACTIVE_AT) ?? now;
  storage.setItem(STARTED_AT, String(startedAt));
  storage.setItem(ACTIVE_AT, String(activeAt));
  return { startedAt, activeAt };
}

/** A sign-in starts a new session. */
export function startSession(storage: Storage, now: number): void {
  storage.setItem(STARTED_AT, String(now));
  storage.setItem(ACTIVE_AT, String(now));
}

export function recordActivity(storage: Storage, now: number): void {
  storage.setItem(ACTIVE_AT, String(now));
}

export function endSessionTimes(storage: Storage): void {
  storage.removeItem(STARTED_AT);
  storage.removeItem(ACTIVE_AT);
}
