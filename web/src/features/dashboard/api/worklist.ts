import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES, type WorklistAnswer } from '../../../../../shared/dashboard';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';

export const worklistKeys = {
  all: ['worklist'] as const,
};

/** `GET /worklist`: the practice's CCM worklist (provider staff). */
export function getWorklist(api: ApiClient, signal?: AbortSignal): Promise<WorklistAnswer> {
  return api.request<WorklistAnswer>('/worklist', { fallbackError: DASHBOARD_MESSAGES.worklistFailed, signal });
}

export function worklistQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: worklistKeys.all, queryFn: ({ signal }) => getWorklist(api, signal) });
}

export function useWorklist() {
  return useQuery(worklistQueryOptions(useApiClient()));
}
