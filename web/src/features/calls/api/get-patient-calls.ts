import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PatientCallsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';
import { activeCallsRefetchInterval } from './call-polling.utils';

/**
 * CALLS_ROUTES.listPatientCalls with `cursor`: the patient's pending scheduled calls and one page of
 * its call history (newest first).
 */
export function getPatientCalls(
  api: ApiClient,
  patientId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientCallsResponse> {
  return sendRoute(api, CALLS_ROUTES.listPatientCalls, {
    params: { patientId },
    query: { cursor: cursor ?? undefined },
    fallbackError: CALL_MESSAGES.fetchCalls,
    signal,
  });
}

/** Refreshes every 3 s while one of the patient's calls is queued or in progress. */
export function patientCallsQueryOptions(api: ApiClient, patientId: string) {
  return infiniteQueryOptions({
    queryKey: callKeys.patient(patientId),
    queryFn: ({ pageParam, signal }) => getPatientCalls(api, patientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.history.next_cursor,
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return activeCallsRefetchInterval(first?.scheduled, first?.history.items);
    },
  });
}

/** The scheduled calls (from the first page) and every history row loaded so far. */
export function usePatientCalls(patientId: string) {
  const query = useInfiniteQuery(patientCallsQueryOptions(useApiClient(), patientId));
  const pages = query.data?.pages;
  return {
    query,
    scheduled: pages?.[0]?.scheduled,
    history: pages?.flatMap((page) => page.history.items),
  };
}
