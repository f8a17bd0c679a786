import { useQuery } from '@tanstack/react-query';
import type { Observation, Page } from '../../../../../shared/domain';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { CALLS_ROUTES } from '../../../../../shared/api/routes/calls';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { callKeys } from './call-keys';

/** What the Measurements section reads: the newest page (a year of monthly check-ins, about). */
export const MEASUREMENTS_LIMIT = 100;

/** CALLS_ROUTES.listObservations: the newest page of a patient's observations, every measure. */
export function getObservations(api: ApiClient, patientId: string, signal?: AbortSignal): Promise<Page<Observation>> {
  return sendRoute(api, CALLS_ROUTES.listObservations, {
    params: { patientId },
    query: { limit: String(MEASUREMENTS_LIMIT) },
    fallbackError: CALL_MESSAGES.fetchObservations,
    signal,
  });
}

/** `newestCall`: the patient's newest completed call, so a call that completes brings its readings. */
export function useObservations(patientId: string, newestCall: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: callKeys.observations(patientId, newestCall),
    queryFn: ({ signal }) => getObservations(api, patientId, signal),
    placeholderData: (previous) => previous,
  });
}
