import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import type { SummaryDetailResponse } from '../../../../../shared/summaries';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { summaryKeys } from './summary-keys';

/** `GET /calls/{callId}/summary`: one summary with its transcript and organization name. */
export function getSummary(api: ApiClient, callId: string, signal?: AbortSignal): Promise<SummaryDetailResponse> {
  return api.request<SummaryDetailResponse>(`/calls/${encodeURIComponent(callId)}/summary`, {
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
