/**
 * Records as the API answers them, for component tests: each factory gives one plausible record
 * of the Sunrise Family Medicine practice, and a test overrides only the fields it is about.
 */
import type { CallLogSummary } from '../../../shared/calls';
import type { BillingReportRow, TimeEntriesAnswer, TimeEntry } from '../../../shared/care-time';
import type {
  AccessHistoryEntry,
  CarePlan,
  ClinicalDocument,
  ConsentEntry,
  Patient,
  ProviderOrganization,
  UserProfile,
} from '../../../shared/domain';
import { SUMMARY_TABS } from '../../../shared/values/summaries';
import type { SummaryCounts, SummaryItem } from '../../../shared/summaries';
import type { PatientText, PatientTextsResponse } from '../../../shared/texts';

/** One page of a paged list, as the server answers it. */
export function page<T>(items: T[], next_cursor: string | null = null) {
  return { items, next_cursor };
}

export function organization(overrides: Partial<ProviderOrganization> = {}): ProviderOrganization {
  return {
    id: 'prov-1',
    name: 'Sunrise Family Medicine',
    address: '1 Main St, Tampa FL',
    telephone: '(555) 010-2000',
    office_email: 'office@sunrise.example',
    timezone: 'America/New_York',
    sms_sender: null,
    created_at: '2025-03-04T12:00:00.000Z',
    updated_at: '2025-03-04T12:00:00.000Z',
    patient_count: 0,
    daily_call_limit: null,
    daily_text_limit: null,
    on_call_number: null,
    group_npi: null,
    version: 1,
    ...overrides,
  };
}

/** A user as `GET /users` lists it: a colleague of the signed-in user. */
export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'user-2',
    email: 'colleague@sunrise.example',
    first_name: 'Cole',
    last_name: 'League',
    full_name: 'Cole League',
    phone_number: null,
    role: 'provider',
    provider_id: 'prov-1',
    provider: { id: 'prov-1', name: 'Sunrise Family Medicine' },
    assigned_at: null,
    notification_preferences: { new_summaries: [], escalations: [] },
    care_role: 'clinical_staff',
    npi: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in user (`/me`) of component tests: a provider of Sunrise Family Medicine. */
export function signedInUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfile({
    id: 'user-1',
    email: 'nurse@sunrise.example',
    first_name: 'Nora',
    last_name: 'Nurse',
    full_name: 'Nora Nurse',
    ...overrides,
  });
}

export function patient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 'pat-1',
    provider_id: 'prov-1',
    first_name: 'Margaret',
    last_name: 'Alvarez',
    email: 'margaret@patients.example',
    phone_number: '+18135551000',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
    consent: { status: 'accepted', date: '2025-01-02' },
    conditionCount: 2,
    ccmEligible: true,
    billingPractitionerId: null,
    mrn: null,
    date_of_birth: null,
    mbi: null,
    preferred_language: 'en',
    qmb: null,
    enrollment_stage: null,
    ...overrides,
  };
}

/** `GET /patients/{patientId}`: the patient, their organization, and no outreach yet. */
export function patientDetail(record: Patient = patient()) {
  return {
    patient: record,
    provider: { id: record.provider_id, name: 'Sunrise Family Medicine', timezone: 'America/New_York' },
    outreach: null,
  };
}

export function consentEntry(overrides: Partial<ConsentEntry> = {}): ConsentEntry {
  return {
    id: 'c-1',
    status: 'accepted',
    date: '2026-01-05',
    method: 'verbal',
    disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
    script_language: 'en',
    recorded_by: { user_id: 'nurse-1', name: 'Nora Ellis' },
    recorded_at: '2026-01-05T15:00:00.000Z',
    ...overrides,
  };
}

export function carePlan(overrides: Partial<CarePlan> = {}): CarePlan {
  return {
    id: 'doc-1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    conditions: [{ code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' }],
    expected_outcome: '',
    goals: ['A1c below 7.0%'],
    symptom_management: '',
    interventions: '',
    medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'Twice daily' }],
    note: 'Prefers mornings.',
    created_at: '2026-01-05T15:00:00.000Z',
    updated_at: '2026-01-05T15:00:00.000Z',
    creator: { user_id: 'nurse-1', name: 'Nora Ellis' },
    updated_by: { user_id: 'nurse-1', name: 'Nora Ellis' },
    version: 1,
    ...overrides,
  };
}

/** A free-text clinical document (the legacy care plan, or a note). */
export function clinicalDocument(overrides: Partial<ClinicalDocument> = {}): ClinicalDocument {
  return {
    id: 'cp1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    content: 'Daily walk.',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-02T00:00:00.000Z',
    creator: { user_id: 'nurse-1', name: 'Nina Patel' },
    updated_by: { user_id: 'nurse-1', name: 'Nina Patel' },
    version: 1,
    ...overrides,
  };
}

