import { vi } from 'vitest';
import type { UserProfile } from '../../../shared/domain';
import { ApiError, type ApiClient, type ApiRequestOptions, type HttpMethod } from '../lib/api-client';
import type { AuthClient } from '../lib/auth-client';
import type { Services } from '../lib/services';
import { signedInUser } from './records';

export interface FakeBackend {
  auth: AuthClient & {
    signIn: ReturnType<typeof vi.fn<AuthClient['signIn']>>;
    confirmSignIn: ReturnType<typeof vi.fn<AuthClient['confirmSignIn']>>;
    signUp: ReturnType<typeof vi.fn<AuthClient['signUp']>>;
    signOut: ReturnType<typeof vi.fn<AuthClient['signOut']>>;
  };
  api: ApiClient;
  /** The user `/me` answers with; null means signed out. */
  setUser(user: UserProfile | null): void;
}

/**
 * An in-memory identity and API: signing in (or answering a sign-in step) succeeds and makes
 * `/me` answer the user given to `setUser` (or the default provider user).
 */
export function createFakeBackend(initialUser: UserProfile | null = null): FakeBackend {
  let currentUser = initialUser;
  let nextUser: UserProfile = initialUser ?? signedInUser();

  const auth = {
    getIdToken: vi.fn(async () => (currentUser ? 'fake-id-token' : null)),
    signIn: vi.fn<AuthClient['signIn']>(async () => {
      currentUser = nextUser;
      return { step: 'done' };
    }),
    confirmSignIn: vi.fn<AuthClient['confirmSignIn']>(async () => {
      currentUser = nextUser;
      return { step: 'done' };
    }),
    signUp: vi.fn<AuthClient['signUp']>(async () => undefined),
    signOut: vi.fn<AuthClient['signOut']>(async () => {
      currentUser = null;
    }),
    onSessionExpired: () => () => undefined,
  };

  const api: ApiClient = {
    async request<T>(path: string): Promise<T> {
      if (path === '/me' && currentUser) return currentUser as T;
      throw new Error(`Unexpected request ${path}`);
    },
  };

  return {
    auth,
    api,
    setUser(user) {
      currentUser = user;
      if (user) nextUser = user;
    },
  };
}

/** One request the app sent through a `createFakeApi`, as the server would read it. */
export interface FakeApiRequest {
  method: HttpMethod;
  path: string;
  /** The query as sent on the wire: strings only, undefined values left out. */
  query: Record<string, string>;
  body: unknown;
  fallbackError: string;
  anonymous: boolean;
}

/** Answers one route: returns the body, throws an `ApiError`, or returns a promise the test settles. */
export type FakeApiAnswer = (request: FakeApiRequest) => unknown;

export interface FakeApiOptions {
  /** The user `/me` answers (default `signedInUser()`); null means signed out. */
  user?: UserProfile | null;
  /** What a request no route matches gets: a 404 (default), or no answer at all (a screen left loading). */
  unmatched?: 'not-found' | 'hang';
}

export interface FakeApi {
  api: ApiClient;
  services: Services;
  backend: FakeBackend;
  /** Every request but `/me`, in the order sent. */
  requests: FakeApiRequest[];
}

/** Whether `'METHOD /path'` (a `:name` segment matching any one segment) covers this request. */
function matchRoute(route: string, method: string, path: string): boolean {
  const [routeMethod, routePath = ''] = route.split(' ');
  const routeParts = routePath.split('/');
  const pathParts = path.split('/');
  return (
    routeMethod === method &&
    routeParts.length === pathParts.length &&
    routeParts.every((part, index) => part.startsWith(':') || part === pathParts[index])
  );
}

/**
 * An in-memory API for component tests: `routes` answer by `'METHOD /path'`, where a `:name`
 * segment matches any value (an exact route wins over a pattern); every request is recorded so a
 * test can assert what was sent. `/me` answers the signed-in user, as `createFakeBackend` does.
 */
export function createFakeApi(routes: Record<string, FakeApiAnswer> = {}, options: FakeApiOptions = {}): FakeApi {
  const backend = createFakeBackend(options.user === undefined ? signedInUser() : options.user);
  const requests: FakeApiRequest[] = [];
  const api: ApiClient = {
    async request<T>(path: string, requestOptions: ApiRequestOptions): Promise<T> {
      if (path === '/me') return backend.api.request<T>(path, requestOptions);
      const method = requestOptions.method ?? 'GET';
      const query: Record<string, string> = {};
      for (const [key, value] of Object.entries(requestOptions.query ?? {})) {
        if (value !== undefined) query[key] = String(value);
      }
      const request: FakeApiRequest = {
        method,
        path,
        query,
        body: requestOptions.body,
        fallbackError: requestOptions.fallbackError,
        anonymous: requestOptions.anonymous ?? false,
      };
      requests.push(request);
      // Read at each request: a test may add a route once the screen is showing.
      const keys = Object.keys(routes).sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
      const key = keys.find((candidate) => matchRoute(candidate, method, path));
      if (key) return (await routes[key]!(request)) as T;
      if (options.unmatched === 'hang') return new Promise<T>(() => undefined);
      throw new ApiError('Not found', 404);
    },
  };
  return {
    api,
    services: { auth: backend.auth, api },
    backend,
    requests,
  };
}

/** The requests that match one route key, e.g. `requestsTo(requests, 'PUT /patients/:patientId')`. */
export function requestsTo(requests: FakeApiRequest[], route: string): FakeApiRequest[] {
  return requests.filter((request) => matchRoute(route, request.method, request.path));
}

/** Method, path and body of each request: a whole exchange to assert at once. */
export function sent(requests: FakeApiRequest[]): { method: HttpMethod; path: string; body: unknown }[] {
  return requests.map(({ method, path, body }) => ({ method, path, body }));
}

/** An answer that never comes: the screen stays loading. */
export const hang: FakeApiAnswer = () => new Promise(() => undefined);

/** An answer that fails with the caller's fallback text, as a server error without a body would. */
export const serverError: FakeApiAnswer = ({ fallbackError }) => {
  throw new ApiError(fallbackError, 500);
};

/** A promise the test settles when it wants to (a request still running). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
