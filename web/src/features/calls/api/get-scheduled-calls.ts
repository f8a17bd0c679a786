import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledCallsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';

/** `GET /calls/scheduled` (operators): every pending scheduled call, soonest first. */
export function getScheduledCalls(api: ApiClient, signal?: AbortSignal): Promise<ScheduledCallsResponse> {
  return api.request<ScheduledCallsResponse>('/calls/scheduled', {
    fallbackError: CALL_MESSAGES.fetchScheduledCalls,
    signal,
  });
}

export function scheduledCallsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: callKeys.scheduled(),
    queryFn: ({ signal }) => getScheduledCalls(api, signal),
  });
}

/** Mount it only where the list is shown (the Scheduled Calls modal, while open). */
export function useScheduledCalls() {
  return useQuery(scheduledCallsQueryOptions(useApiClient()));
}
