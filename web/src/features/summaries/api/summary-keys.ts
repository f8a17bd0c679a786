import type { QueryClient } from '@tanstack/react-query';
import type { SummaryTab } from '../../../../../shared/values/summaries';

/** `month` is `all` or YYYY-MM, as sent to SUMMARIES_ROUTES.listSummaries. */
export const summaryKeys = {
  all: ['summaries'] as const,
  lists: () => [...summaryKeys.all, 'list'] as const,
  month: (month: string) => [...summaryKeys.lists(), month] as const,
  list: (month: string, tab: SummaryTab) => [...summaryKeys.month(month), tab] as const,
  detail: (callId: string) => [...summaryKeys.all, 'detail', callId] as const,
};

/**
 * Screens of other features that count summaries: the dashboards' New Summaries total counts
 * successful ones (product-rules.md "Limits"), so a status change moves it.
 */
export const KEYS_SHOWING_SUMMARIES = [['dashboard-stats']] as const;

/** After a status change: every summary list and its counts, every open detail, the dashboard totals. */
export async function invalidateSummaries(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [summaryKeys.all, ...KEYS_SHOWING_SUMMARIES].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
