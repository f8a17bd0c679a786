import { ROLES } from '../../../shared/roles';
import type { EarlyIdentity } from '../lib/services';
import { COGNITO_KEY_PREFIX } from './lazy-auth-client';

/*
 * A module of its own, loaded only when Amplify left a session behind (main.tsx, boot.tsx): the
 * first load of the public pages does not carry it, nor what a screen painted before the profile
 * needs (watchSessionRefusals).
 */
export { watchSessionRefusals } from '../lib/session-refusals';

const LAST_AUTH_USER = '.LastAuthUser';

/**
 * A stored ID token's time left under which it is left to Amplify to refresh; Amplify itself
 * refreshes under 5 s, so a request sent with the stored token still finds it valid.
 */
const REFRESH_MARGIN_MS = 60_000;

/**
 * What the ID token Amplify stored says, read before Amplify loads: the token, to send while it is
 * fresh, and the groups and organization, to choose what to paint while `SESSION_ROUTES.me` loads (or while
 * Amplify refreshes an expired token: ID tokens live minutes, sessions hours). The server verifies
 * the token on every request and decides everything; the client only reads it.
 */
export interface StoredIdToken {
  token: string;
  /** Whether it can still be sent: else Amplify refreshes it first (or finds the session over). */
  fresh: boolean;
  /** The app client it was issued to (its `aud`). */
  clientId: string;
  /** Its `cognito:groups`: the role is the highest-privilege one (earlyIdentityOf). */
  groups: string[];
  /** Its `custom:provider_id`. */
  providerId: string | null;
}

/** The stored session's ID token, and whether it is fresh (with Amplify's clock drift); null without one. */
export function readStoredIdToken(storage: Storage = window.sessionStorage, now = Date.now()): StoredIdToken | null {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key?.startsWith(COGNITO_KEY_PREFIX) || !key.endsWith(LAST_AUTH_USER)) continue;
    const userKeys = `${key.slice(0, -LAST_AUTH_USER.length)}.${storage.getItem(key) ?? ''}`;
    const token = storage.getItem(`${userKeys}.idToken`);
    try {
      const payload = token?.split('.')[1];
      if (!token || !payload) continue;
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
      const drift = Number(storage.getItem(`${userKeys}.clockDrift`)) || 0;
      if (typeof claims.exp !== 'number') continue;
      const groups = claims['cognito:groups'];
      const provider = claims['custom:provider_id'];
      return {
        token,
        fresh: now + drift + REFRESH_MARGIN_MS <= claims.exp * 1000,
        clientId: String(claims.aud),
        groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
        providerId: typeof provider === 'string' && provider ? provider : null,
      };
    } catch {
      // Not a token this app can read: Amplify decides.
    }
  }
  return null;
}

/**
 * The identity a stored ID token's claims name, by the server's rule (lambdas/kernel/actor.ts):
 * the highest-privilege group is the role, and an employee has no organization.
 */
export function earlyIdentityOf(claims: { groups: readonly string[]; providerId: string | null }): EarlyIdentity {
  const role = ROLES.find((r) => claims.groups.includes(r)) ?? null;
  return { role, providerId: role === 'careloop_employee' ? null : claims.providerId };
}
