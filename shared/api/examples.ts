/**
 * Example requests and answers for the OpenAPI document: made-up people and organizations (no
 * PHI), shaped by the same schemas (`contract.test.ts` parses every example with its route's).
 */
import type { CallLogDetail, CallLogSummary, SystemSettings } from '../calls';
import { DEFAULT_SYSTEM_PROMPT } from '../values/settings';
import type {
  AccessHistoryEntry,
  CarePlan,
  ClinicalDocument,
  ConsentEntry,
  Observation,
  OutreachCadence,
  Patient,
  ProviderOrganization,
  UserProfile,
} from '../domain';
import type { SummaryItem } from '../summaries';
import type { BillingReportRow, CcmMonthTotals, TimeEntry } from '../care-time';
import type { PatientText } from '../texts';

export const EXAMPLE_IDS = {
  provider: '3f0c5a9e-1b2d-4c6e-8f10-2a3b4c5d6e7f',
  user: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  patient: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  call: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  document: '7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3928',
  audit: 'e0f1a2b3-c4d5-4e6f-8a9b-0c1d2e3f4a5b',
  text: '20261123T101500123Z-1a2b3c4d',
  /** A link token's shape: base64url of 32 random bytes. */
  linkToken: 'Zm9yLWRvY3Mtb25seS1ub3QtYS1yZWFsLWxpbmstdG9',
} as const;

const CREATED = '2026-11-02T14:05:00.000Z';
const UPDATED = '2026-11-20T09:30:00.000Z';

export const exampleProvider: ProviderOrganization = {
  id: EXAMPLE_IDS.provider,
  name: 'Sunrise Family Practice',
  address: '100 Example Avenue, Springfield',
  telephone: '(555) 010-0100',
  office_email: 'office@sunrise.example',
  timezone: 'America/New_York',
  sms_sender: '+15550100101',
  created_at: CREATED,
  updated_at: UPDATED,
  patient_count: 42,
  version: 3,
  daily_call_limit: null,
  daily_text_limit: 120,
  on_call_number: '+12025550199',
  group_npi: '1245319599',
};

export const exampleUser: UserProfile = {
  id: EXAMPLE_IDS.user,
  email: 'nurse@sunrise.example',
  first_name: 'Robin',
  last_name: 'Example',
  full_name: 'Robin Example',
  phone_number: '+15555550100',
  role: 'provider',
  provider_id: EXAMPLE_IDS.provider,
  provider: { id: EXAMPLE_IDS.provider, name: exampleProvider.name },
  assigned_at: CREATED,
  notification_preferences: { new_summaries: ['email'], escalations: ['email', 'sms'] },
  created_at: CREATED,
  care_role: 'clinical_staff',
  npi: null,
};

export const examplePatient: Patient = {
  id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  first_name: 'Sam',
  last_name: 'Sample',
  email: 'sam.sample@example.com',
  phone_number: '+15555550123',
  created_at: CREATED,
  updated_at: UPDATED,
  version: 2,
  consent: { status: 'accepted', date: '2026-11-02' },
  conditionCount: 2,
  ccmEligible: true,
  billingPractitionerId: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  mrn: 'MRN-000417',
  date_of_birth: '1948-03-07',
  mbi: '1EG4TE5MK73',
  preferred_language: 'en',
  qmb: { status: false, checked_on: '2026-11-02' },
  enrollment_stage: 'enrolled',
};

export const exampleOutreach: OutreachCadence = {
  patient_id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  created_by: EXAMPLE_IDS.user,
  first_outreach_date: '2026-12-01',
  time_preference: 'morning',
  enabled: true,
  scheduled_at: '2026-12-01T14:00:00.000Z',
  created_at: CREATED,
};

const author = { user_id: EXAMPLE_IDS.user, name: exampleUser.full_name };

export const exampleDocument: ClinicalDocument = {
  id: EXAMPLE_IDS.document,
  patient_id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  content: 'Goals: walk 20 minutes a day; check blood pressure every morning.',
  created_at: CREATED,
  updated_at: UPDATED,
  creator: author,
  updated_by: author,
  version: 2,
};

export const exampleCarePlan: CarePlan = {
  id: EXAMPLE_IDS.document,
  patient_id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  conditions: [
    { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { code: 'I10', description: 'Essential (primary) hypertension' },
  ],
  expected_outcome: 'Stable blood sugar and blood pressure; good prognosis with adherence.',
  goals: ['A1c below 7.0% within 6 months', 'Blood pressure below 130/80'],
  symptom_management: 'Ask about dizziness, thirst and swelling of the ankles.',
  interventions: 'Monthly check-in call; nutrition counselling referral.',
  medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'Twice daily with meals' }],
  note: 'Prefers morning calls.',
  created_at: CREATED,
  updated_at: UPDATED,
  creator: author,
  updated_by: author,
  version: 2,
};

