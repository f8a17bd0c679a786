import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallLinesResponse } from '../../../../../shared/calls';
import { CALL_LINES_TEXTS } from '../../../../../shared/texts';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const callLinesKeys = {
  all: ['call-lines'] as const,
};

/**
 * How often the card asks again while it is on screen. TanStack Query skips the interval while the
 * page is hidden (`refetchIntervalInBackground` is false) and stops it when the card unmounts, so a
 * background tab or a closed dashboard sends nothing; one request in 30 s is one GetItem and two
 * Queries (the oldest waiting call, and the spoken alerts' leases: at most one per line in use).
 */
export const CALL_LINES_REFRESH_MS = 30_000;

/** CALLS_ROUTES.getCallLines: the deployment's call lines now (operators). */
export function getCallLines(api: ApiClient, signal?: AbortSignal): Promise<CallLinesResponse> {
  return sendRoute(api, CALLS_ROUTES.getCallLines, { fallbackError: CALL_LINES_TEXTS.loadFailed, signal });
}

export function callLinesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: callLinesKeys.all,
    queryFn: ({ signal }) => getCallLines(api, signal),
    refetchInterval: CALL_LINES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useCallLines() {
  return useQuery(callLinesQueryOptions(useApiClient()));
}
