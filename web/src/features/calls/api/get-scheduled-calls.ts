import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallPage } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';

/** CALLS_ROUTES.listScheduledCalls with `cursor` (operators): pending scheduled calls, soonest first, a page at a time. */
export function getScheduledCalls(api: ApiClient, cursor: string | null, signal?: AbortSignal): Promise<CallPage> {
  return sendRoute(api, CALLS_ROUTES.listScheduledCalls, {
    query: { cursor: cursor ?? undefined },
    fallbackError: CALL_MESSAGES.fetchScheduledCalls,
    signal,
  });
}

export function scheduledCallsQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: callKeys.scheduled(),
    queryFn: ({ pageParam, signal }) => getScheduledCalls(api, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** Mount it only where the list is shown (the Scheduled Calls modal, while open). */
export function useScheduledCalls() {
  return useInfiniteQuery(scheduledCallsQueryOptions(useApiClient()));
}
