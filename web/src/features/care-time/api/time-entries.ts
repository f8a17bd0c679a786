import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CARE_TIME_ROUTES } from '../../../../../shared/api/routes/care-time';
import {
  CARE_TIME_MESSAGES,
  type TimeEntriesAnswer,
  type TimeEntryCreatedAnswer,
  type TimeEntryInput,
} from '../../../../../shared/care-time';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const careTimeKeys = {
  all: ['care-time'] as const,
  patient: (patientId: string) => [...careTimeKeys.all, patientId] as const,
};

/** The billing report shows the same totals: refreshed after time is logged. */
const BILLING_KEYS = ['billing-report'] as const;

/**
 * CARE_TIME_ROUTES.listTimeEntries with `?cursor=`: this month's time log (newest first, the
 * organization's month) and its totals.
 */
export function getTimeEntries(
  api: ApiClient,
  patientId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TimeEntriesAnswer> {
  return sendRoute(api, CARE_TIME_ROUTES.listTimeEntries, {
    params: { patientId },
    query: { cursor: cursor ?? undefined },
    fallbackError: CARE_TIME_MESSAGES.fetchFailed,
    signal,
  });
}

export function timeEntriesQueryOptions(api: ApiClient, patientId: string) {
  return infiniteQueryOptions({
    queryKey: careTimeKeys.patient(patientId),
    queryFn: ({ pageParam, signal }) => getTimeEntries(api, patientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The month's totals (from the newest page) and every log line loaded so far. */
export function useTimeEntries(patientId: string) {
  const query = useInfiniteQuery(timeEntriesQueryOptions(useApiClient(), patientId));
  const pages = query.data?.pages;
  return { query, latest: pages?.[0], entries: pages?.flatMap((page) => page.items) ?? [] };
}

/** CARE_TIME_ROUTES.logTime: an entry, or the correction of one (`voids`). */
export function logTime(api: ApiClient, patientId: string, input: TimeEntryInput): Promise<TimeEntryCreatedAnswer> {
  return sendRoute(api, CARE_TIME_ROUTES.logTime, {
    params: { patientId },
    body: input,
    fallbackError: CARE_TIME_MESSAGES.saveFailed,
  });
}

export function useLogTime(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeEntryInput) => logTime(api, patientId, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: careTimeKeys.patient(patientId) }),
        queryClient.invalidateQueries({ queryKey: BILLING_KEYS }),
      ]);
    },
  });
}
