import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import type { SummaryDetailResponse } from '../../../../../shared/summaries';
import { SUMMARIES_ROUTES } from '../../../../../shared/api/routes/summaries';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { summaryKeys } from './summary-keys';

/** SUMMARIES_ROUTES.getSummary: one summary with its transcript and organization name. */
export function getSummary(api: ApiClient, callId: string, signal?: AbortSignal): Promise<SummaryDetailResponse> {
  return sendRoute(api, SUMMARIES_ROUTES.getSummary, {
    params: { callId },
    fallbackError: SUMMARY_MESSAGES.fetchSummaries,
    signal,
  });
}

export function summaryQueryOptions(api: ApiClient, callId: string) {
  return queryOptions({
    queryKey: summaryKeys.detail(callId),
    queryFn: ({ signal }) => getSummary(api, callId, signal),
  });
}

export function useSummary(callId: string) {
  return useQuery(summaryQueryOptions(useApiClient(), callId));
}
