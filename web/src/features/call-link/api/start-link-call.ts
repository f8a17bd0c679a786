import { queryOptions, useQuery } from '@tanstack/react-query';
import { CALL_LINK_MESSAGES, type CallLinkResponse } from '../../../../../shared/texts';
import { TEXTS_ROUTES } from '../../../../../shared/api/routes/texts';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const callLinkKeys = {
  all: ['call-link'] as const,
  detail: (token: string) => [...callLinkKeys.all, token] as const,
};

/**
 * TEXTS_ROUTES.startLinkCall (public: no session, the token is the credential): validates the link
 * and places the call. A non-ok answer without the server's text reads 'Invalid or expired link'.
 */
export function startLinkCall(api: ApiClient, token: string): Promise<CallLinkResponse> {
  return sendRoute(api, TEXTS_ROUTES.startLinkCall, {
    params: { token },
    anonymous: true,
    fallbackError: CALL_LINK_MESSAGES.invalidFallback,
  });
}

/**
 * Opening the page places a call, so this "query" runs once per visit: concurrent mounts (React
 * StrictMode's second effect pass) share the one request, it is never retried or refreshed on its
 * own, and nothing is kept after the page is left. No abort signal: a remount must not cancel it.
 */
export function startLinkCallQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: callLinkKeys.detail(token),
    queryFn: () => startLinkCall(api, token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useStartLinkCall(token: string) {
  return useQuery(startLinkCallQueryOptions(useApiClient(), token));
}
