import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AccessHistoryPage } from '../../../../../shared/domain';
import { AUDIT_ROUTES } from '../../../../../shared/api/routes/audit';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { patientKeys } from './patient-keys';

export const ACCESS_HISTORY_ERROR = 'Failed to load access history';

/** Only one action's and/or one actor's events ('' for all). */
export interface AccessHistoryFilter {
  action: string;
  actor: string;
}

/** AUDIT_ROUTES.accessHistory (operators only): who read or changed the patient's data. */
export function getAccessHistory(
  api: ApiClient,
  patientId: string,
  filter: AccessHistoryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AccessHistoryPage> {
  return sendRoute(api, AUDIT_ROUTES.accessHistory, {
    params: { patientId },
    query: { cursor: cursor ?? undefined, action: filter.action || undefined, actor: filter.actor || undefined },
    fallbackError: ACCESS_HISTORY_ERROR,
    signal,
  });
}

export function accessHistoryQueryOptions(api: ApiClient, patientId: string, filter: AccessHistoryFilter) {
  return infiniteQueryOptions({
    queryKey: [...patientKeys.accessHistory(patientId), filter.action, filter.actor] as const,
    queryFn: ({ pageParam, signal }) => getAccessHistory(api, patientId, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAccessHistory(patientId: string, filter: AccessHistoryFilter) {
  return useInfiniteQuery(accessHistoryQueryOptions(useApiClient(), patientId, filter));
}
