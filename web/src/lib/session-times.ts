/**
 * When the tab's staff session started and when its user was last active (session-limits.ts), kept
 * in the tab's sessionStorage beside the tokens: a reload neither extends nor ends a session. A
 * module of its own, small, because the sign-in and sign-out in the first load write it.
 */
const STARTED_AT = 'careloop.session.startedAt';
const ACTIVE_AT = 'careloop.session.activeAt';

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
