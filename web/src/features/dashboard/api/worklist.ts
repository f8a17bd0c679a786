import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES, type WorklistAnswer } from '../../../../../shared/dashboard';
import { DASHBOARD_ROUTES } from '../../../../../shared/api/routes/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const worklistKeys = {
  all: ['worklist'] as const,
};

/** DASHBOARD_ROUTES.worklist: the practice's CCM worklist (provider staff). */
export function getWorklist(api: ApiClient, signal?: AbortSignal): Promise<WorklistAnswer> {
  return sendRoute(api, DASHBOARD_ROUTES.worklist, { fallbackError: DASHBOARD_MESSAGES.worklistFailed, signal });
}

export function worklistQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: worklistKeys.all, queryFn: ({ signal }) => getWorklist(api, signal) });
}

export function useWorklist() {
  return useQuery(worklistQueryOptions(useApiClient()));
}
