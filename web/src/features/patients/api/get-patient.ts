import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutreachCadence, Patient, ProviderRef } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { PATIENTS_ROUTES } from '../../../../../shared/api/routes/patients';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { patientKeys } from './patient-keys';

export interface PatientDetailResponse {
  patient: Patient;
  /** With the organization's time zone: the page's dates are its days. */
  provider: ProviderRef & { timezone: string };
  outreach: OutreachCadence | null;
}

/** PATIENTS_ROUTES.getPatient: another organization's patient answers 404, like a missing one. */
export function getPatient(api: ApiClient, patientId: string, signal?: AbortSignal): Promise<PatientDetailResponse> {
  return sendRoute(api, PATIENTS_ROUTES.getPatient, {
    params: { patientId },
    fallbackError: FALLBACK_ERRORS.fetchPatientData,
    signal,
  });
}

export function patientQueryOptions(api: ApiClient, patientId: string) {
  return queryOptions({
    queryKey: patientKeys.detail(patientId),
    queryFn: ({ signal }) => getPatient(api, patientId, signal),
  });
}

export function usePatient(patientId: string) {
  return useQuery(patientQueryOptions(useApiClient(), patientId));
}
