import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientTextsResponse } from '../../../../../shared/texts';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { textKeys } from './text-keys';
import { TEXTS_WEB_MESSAGES } from './texts-messages';

/** Delivery statuses and the patient's replies arrive through Twilio webhooks: the page polls for them. */
export const TEXTS_REFETCH_MS = 10_000;

/** `GET /patients/{patientId}/texts`: the patient's texts (newest first), opt-out state and this month's usage. */
export function getPatientTexts(
  api: ApiClient,
  patientId: string,
  signal?: AbortSignal,
): Promise<PatientTextsResponse> {
  return api.request<PatientTextsResponse>(`/patients/${encodeURIComponent(patientId)}/texts`, {
    fallbackError: TEXTS_WEB_MESSAGES.fetchTexts,
    signal,
  });
}

export function patientTextsQueryOptions(api: ApiClient, patientId: string) {
  return queryOptions({
    queryKey: textKeys.patient(patientId),
    queryFn: ({ signal }) => getPatientTexts(api, patientId, signal),
    refetchInterval: TEXTS_REFETCH_MS,
  });
}

export function usePatientTexts(patientId: string) {
  return useQuery(patientTextsQueryOptions(useApiClient(), patientId));
}
