import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from '../lib/auth-client';
import { createLazyAuthClient, hasStoredSession } from './lazy-auth-client';
import { earlyIdentityOf, readStoredIdToken } from './stored-id-token';

function realClient(): AuthClient & { expire: () => void } {
  let onExpired: (() => void) | undefined;
  return {
    getIdToken: vi.fn(async () => 'id-token'),
    signIn: vi.fn(async () => ({ step: 'done' as const })),
    confirmSignIn: vi.fn(async () => ({ step: 'done' as const })),
    signUp: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    onSessionExpired: (listener) => {
      onExpired = listener;
      return () => undefined;
    },
    expire: () => onExpired?.(),
  };
}

afterEach(() => sessionStorage.clear());

describe('hasStoredSession', () => {
  it("is true only while Amplify's Cognito keys are in sessionStorage", () => {
    sessionStorage.setItem('careloop.other', '1');
    expect(hasStoredSession()).toBe(false);
    // Tokens are never kept in localStorage (DECISIONS "Sessions"): what is left there is not a session.
    localStorage.setItem('CognitoIdentityServiceProvider.client-1.LastAuthUser', 'user-1');
    expect(hasStoredSession()).toBe(false);
    localStorage.clear();

    sessionStorage.setItem('CognitoIdentityServiceProvider.client-1.LastAuthUser', 'user-1');
    expect(hasStoredSession()).toBe(true);
  });
});

const NOW = Date.parse('2026-11-24T05:00:00Z');
const KEYS = 'CognitoIdentityServiceProvider.client-1';

/** An unsigned JWT with these claims: the client reads a token, the server verifies it. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** What Amplify stores for a signed-in user of app client `client-1`. */
function storeSession(claims: Record<string, unknown>, clockDrift = 0): void {
  sessionStorage.setItem(`${KEYS}.LastAuthUser`, 'user-1');
  sessionStorage.setItem(`${KEYS}.user-1.idToken`, idToken(claims));
  sessionStorage.setItem(`${KEYS}.user-1.clockDrift`, String(clockDrift));
}

const inAnHour = NOW / 1000 + 3600;

describe('readStoredIdToken', () => {
  it("reads the stored token's client, groups and organization", () => {
    storeSession({ aud: 'client-1', exp: inAnHour, 'cognito:groups': ['provider'], 'custom:provider_id': 'prov-1' });
    expect(readStoredIdToken(sessionStorage, NOW)).toEqual({
      token: sessionStorage.getItem(`${KEYS}.user-1.idToken`),
      fresh: true,
      clientId: 'client-1',
      groups: ['provider'],
      providerId: 'prov-1',
    });
  });

  it('names the role by the highest-privilege group, as the server does, and no organization for an employee', () => {
    storeSession({
      aud: 'client-1',
      exp: inAnHour,
      'cognito:groups': ['provider', 'careloop_employee'],
      'custom:provider_id': 'prov-1',
    });
    const employee = readStoredIdToken(sessionStorage, NOW);
    expect(employee && earlyIdentityOf(employee)).toEqual({ role: 'careloop_employee', providerId: null });

    storeSession({ aud: 'client-1', exp: inAnHour, 'custom:provider_id': 'prov-1' });
    const pending = readStoredIdToken(sessionStorage, NOW);
    expect(pending && earlyIdentityOf(pending)).toEqual({ role: null, providerId: 'prov-1' });
  });

  it('marks a token within a minute of its expiry (clock drift included) not fresh: Amplify refreshes it', () => {
    storeSession({ aud: 'client-1', exp: NOW / 1000 + 61, 'cognito:groups': ['provider'] });
    expect(readStoredIdToken(sessionStorage, NOW)?.fresh).toBe(true);

    storeSession({ aud: 'client-1', exp: NOW / 1000 + 59, 'cognito:groups': ['provider'] });
    expect(readStoredIdToken(sessionStorage, NOW)?.fresh).toBe(false);

    storeSession({ aud: 'client-1', exp: NOW / 1000 + 120, 'cognito:groups': ['provider'] }, 90_000);
    expect(readStoredIdToken(sessionStorage, NOW)?.fresh).toBe(false);
  });

  it('still names the identity of an expired token: the screen paints while Amplify refreshes it', () => {
    storeSession({
      aud: 'client-1',
      exp: NOW / 1000 - 3600,
      'cognito:groups': ['provider'],
      'custom:provider_id': 'p1',
    });
    const expired = readStoredIdToken(sessionStorage, NOW);
    expect(expired?.fresh).toBe(false);
    expect(expired && earlyIdentityOf(expired)).toEqual({ role: 'provider', providerId: 'p1' });
  });

  it('is null without a stored token, or with one it cannot read', () => {
    expect(readStoredIdToken(sessionStorage, NOW)).toBeNull();

    sessionStorage.setItem(`${KEYS}.LastAuthUser`, 'user-1');
    sessionStorage.setItem(`${KEYS}.user-1.idToken`, 'not-a-jwt');
    expect(readStoredIdToken(sessionStorage, NOW)).toBeNull();
  });
});

describe('createLazyAuthClient', () => {
  it("answers with a fresh stored token without loading Amplify, and with Amplify's once it is loaded", async () => {
    const real = realClient();
    const load = vi.fn(async () => real);
    let stored: string | null = 'stored-id-token';
    const auth = createLazyAuthClient(
      load,
      () => true,
      async () => stored,
    );

    expect(await auth.getIdToken()).toBe('stored-id-token');
    expect(load).not.toHaveBeenCalled();

    stored = null;
    expect(await auth.getIdToken()).toBe('id-token');
    stored = 'stored-id-token';
    expect(await auth.getIdToken()).toBe('id-token');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers a visitor with no stored session without loading Amplify', async () => {
    const load = vi.fn(async () => realClient());
    const auth = createLazyAuthClient(load, () => false);

    expect(await auth.getIdToken()).toBeNull();
    await auth.signOut();
    auth.onSessionExpired(() => undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads Amplify once, for a stored session or a sign-in, and passes the calls on', async () => {
    const real = realClient();
    const load = vi.fn(async () => real);
    let stored = false;
    const auth = createLazyAuthClient(load, () => stored);

    expect(await auth.signIn('nurse@sunrise.example', 'Secret-pass-1')).toEqual({ step: 'done' });
    stored = true;
    expect(await auth.getIdToken()).toBe('id-token');
    await auth.signOut();

    expect(load).toHaveBeenCalledTimes(1);
    expect(real.signIn).toHaveBeenCalledWith('nurse@sunrise.example', 'Secret-pass-1');
    expect(real.signOut).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners registered before the load when the session expires', async () => {
    const real = realClient();
    const auth = createLazyAuthClient(
      async () => real,
      () => true,
    );
    const listener = vi.fn();
    const other = vi.fn();
    auth.onSessionExpired(listener);
    const unsubscribe = auth.onSessionExpired(other);
    unsubscribe();

    await auth.getIdToken();
    real.expire();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('tries the download again after it failed', async () => {
    const load = vi.fn<() => Promise<AuthClient>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(realClient());
    const auth = createLazyAuthClient(load, () => true);

    await expect(auth.getIdToken()).rejects.toThrow('offline');
    expect(await auth.getIdToken()).toBe('id-token');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
