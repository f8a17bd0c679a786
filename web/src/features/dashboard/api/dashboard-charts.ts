import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHART_MONTHS_DEFAULT, DASHBOARD_MESSAGES, type DashboardChartsAnswer } from '../../../../../shared/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';

export const dashboardChartsKeys = {
  all: ['dashboard-charts'] as const,
  months: (months: number) => [...dashboardChartsKeys.all, months] as const,
};

/** Monthly figures change slowly: a dashboard revisited within this time shows what it had. */
const CHARTS_STALE_MS = 5 * 60 * 1000;

/** `GET /dashboard-charts?months=`: the CCM figures per month, oldest first. */
export function getDashboardCharts(api: ApiClient, months: number, signal?: AbortSignal) {
  return api.request<DashboardChartsAnswer>('/dashboard-charts', {
    query: { months: String(months) },
    fallbackError: DASHBOARD_MESSAGES.chartsFailed,
    signal,
  });
}

export function dashboardChartsQueryOptions(api: ApiClient, months: number) {
  return queryOptions({
    queryKey: dashboardChartsKeys.months(months),
    queryFn: ({ signal }) => getDashboardCharts(api, months, signal),
    staleTime: CHARTS_STALE_MS,
  });
}

export function useDashboardCharts(months = CHART_MONTHS_DEFAULT, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardChartsQueryOptions(useApiClient(), months), enabled });
}
