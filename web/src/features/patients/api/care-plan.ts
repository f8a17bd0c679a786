import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarePlan, CarePlanFields } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { CARE_PLANS_ROUTES } from '../../../../../shared/api/routes/care-plans';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { KEYS_SHOWING_PATIENTS, patientKeys } from './patient-keys';

/** The body of a care plan save: the structured part and the note; `version` present means PUT. */
export interface CarePlanInput extends CarePlanFields {
  note: string;
  version?: number;
}

/** CARE_PLANS_ROUTES.getCarePlan: the structured plan, or null if none yet. */
export async function getCarePlan(api: ApiClient, patientId: string, signal?: AbortSignal): Promise<CarePlan | null> {
  const body: { carePlan: CarePlan | null } = await sendRoute(api, CARE_PLANS_ROUTES.getCarePlan, {
    params: { patientId },
    fallbackError: FALLBACK_ERRORS.fetchCarePlan,
    signal,
  });
  return body.carePlan;
}

export async function saveCarePlan(api: ApiClient, patientId: string, input: CarePlanInput): Promise<CarePlan> {
  const body: { carePlan: CarePlan } = await sendRoute(
    api,
    input.version === undefined ? CARE_PLANS_ROUTES.createCarePlan : CARE_PLANS_ROUTES.updateCarePlan,
    {
      params: { patientId },
      body: input,
      fallbackError: FALLBACK_ERRORS.saveCarePlan,
    },
  );
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
