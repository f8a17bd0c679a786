import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarePlan, CarePlanFields } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { KEYS_SHOWING_PATIENTS, patientKeys } from './patient-keys';

const path = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/care-plan`;

/** The body of a care plan save: the structured part and the note; `version` present means PUT. */
export interface CarePlanInput extends CarePlanFields {
  note: string;
  version?: number;
}

/** `GET /patients/{patientId}/care-plan`: the structured plan, or null if none yet. */
export async function getCarePlan(api: ApiClient, patientId: string, signal?: AbortSignal): Promise<CarePlan | null> {
  const body = await api.request<{ carePlan: CarePlan | null }>(path(patientId), {
    fallbackError: FALLBACK_ERRORS.fetchCarePlan,
    signal,
  });
  return body.carePlan;
}

export async function saveCarePlan(api: ApiClient, patientId: string, input: CarePlanInput): Promise<CarePlan> {
  const body = await api.request<{ carePlan: CarePlan }>(path(patientId), {
    method: input.version === undefined ? 'POST' : 'PUT',
    body: input,
    fallbackError: FALLBACK_ERRORS.saveCarePlan,
  });
  return body.carePlan;
}

export function useCarePlan(patientId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: patientKeys.document(patientId, 'care_plan'),
    queryFn: ({ signal }) => getCarePlan(api, patientId, signal),
  });
}

/** A save changes the plan, its history and the patient's condition count (eligibility). */
export function useSaveCarePlan(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CarePlanInput) => saveCarePlan(api, patientId, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(patientKeys.document(patientId, 'care_plan'), saved);
      await Promise.all(
        [patientKeys.detail(patientId), patientKeys.revisions(patientId, 'care_plan'), ...KEYS_SHOWING_PATIENTS].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey, exact: queryKey === patientKeys.detail(patientId) }),
        ),
      );
    },
  });
}
