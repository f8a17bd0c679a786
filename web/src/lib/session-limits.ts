/**
 * DECISIONS "Sessions": a staff session ends after 15 minutes without activity, with a warning a
 * minute before, and after 12 hours at most (the refresh token's life in the user pool, too). The
 * times are kept in the tab (session-times.ts).
 */
export const IDLE_LIMIT_MS = 15 * 60_000;
export const IDLE_WARNING_MS = 60_000;
export const SESSION_LIMIT_MS = 12 * 60 * 60_000;

/** Why a session ended on its own: the sign-in page says it (`/login?ended=idle|limit`). */
export type SessionEnd = 'idle' | 'limit';

export type SessionClock = 'active' | 'warning' | SessionEnd;

/** Where a session stands at `now`, from when it started and when its user was last active. */
export function sessionClockOf(now: number, startedAt: number, activeAt: number): SessionClock {
  if (now - startedAt >= SESSION_LIMIT_MS) return 'limit';
  const idle = now - activeAt;
  if (idle >= IDLE_LIMIT_MS) return 'idle';
  return idle >= IDLE_LIMIT_MS - IDLE_WARNING_MS ? 'warning' : 'active';
}
