import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentEntry, Page, PatientConsent } from '../../../../../shared/domain';
import type { ConsentDisclosure, ConsentMethod, RecordedConsentStatus } from '../../../../../shared/consent';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { KEYS_SHOWING_PATIENTS, patientKeys } from './patient-keys';

const path = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/consent`;
const consentKey = (patientId: string) => [...patientKeys.detail(patientId), 'consent'] as const;

export interface ConsentAnswer {
  consent: PatientConsent;
  history: Page<ConsentEntry>;
}

/** The body of `POST /patients/{patientId}/consent` (and the wizard's `consent`). */
export interface ConsentPayload {
  status: RecordedConsentStatus;
  date: string;
  method: ConsentMethod | null;
  disclosures: ConsentDisclosure[];
}

export function getConsent(api: ApiClient, patientId: string, cursor: string | null, signal?: AbortSignal) {
  return api.request<ConsentAnswer>(`${path(patientId)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    fallbackError: CCM_MESSAGES.fetchConsent,
    signal,
  });
}

/** The consent and its history, newest first, a page at a time. */
export function useConsent(patientId: string) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: consentKey(patientId),
    queryFn: ({ pageParam, signal }) => getConsent(api, patientId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.history.next_cursor,
  });
}

/** Recording consent changes the patient's badge on their page and in lists. */
export function useRecordConsent(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentPayload) =>
      api.request<{ consent: PatientConsent; entry: ConsentEntry }>(path(patientId), {
        method: 'POST',
        body,
        fallbackError: CCM_MESSAGES.recordConsent,
      }),
    onSuccess: () =>
      Promise.all(
        [consentKey(patientId), patientKeys.detail(patientId), ...KEYS_SHOWING_PATIENTS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: queryKey === patientKeys.detail(patientId) }),
        ),
      ),
  });
}
