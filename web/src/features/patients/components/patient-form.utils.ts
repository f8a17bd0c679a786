import type { Patient } from '../../../../../shared/domain';
import { firstError, patientFormSchema } from '../../../../../shared/validation';
import type { PatientPayload } from '../api/save-patient';

export interface PatientFormValues {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
}

export const EMPTY_PATIENT_FORM: PatientFormValues = { email: '', first_name: '', last_name: '', phone_number: '' };

export function patientToFormValues(patient: Patient): PatientFormValues {
  return {
    email: patient.email,
    first_name: patient.first_name,
    last_name: patient.last_name,
    phone_number: patient.phone_number ?? '',
  };
}

/** Trimmed values; an empty phone is null; an edit carries the `version` read. */
export function toPatientPayload(values: PatientFormValues, version?: number): PatientPayload {
  const body: PatientPayload = {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone_number: values.phone_number.trim() || null,
  };
  if (version !== undefined) body.version = version;
  return body;
}

/** The first message of product-rules.md "Validation" (edit patient) that the values break, or null. */
export function validatePatientForm(values: PatientFormValues): string | null {
  return firstError(patientFormSchema, toPatientPayload(values));
}
