import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentEntry, Page, PatientConsent } from '../../../../../shared/domain';
import type { ConsentDisclosure, ConsentMethod, RecordedConsentStatus } from '../../../../../shared/consent';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';
import { CONSENT_ROUTES } from '../../../../../shared/api/routes/consent';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { KEYS_SHOWING_PATIENTS, patientKeys } from './patient-keys';

const consentKey = (patientId: string) => [...patientKeys.detail(patientId), 'consent'] as const;

export interface ConsentAnswer {
  consent: PatientConsent;
  history: Page<ConsentEntry>;
}

/** The body of CONSENT_ROUTES.recordConsent (and the wizard's `consent`). */
export interface ConsentPayload {
  status: RecordedConsentStatus;
  date: string;
  method: ConsentMethod | null;
  disclosures: ConsentDisclosure[];
}

export function getConsent(
  api: ApiClient,
  patientId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ConsentAnswer> {
  return sendRoute(api, CONSENT_ROUTES.getConsent, {
    params: { patientId },
    query: { cursor: cursor || undefined },
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
    mutationFn: (body: ConsentPayload): Promise<{ consent: PatientConsent; entry: ConsentEntry }> =>
      sendRoute(api, CONSENT_ROUTES.recordConsent, {
        params: { patientId },
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
