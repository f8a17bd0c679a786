import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import type { SummariesResponse } from '../../../../../shared/summaries';
import type { SummaryTab } from '../../../../../shared/values/summaries';
import { SUMMARIES_ROUTES } from '../../../../../shared/api/routes/summaries';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { summaryKeys } from './summary-keys';

export interface SummariesQuery {
  /** `all`, YYYY-MM, or '' for this month as the server counts it (the organization's, or UTC for operators). */
  month: string;
  tab: SummaryTab;
  /** The `cursor` of the previous page; omitted for the first. */
  cursor?: string | null;
}

/**
 * SUMMARIES_ROUTES.listSummaries with `?month=&tab=&cursor=`: one page (newest first) of a tab, and
 * the counts of every tab that month. Provider staff get their organization's, operators every organization's.
 */
export function getSummaries(
  api: ApiClient,
  { month, tab, cursor }: SummariesQuery,
  signal?: AbortSignal,
): Promise<SummariesResponse> {
  return sendRoute(api, SUMMARIES_ROUTES.listSummaries, {
    query: { month: month || undefined, tab, cursor: cursor ?? undefined },
    fallbackError: SUMMARY_MESSAGES.fetchSummaries,
    signal,
  });
}

/**
 * Pages follow the server's cursor ('Load more'). While another tab of the same month loads, the
 * previous answer stays as placeholder so the tab counts don't blink; another month starts empty.
 */
export function summariesQueryOptions(api: ApiClient, month: string, tab: SummaryTab) {
  return infiniteQueryOptions({
    queryKey: summaryKeys.list(month, tab),
    queryFn: ({ pageParam, signal }) => getSummaries(api, { month, tab, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === month ? previous : undefined),
  });
}

export function useSummaries(month: string, tab: SummaryTab) {
  return useInfiniteQuery(summariesQueryOptions(useApiClient(), month, tab));
}