export const exampleConsentEntry: ConsentEntry = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  status: 'accepted',
  date: '2026-11-02',
  method: 'verbal',
  disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
  script_language: 'en',
  recorded_by: author,
  recorded_at: CREATED,
};

export const exampleAccessHistoryEntry: AccessHistoryEntry = {
  id: EXAMPLE_IDS.audit,
  at: UPDATED,
  action: 'patient.read',
  outcome: 'success',
  actor: {
    kind: 'person',
    user_id: EXAMPLE_IDS.user,
    role: 'provider',
    organization_id: EXAMPLE_IDS.provider,
    name: exampleUser.full_name,
    email: exampleUser.email,
  },
  request_id: 'b7a1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  source_ip: '203.0.113.7',
};

export const exampleCall: CallLogSummary = {
  id: EXAMPLE_IDS.call,
  patient_id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  patient_name: 'Sam Sample',
  patient_email: examplePatient.email,
  provider_name: exampleProvider.name,
  status: 'completed',
  kind: 'monthly',
  outcome: 'answered',
  duration: 312,
  created_at: UPDATED,
  updated_at: UPDATED,
  scheduled_at: UPDATED,
  time_preference: 'morning',
  failure_reason: null,
  escalation_level: 'Normal',
  has_transcript: true,
};

export const exampleObservation: Observation = {
  code: '8480-6',
  measure: 'systolic',
  value: 132,
  unit: 'mm[Hg]',
  observed_at: UPDATED,
  call_log_id: EXAMPLE_IDS.call,
  source: 'device',
};

const transcript = [
  { speaker: 'assistant' as const, text: 'Hello, this is Care. How have you been feeling this month?' },
  { speaker: 'patient' as const, text: 'Pretty well, thank you.' },
];

export const exampleCallDetail: CallLogDetail = {
  ...exampleCall,
  transcript,
  summary: 'Monthly check-in completed; no new concerns.',
  note_to_doctor: null,
  success_evaluation: true,
  ended_reason: 'customer-ended-call',
  transfer: null,
};

export const exampleSettings: SystemSettings = {
  assistantId: 'assistant-example-id',
  voiceId: 'burt',
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  version: 4,
  updated_at: UPDATED,
};

export const exampleSummary: SummaryItem = {
  id: EXAMPLE_IDS.call,
  call_id: EXAMPLE_IDS.call,
  patient_id: EXAMPLE_IDS.patient,
  provider_id: EXAMPLE_IDS.provider,
  patient_name: 'Sam Sample',
  summary: 'Monthly check-in completed; no new concerns.',
  status: 'successful',
  escalation_level: null,
  note_to_doctor: null,
  duration: 312,
  created_at: UPDATED,
  version: 3,
};

export const exampleText: PatientText = {
  id: EXAMPLE_IDS.text,
  direction: 'outbound',
  kind: 'check_in',
  status: 'delivered',
  body: 'Hi Sam, this is your care team checking in. Reply to this message if you would like a call back.',
  included_call_link: false,
  error_code: null,
  sent_by_name: exampleUser.full_name,
  created_at: UPDATED,
  updated_at: UPDATED,
  callback: null,
};

export const exampleTranscript = transcript;

export const exampleTimeEntry: TimeEntry = {
  id: '2026-11_20261120T093000000Z-1a2b3c4d',
  patient_id: EXAMPLE_IDS.patient,
  date: '2026-11-20',
  minutes: 12,
  activity: 'Care plan review',
  note: null,
  source: 'timer',
  call_id: null,
  user_id: EXAMPLE_IDS.user,
  user_name: exampleUser.full_name,
  care_role: 'clinical_staff',
  counts_as: 'staff',
  created_at: UPDATED,
  voids: null,
};

export const exampleCcmTotals: CcmMonthTotals = {
  staff_minutes: 24,
  practitioner_minutes: 0,
  non_clinical_minutes: 5,
  ai_contacts: 1,
  ai_minutes: 6,
};

export const exampleBillingRow: BillingReportRow = {
  ...exampleCcmTotals,
  patient_id: EXAMPLE_IDS.patient,
  patient_name: 'Sam Sample',
  month: '2026-11',
  consent: { status: 'accepted', date: '2026-10-02' },
  conditions: 2,
  complex: false,
  codes: [{ code: '99490', minutes: 20, reason: 'At least 20 minutes of clinical staff time' }],
  reason: 'Consent, two chronic conditions and 24 minutes of clinical staff time',
  billed: null,
  ready: true,
  program: 'ccm',
  pcm_condition: null,
  payment: 60,
  better: null,
};
