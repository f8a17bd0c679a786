import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import type { SummaryDetailResponse, SummaryStatusResponse } from '../../../../../shared/summaries';
import type { summaryStatusSchema } from '../../../../../shared/validation';
import { SUMMARIES_ROUTES } from '../../../../../shared/api/routes/summaries';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { invalidateSummaries, summaryKeys } from './summary-keys';

export type SummaryStatusPayload = z.output<typeof summaryStatusSchema>;

/**
 * SUMMARIES_ROUTES.setSummaryStatus with `{ status, version }`. Refusals carry the server's
 * text: 409 when someone else changed the summary first, 400 for a transition product-rules.md "Summaries, escalations and notifications" forbids.
 */
export function updateSummaryStatus(
  api: ApiClient,
  callId: string,
  body: SummaryStatusPayload,
): Promise<SummaryStatusResponse> {
  return sendRoute(api, SUMMARIES_ROUTES.setSummaryStatus, {
    params: { callId },
    body,
    fallbackError: SUMMARY_MESSAGES.updateStatus,
  });
}

/**
 * The open summary takes the new status and version at once (a second change sends the new
 * version); lists, counts and dashboard totals are then fetched again.
 */
export function useUpdateSummaryStatus(callId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SummaryStatusPayload) => updateSummaryStatus(api, callId, body),
    onSuccess: async ({ summary }) => {
      queryClient.setQueryData<SummaryDetailResponse>(summaryKeys.detail(callId), (previous) =>
        previous ? { summary: { ...previous.summary, ...summary } } : previous,
      );
      await invalidateSummaries(queryClient);
    },
  });
}
