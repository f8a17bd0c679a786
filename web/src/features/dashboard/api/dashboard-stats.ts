import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats, ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { DASHBOARD_ROUTES } from '../../../../../shared/api/routes/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** DASHBOARD_ROUTES.dashboardStats: totals from counters; employees also get the newest provider cards. */
export type DashboardStatsResponse = DashboardStats & { providers: ProviderOrganization[] };

export const dashboardKeys = {
  all: ['dashboard-stats'] as const,
};

export function getDashboardStats(api: ApiClient, signal?: AbortSignal): Promise<DashboardStatsResponse> {
  return sendRoute(api, DASHBOARD_ROUTES.dashboardStats, {
    fallbackError: FALLBACK_ERRORS.fetchDashboardStats,
    signal,
  });
}

export function dashboardStatsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboardStats(api, signal),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions(useApiClient()));
}