export function accessHistoryEntry(overrides: Partial<AccessHistoryEntry> = {}): AccessHistoryEntry {
  return {
    id: 'a-1',
    at: '2026-03-02T15:30:00.000Z',
    action: 'care_plan.read',
    outcome: 'success',
    actor: {
      kind: 'person',
      user_id: 'nurse-1',
      role: 'provider',
      organization_id: 'prov-1',
      name: 'Nora Ellis',
      email: 'nurse@sunrise.example',
    },
    request_id: 'req-a-1',
    source_ip: '203.0.113.7',
    ...overrides,
  };
}

export function callLog(overrides: Partial<CallLogSummary> = {}): CallLogSummary {
  return {
    id: 'call-1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    patient_name: 'Margaret Alvarez',
    patient_email: 'margaret@example.com',
    provider_name: 'Sunrise Family Medicine',
    status: 'completed',
    kind: 'instant',
    outcome: 'answered',
    duration: 125,
    created_at: '2025-03-04T15:00:00.000Z',
    updated_at: '2025-03-04T15:02:05.000Z',
    scheduled_at: null,
    time_preference: null,
    failure_reason: null,
    escalation_level: null,
    has_transcript: true,
    ...overrides,
  };
}

export function summaryItem(overrides: Partial<SummaryItem> = {}): SummaryItem {
  return {
    id: 'sum-1',
    call_id: 'call-1',
    patient_id: 'pat-1',
    provider_id: 'prov-1',
    patient_name: 'Margaret Alvarez',
    summary: 'Monthly check-in completed. The patient reports feeling well.',
    status: 'requires_followup',
    escalation_level: 'Normal',
    note_to_doctor: null,
    duration: 125,
    created_at: '2025-03-04T15:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The number of summaries in each tab: 0 unless given. */
export function summaryCounts(overrides: Partial<SummaryCounts> = {}): SummaryCounts {
  return { ...Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, 0])), ...overrides } as SummaryCounts;
}

export function patientText(overrides: Partial<PatientText> = {}): PatientText {
  return {
    id: 'txt-1',
    direction: 'outbound',
    kind: 'check_in',
    status: 'delivered',
    body: 'Hi Margaret, this is your care team checking in.',
    included_call_link: false,
    error_code: null,
    sent_by_name: 'Nora Nurse',
    created_at: '2026-03-04T15:00:00.000Z',
    updated_at: '2026-03-04T15:00:05.000Z',
    callback: null,
    ...overrides,
  };
}

/** `GET /patients/{patientId}/texts`: no messages, a phone on file, none sent this month. */
export function patientTexts(overrides: Partial<PatientTextsResponse> = {}): PatientTextsResponse {
  return {
    messages: [],
    next_cursor: null,
    has_phone: true,
    opted_out: false,
    opted_out_at: null,
    monthly_limit: 5,
    sent_this_month: 0,
    open_callback_requests: 0,
    ...overrides,
  };
}

export function timeEntry(overrides: Partial<TimeEntry> = {}): TimeEntry {
  return {
    id: 'te-1',
    patient_id: 'pat-1',
    date: '2026-03-02',
    minutes: 12,
    activity: 'Care plan review',
    note: null,
    source: 'manual',
    call_id: null,
    user_id: 'user-1',
    user_name: 'Nora Nurse',
    care_role: 'clinical_staff',
    counts_as: 'staff',
    created_at: '2026-03-02T15:00:00.000Z',
    voids: null,
    ...overrides,
  };
}

/** `GET /patients/{patientId}/time-entries`: an empty month. */
export function timeEntriesMonth(overrides: Partial<TimeEntriesAnswer> = {}): TimeEntriesAnswer {
  return {
    month: '2026-03',
    items: [],
    next_cursor: null,
    totals: { staff_minutes: 0, practitioner_minutes: 0, non_clinical_minutes: 0, ai_contacts: 0, ai_minutes: 0 },
    complex: false,
    billed: null,
    ...overrides,
  };
}

/** A billing report row for a patient with too little time to bill. */
export function billingRow(overrides: Partial<BillingReportRow> = {}): BillingReportRow {
  return {
    patient_id: 'pat-1',
    patient_name: 'Margaret Alvarez',
    month: '2026-03',
    consent: { status: 'accepted', date: '2026-01-05' },
    conditions: 2,
    staff_minutes: 0,
    practitioner_minutes: 0,
    non_clinical_minutes: 0,
    ai_contacts: 0,
    ai_minutes: 0,
    complex: false,
    codes: [],
    reason: 'Fewer than 20 minutes of clinical staff time',
    billed: null,
    ready: false,
    program: 'ccm',
    pcm_condition: null,
    payment: 0,
    better: null,
    ...overrides,
  };
}
