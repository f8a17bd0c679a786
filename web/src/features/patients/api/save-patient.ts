import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OutreachCadence, Patient } from '../../../../../shared/domain';
import type { TimePreference } from '../../../../../shared/time-preferences';
import type { PreferredLanguage } from '../../../../../shared/enrollment/patient-fields';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { PATIENTS_ROUTES } from '../../../../../shared/api/routes/patients';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import type { ConsentPayload } from './consent';
import { KEYS_SHOWING_PATIENTS, patientKeys } from './patient-keys';

/** The body of PATIENTS_ROUTES.updatePatient (with `version`). */
export interface PatientPayload {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  /** Null: none (unique in the organization). */
  mrn: string | null;
  /** Medicare Beneficiary Identifier (the server stores it without dashes); null: none. */
  mbi: string | null;
  /** `YYYY-MM-DD`; null: none. */
  date_of_birth: string | null;
  preferred_language: PreferredLanguage;
  /** Absent: unchanged; null: none. */
  billing_practitioner_id?: string | null;
  version?: number;
}

/** The body of PATIENTS_ROUTES.createPatient: the details, the organization and, if asked or scheduled, consent and outreach. */
export interface CreatePatientPayload extends Omit<PatientPayload, 'version'> {
  provider_id: string;
  outreach?: { first_outreach_date: string; time_preference: TimePreference };
  consent?: ConsentPayload;
}

export interface CreatePatientResponse {
  patient: Patient;
  outreach: OutreachCadence | null;
}

export function createPatient(api: ApiClient, body: CreatePatientPayload): Promise<CreatePatientResponse> {
  return sendRoute(api, PATIENTS_ROUTES.createPatient, {
    body,
    fallbackError: FALLBACK_ERRORS.createPatient,
  });
}

export function updatePatient(api: ApiClient, patientId: string, body: PatientPayload): Promise<{ patient: Patient }> {
  return sendRoute(api, PATIENTS_ROUTES.updatePatient, {
    params: { patientId },
    body,
    fallbackError: FALLBACK_ERRORS.updatePatient,
  });
}

async function invalidatePatients(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [patientKeys.all, ...KEYS_SHOWING_PATIENTS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useCreatePatient() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePatientPayload) => createPatient(api, body),
    onSuccess: () => invalidatePatients(queryClient),
  });
}

export function useUpdatePatient(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientPayload) => updatePatient(api, patientId, body),
    onSuccess: () => invalidatePatients(queryClient),
  });
}

export function archivePatient(api: ApiClient, patientId: string): Promise<{ archived: true }> {
  return sendRoute(api, PATIENTS_ROUTES.archivePatient, {
    params: { patientId },
    fallbackError: FALLBACK_ERRORS.deletePatient,
  });
}

/** Deleting a patient archives it (product-rules.md "Records are kept"): it leaves every list and count; records are kept. */
export function useArchivePatient(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => archivePatient(api, patientId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: patientKeys.detail(patientId) });
      await invalidatePatients(queryClient);
    },
  });
}
