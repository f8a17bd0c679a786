/**
 * Records as the API answers them (the answer types live in the project's `shared/`): one mapper
 * per record, used by every use case that answers with it.
 */
import { MIN_CHRONIC_CONDITIONS } from '../../shared/ccm/billing';
import type { CallLogDetail, CallLogSummary } from '../../shared/calls';
import { DEFAULT_CARE_ROLE } from '../../shared/roles';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import type { Patient, ProviderOrganization, ProviderRef, UserProfile } from '../../shared/domain';
import type { CallLogRecord } from './records/call-log';
import type { OrganizationRecord } from './records/organization';
import type { PatientRecord } from './records/patient';
import type { UserProfileRecord } from './records/user-profile';

/** Shown for an author whose profile cannot be found. */
export const UNKNOWN_AUTHOR = 'Unknown user';

export function toProvider(record: OrganizationRecord): ProviderOrganization {
  const { status: _status, ...org } = record;
  return { ...org, group_npi: record.group_npi ?? null };
}

export function toPatient(record: PatientRecord): Patient {
  const {
    status: _status,
    consent,
    conditionCount,
    billingPractitionerId,
    mrn,
    date_of_birth: dateOfBirth,
    mbi,
    preferred_language: language,
    enrollmentStage,
    callsStoppedAt: _callsStopped,
    // The program history has its own route (GET /patients/{id}/care-program); a list of patients never carries it.
    carePrograms: _programs,
    careProgramVersion: _programVersion,
    qmbChecks: _qmbChecks,
    qmb,
    ...patient
  } = record;
  return {
    ...patient,
    mrn: mrn ?? null,
    date_of_birth: dateOfBirth ?? null,
    mbi: mbi ?? null,
    preferred_language: language ?? DEFAULT_LANGUAGE,
    qmb: qmb ?? null,
    enrollment_stage: enrollmentStage ?? null,
    consent: consent ?? { status: 'not_asked', date: null },
    conditionCount: conditionCount ?? 0,
    ccmEligible: (conditionCount ?? 0) >= MIN_CHRONIC_CONDITIONS,
    billingPractitionerId: billingPractitionerId ?? null,
  };
}

/** The API's user shape: the profile plus its organization's id and name (null when it has none or it is archived). */
export function toUserProfile(record: UserProfileRecord, provider: ProviderRef | null): UserProfile {
  const { status: _status, care_role: careRole, npi, ...profile } = record;
  return {
    ...profile,
    care_role: record.role === 'provider' ? (careRole ?? DEFAULT_CARE_ROLE) : null,
    npi: record.role === 'provider' ? (npi ?? null) : null,
    full_name: `${record.first_name} ${record.last_name}`.trim(),
    provider: provider && record.provider_id === provider.id ? provider : null,
  };
}

export const patientName = (p: Pick<PatientRecord, 'first_name' | 'last_name'> | undefined) =>
  p ? `${p.first_name} ${p.last_name}`.trim() : 'Unknown Patient';

/** The patient a call names, as its answer shows them (the record may be gone: 'Unknown Patient', no e-mail). */
type CallPatient = Pick<PatientRecord, 'first_name' | 'last_name' | 'email'> | undefined;

export function toCallSummary(log: CallLogRecord, patient: CallPatient, providerName: string): CallLogSummary {
  return {
    id: log.id,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    patient_name: patientName(patient),
    patient_email: patient?.email || null,
    provider_name: providerName,
    status: log.status,
    kind: log.kind,
    outcome: log.outcome,
    duration: log.duration_seconds,
    created_at: log.created_at,
    updated_at: log.updated_at,
    scheduled_at: log.scheduled_at,
    time_preference: log.time_preference,
    failure_reason: log.failure_reason,
    escalation_level: log.escalation_level,
    has_transcript: log.transcript.length > 0,
  };
}

export function toCallDetail(log: CallLogRecord, patient: CallPatient, providerName: string): CallLogDetail {
  return {
    ...toCallSummary(log, patient, providerName),
    transcript: log.transcript,
    summary: log.summary,
    note_to_doctor: log.note_to_doctor,
    success_evaluation: log.success_evaluation,
    ended_reason: log.ended_reason,
    transfer: log.transfer ?? null,
  };
}
