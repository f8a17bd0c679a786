import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUMMARY_LINK_MESSAGES, type SummaryLinkResponse } from '../../../../../shared/summary-link';
import { SUMMARIES_ROUTES } from '../../../../../shared/api/routes/summaries';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const summaryLinkKeys = {
  all: ['summary-link'] as const,
  detail: (token: string) => [...summaryLinkKeys.all, token] as const,
};

/** SUMMARIES_ROUTES.openSummaryLink: the call, patient and practice a summary link opens. */
export function getSummaryLink(api: ApiClient, token: string, signal?: AbortSignal): Promise<SummaryLinkResponse> {
  return sendRoute(api, SUMMARIES_ROUTES.openSummaryLink, {
    params: { token },
    fallbackError: SUMMARY_LINK_MESSAGES.loadFailed,
    signal,
  });
}

export function summaryLinkQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: summaryLinkKeys.detail(token),
    queryFn: ({ signal }) => getSummaryLink(api, token, signal),
    // Each load records a view: one per visit (not per window focus), and nothing is kept after it.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSummaryLink(token: string) {
  return useQuery(summaryLinkQueryOptions(useApiClient(), token));
}
