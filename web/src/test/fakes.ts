import { vi } from 'vitest';
import type { ApiClient } from '../lib/api-client';
import type { AuthClient } from '../lib/auth-client';
import type { SessionUser } from '../lib/session';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'nurse@sunrise.example',
    first_name: 'Nora',
    last_name: 'Nurse',
    full_name: 'Nora Nurse',
    phone_number: null,
    role: 'provider',
    provider_id: 'prov-1',
    provider: { id: 'prov-1', name: 'Sunrise Family Medicine' },
    notification_preferences: undefined,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface FakeBackend {
  auth: AuthClient & {
    signIn: ReturnType<typeof vi.fn<AuthClient['signIn']>>;
    confirmSignIn: ReturnType<typeof vi.fn<AuthClient['confirmSignIn']>>;
    signUp: ReturnType<typeof vi.fn<AuthClient['signUp']>>;
    signOut: ReturnType<typeof vi.fn<AuthClient['signOut']>>;
  };
  api: ApiClient;
  /** The user `/me` answers with; null means signed out. */
  setUser(user: SessionUser | null): void;
}

/**
 * An in-memory identity and API: signing in (or answering a sign-in step) succeeds and makes
 * `/me` answer the user given to `setUser` (or the default provider user).
 */
export function createFakeBackend(initialUser: SessionUser | null = null): FakeBackend {
  let signedInUser = initialUser;
  let nextUser: SessionUser = initialUser ?? makeUser();

  const auth = {
    getIdToken: vi.fn(async () => (signedInUser ? 'fake-id-token' : null)),
    signIn: vi.fn<AuthClient['signIn']>(async () => {
      signedInUser = nextUser;
      return { step: 'done' };
    }),
    confirmSignIn: vi.fn<AuthClient['confirmSignIn']>(async () => {
      signedInUser = nextUser;
      return { step: 'done' };
    }),
    signUp: vi.fn<AuthClient['signUp']>(async () => undefined),
    signOut: vi.fn<AuthClient['signOut']>(async () => {
      signedInUser = null;
    }),
    onSessionExpired: () => () => undefined,
  };

  const api: ApiClient = {
    async request<T>(path: string): Promise<T> {
      if (path === '/me' && signedInUser) return signedInUser as T;
      throw new Error(`Unexpected request ${path}`);
    },
  };

  return {
    auth,
    api,
    setUser(user) {
      signedInUser = user;
      if (user) nextUser = user;
    },
  };
}
