import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHART_MONTHS_DEFAULT, DASHBOARD_MESSAGES, type DashboardChartsAnswer } from '../../../../../shared/dashboard';
import { DASHBOARD_ROUTES } from '../../../../../shared/api/routes/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const dashboardChartsKeys = {
  all: ['dashboard-charts'] as const,
  months: (months: number) => [...dashboardChartsKeys.all, months] as const,
};

/** Monthly figures change slowly: a dashboard revisited within this time shows what it had. */
const CHARTS_STALE_MS = 5 * 60 * 1000;

/** DASHBOARD_ROUTES.dashboardCharts with `?months=`: the CCM figures per month, oldest first. */
export function getDashboardCharts(
  api: ApiClient,
  months: number,
  signal?: AbortSignal,
): Promise<DashboardChartsAnswer> {
  return sendRoute(api, DASHBOARD_ROUTES.dashboardCharts, {
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
