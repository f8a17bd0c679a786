import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientCallsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';
import { activeCallsRefetchInterval } from './call-polling.utils';

/** `GET /patients/{patientId}/calls`: the patient's pending scheduled calls and call history. */
export function getPatientCalls(
  api: ApiClient,
  patientId: string,
  signal?: AbortSignal,
): Promise<PatientCallsResponse> {
  return api.request<PatientCallsResponse>(`/patients/${encodeURIComponent(patientId)}/calls`, {
    fallbackError: CALL_MESSAGES.fetchCalls,
    signal,
  });
}

/** Refreshes every 3 s while one of the patient's calls is queued or in progress. */
export function patientCallsQueryOptions(api: ApiClient, patientId: string) {
  return queryOptions({
    queryKey: callKeys.patient(patientId),
    queryFn: ({ signal }) => getPatientCalls(api, patientId, signal),
    refetchInterval: (query) => activeCallsRefetchInterval(query.state.data?.scheduled, query.state.data?.history),
  });
}

export function usePatientCalls(patientId: string) {
  return useQuery(patientCallsQueryOptions(useApiClient(), patientId));
}
