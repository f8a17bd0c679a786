import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient } from '../lib/auth-client';
import { createLazyAuthClient, hasStoredSession } from './lazy-auth-client';

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

afterEach(() => localStorage.clear());

describe('hasStoredSession', () => {
  it("is true only while Amplify's Cognito keys are in localStorage", () => {
    localStorage.setItem('careloop.other', '1');
    expect(hasStoredSession()).toBe(false);

    localStorage.setItem('CognitoIdentityServiceProvider.client-1.LastAuthUser', 'user-1');
    expect(hasStoredSession()).toBe(true);
  });
});

describe('createLazyAuthClient', () => {
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
