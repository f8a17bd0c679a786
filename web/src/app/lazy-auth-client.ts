import type { AuthClient } from '../lib/auth-client';

/** Amplify keeps a session's tokens in sessionStorage (amplify-auth.ts) under keys with this prefix. */
export const COGNITO_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
/** Whether Amplify left a session's tokens behind; without them nobody is signed in. */
export function hasStoredSession(storage: Storage = window.sessionStorage): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    if (storage.key(i)?.startsWith(COGNITO_KEY_PREFIX)) return true;
  }
  return false;
}

/**
 * An AuthClient that loads the real one (Amplify) on first use, so public pages never download it.
 * A visitor with no stored session has no ID token and nothing to sign out: those answers need no Amplify.
 * Until Amplify is needed, `storedToken` answers with a returning user's fresh stored ID token, so a
 * workspace's first requests do not wait for Amplify's download.
 */
export function createLazyAuthClient(
  load: () => Promise<AuthClient>,
  hasSession: () => boolean,
  storedToken: () => Promise<string | null> = async () => null,
): AuthClient {
  let loading: Promise<AuthClient> | undefined;
  const expiryListeners = new Set<() => void>();
  const client = (): Promise<AuthClient> => {
    loading ??= load().then(
      (real) => {
        real.onSessionExpired(() => expiryListeners.forEach((listener) => listener()));
        return real;
      },
      (error: unknown) => {
        // A failed download (offline) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  return {
    async getIdToken() {
      if (!hasSession()) return null;
      return (!loading && (await storedToken())) || (await client()).getIdToken();
    },
    async signIn(email, password) {
      return (await client()).signIn(email, password);
    },
    async confirmSignIn(response) {
      return (await client()).confirmSignIn(response);
    },
    async signUp(input) {
      return (await client()).signUp(input);
    },
    async signOut() {
      if (!loading && !hasSession()) return;
      return (await client()).signOut();
    },
    onSessionExpired(listener) {
      expiryListeners.add(listener);
      return () => {
        expiryListeners.delete(listener);
      };
    },
  };
}
