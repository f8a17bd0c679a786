import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { SESSION_ROUTES } from '../../../shared/api/routes/session';
import type { UserProfile } from '../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../shared/messages';
import { paths } from '../config/paths';
import { ApiError, type ApiClient } from './api-client';
import type { AuthClient } from './auth-client';
import type { SignInStep } from './sign-in-step';
import { useApiClient, useAuthClient } from './services';
import { endSessionTimes, startSession } from './session-times';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: UserProfile }
  | { status: 'error'; error: Error };

export const sessionQueryKey = ['session'] as const;

async function loadSessionUser(auth: AuthClient, api: ApiClient): Promise<UserProfile | null> {
  if (!(await auth.getIdToken())) return null;
  try {
    // The schema (and zod) load with the first profile: a signed-out visitor never needs them.
    const [body, { sessionUserSchema }] = await Promise.all([
      // The route has no parameters; sending it without the route client keeps that client (and
      // its chunk) out of the sign-in page's first load.
      api.request(SESSION_ROUTES.me.resource, {
        method: SESSION_ROUTES.me.method,
        fallbackError: FALLBACK_ERRORS.loadAccount,
      }),
      import('./session-user'),
    ]);
    const parsed = sessionUserSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(FALLBACK_ERRORS.loadAccount, 200, 'me.invalid_response');
    return body as UserProfile;
  } catch (error) {
    // The tokens were refused: the session is over, not broken.
    if (error instanceof ApiError && error.status === 401) {
      await auth.signOut().catch(() => undefined);
      return null;
    }
    throw error;
  }
}

/** The session: the Amplify tokens plus the SESSION_ROUTES.me profile; null when signed out. */
export function sessionQueryOptions(auth: AuthClient, api: ApiClient) {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => loadSessionUser(auth, api),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions(useAuthClient(), useApiClient()));
  if (query.data === null) return { status: 'signed-out' };
  if (query.data) return { status: 'signed-in', user: query.data };
  if (query.isError) return { status: 'error', error: query.error };
  return { status: 'loading' };
}

/** Mount once: when the session ends on its own, guards see a signed-out user and redirect. */
export function useSessionExpiry(): void {
  const auth = useAuthClient();
  const queryClient = useQueryClient();
  useEffect(() => auth.onSessionExpired(() => queryClient.setQueryData(sessionQueryKey, null)), [auth, queryClient]);
}

/** The signed-in user, for screens rendered behind a role guard. */
export function useSignedInUser(): UserProfile {
  const session = useSession();
  if (session.status !== 'signed-in') throw new Error('useSignedInUser needs a signed-in session');
  return session.user;
}

/**
 * Once the sign-in is done, loads the profile; the sign-in routes then redirect on their own once the
 * session shows a user. If the profile cannot be loaded the user is signed out again: no profile, no access.
 */
function useFinishSignIn(): (step: SignInStep) => Promise<SignInStep> {
  const auth = useAuthClient();
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (step) => {
      if (step.step !== 'done') return step;
      try {
        const user = await loadSessionUser(auth, api);
        if (!user) throw new ApiError(FALLBACK_ERRORS.signIn, 401);
        startSession(window.sessionStorage, Date.now());
        queryClient.setQueryData(sessionQueryKey, user);
      } catch (error) {
        await auth.signOut().catch(() => undefined);
        throw error;
      }
      return step;
    },
    [auth, api, queryClient],
  );
}

/** Signs in; resolves with the step the user must take next (a new password, an authenticator), or done. */
export function useSignIn(): (email: string, password: string) => Promise<SignInStep> {
  const auth = useAuthClient();
  const finish = useFinishSignIn();
  return useCallback(async (email, password) => finish(await auth.signIn(email, password)), [auth, finish]);
}

/** Answers the step a sign-in waits for (the new password, or an authenticator code); resolves with the next. */
export function useConfirmSignIn(): (response: string) => Promise<SignInStep> {
  const auth = useAuthClient();
  const finish = useFinishSignIn();
  return useCallback(async (response) => finish(await auth.confirmSignIn(response)), [auth, finish]);
}

/**
 * Signs out, then loads `/` (or `to`) afresh: a full page load drops every cached query, so no patient data
 * outlives the session in memory.
 */
export function useSignOut(
  goTo: (href: string) => void = assignLocation,
  to: string = paths.home.getHref(),
): () => Promise<void> {
  const auth = useAuthClient();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await auth.signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    endSessionTimes(window.sessionStorage);
    queryClient.clear();
    goTo(to);
  }, [auth, queryClient, goTo, to]);
}

function assignLocation(href: string): void {
  window.location.assign(href);
}
