import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentCallsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';
import { activeCallsRefetchInterval } from './call-polling.utils';

/** `GET /calls` (operators): the last 50 calls placed, across every organization. */
export function getRecentCalls(api: ApiClient, signal?: AbortSignal): Promise<RecentCallsResponse> {
  return api.request<RecentCallsResponse>('/calls', { fallbackError: CALL_MESSAGES.fetchCalls, signal });
}

export function recentCallsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: callKeys.recent(),
    queryFn: ({ signal }) => getRecentCalls(api, signal),
    refetchInterval: (query) => activeCallsRefetchInterval(query.state.data?.calls),
  });
}

/** Mount it only where the list is shown (the Calls Made modal, while open). */
export function useRecentCalls() {
  return useQuery(recentCallsQueryOptions(useApiClient()));
}
