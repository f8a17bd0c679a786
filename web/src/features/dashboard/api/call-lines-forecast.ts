import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallLinesForecastAnswer } from '../../../../../shared/call-lines';
import { CALL_LINES_FORECAST_TEXTS } from '../../../../../shared/texts';
import { DASHBOARD_ROUTES } from '../../../../../shared/api/routes/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const callLinesForecastKeys = {
  all: ['call-lines-forecast'] as const,
};

/** The job refreshes the forecast hourly: a dashboard revisited within this time shows what it had. */
const FORECAST_STALE_MS = 5 * 60 * 1000;

/** DASHBOARD_ROUTES.callLinesForecast: the call lines the next 30 days need (operators). */
export function getCallLinesForecast(api: ApiClient, signal?: AbortSignal): Promise<CallLinesForecastAnswer> {
  return sendRoute(api, DASHBOARD_ROUTES.callLinesForecast, {
    fallbackError: CALL_LINES_FORECAST_TEXTS.loadFailed,
    signal,
  });
}

export function callLinesForecastQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: callLinesForecastKeys.all,
    queryFn: ({ signal }) => getCallLinesForecast(api, signal),
    staleTime: FORECAST_STALE_MS,
  });
}

export function useCallLinesForecast() {
  return useQuery(callLinesForecastQueryOptions(useApiClient()));
}
