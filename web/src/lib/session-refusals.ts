import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import type { AuthClient } from './auth-client';

/** A staff token the API refused (`auth.unauthorized`, a 401), or none left to send (`auth.no_session`). */
export const isSessionRefused = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 'auth.unauthorized' || error.code === 'auth.no_session');

/**
 * For a screen that paints before the profile comes (a returning user's stored token: boot.tsx):
 * when its requests are refused for the session (the token was revoked, or its refresh failed), the
 * user is signed out once and the guards send them to sign in, instead of each section showing the
 * refusal as its error (`sessionQueryKey`: session.ts's, passed in so this module does not pull
 * session.ts out of the boot chunk). Loaded with the stored token's module (stored-id-token.ts), only then.
 */
export function watchSessionRefusals(
  queryClient: QueryClient,
  auth: AuthClient,
  sessionQueryKey: QueryKey,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || !isSessionRefused(event.action.error)) return;
    if (queryClient.getQueryData(sessionQueryKey) === null) return;
    queryClient.setQueryData(sessionQueryKey, null);
    void auth.signOut().catch(() => undefined);
  });
}
