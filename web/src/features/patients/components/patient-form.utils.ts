import type { Patient } from '../../../../../shared/domain';
import { formatMbi } from '../../../../../shared/ccm/identifiers';
import { DEFAULT_LANGUAGE, type PreferredLanguage } from '../../../../../shared/enrollment/patient-fields';
import { firstError, patientFormSchema } from '../../../../../shared/validation';
import type { PatientPayload } from '../api/save-patient';

export interface PatientFormValues {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  mrn: string;
  /** Medicare Beneficiary Identifier as typed (dashes allowed), or empty. */
  mbi: string;
  /** `YYYY-MM-DD` as a date input gives it, or empty. */
  date_of_birth: string;
  preferred_language: PreferredLanguage;
}

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  phone_number: '',
  mrn: '',
  mbi: '',
  date_of_birth: '',
  preferred_language: DEFAULT_LANGUAGE,
};

export function patientToFormValues(patient: Patient): PatientFormValues {
  return {
    email: patient.email,
    first_name: patient.first_name,
    last_name: patient.last_name,
    phone_number: patient.phone_number ?? '',
    mrn: patient.mrn ?? '',
    mbi: patient.mbi ? formatMbi(patient.mbi) : '',
    date_of_birth: patient.date_of_birth ?? '',
    preferred_language: patient.preferred_language,
  };
}

/** Trimmed values; an empty phone, MRN, MBI or date of birth is null (none); an edit carries the `version` read. */
export function toPatientPayload(values: PatientFormValues, version?: number): PatientPayload {
  const body: PatientPayload = {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    phone_number: values.phone_number.trim() || null,
    mrn: values.mrn.trim() || null,
    mbi: values.mbi.trim() || null,
    date_of_birth: values.date_of_birth.trim() || null,
    preferred_language: values.preferred_language,
  };
  if (version !== undefined) body.version = version;
  return body;
}

/** The first message of product-rules.md "Validation" (edit patient) that the values break, or null. */
export function validatePatientForm(values: PatientFormValues): string | null {
  return firstError(patientFormSchema, toPatientPayload(values));
}
