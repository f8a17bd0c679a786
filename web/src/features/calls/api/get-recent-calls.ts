import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { RECENT_CALLS_LIMIT } from '../../../../../shared/values/calls';
import type { CallPage } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';
import { activeCallsRefetchInterval } from './call-polling.utils';

/** CALLS_ROUTES.listCalls with `cursor` (operators): calls placed across every organization, newest first, 50 a page. */
export function getRecentCalls(api: ApiClient, cursor: string | null, signal?: AbortSignal): Promise<CallPage> {
  return sendRoute(api, CALLS_ROUTES.listCalls, {
    query: { limit: String(RECENT_CALLS_LIMIT), cursor: cursor ?? undefined },
    fallbackError: CALL_MESSAGES.fetchCalls,
    signal,
  });
}

export function recentCallsQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: callKeys.recent(),
    queryFn: ({ pageParam, signal }) => getRecentCalls(api, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) => activeCallsRefetchInterval(query.state.data?.pages[0]?.items),
  });
}

/** Mount it only where the list is shown (the Calls Made modal, while open). */
export function useRecentCalls() {
  return useInfiniteQuery(recentCallsQueryOptions(useApiClient()));
}
