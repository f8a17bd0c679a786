/**
 * A patient's chart as a FHIR R4 Bundle of type `collection` (DECISIONS "Enrollment": FHIR R4 is the
 * exchange format): the Patient and their Organization, a Condition per ICD-10-CM code of the care
 * plan, the CarePlan with its Goals and activities, a MedicationStatement per medication, the CCM
 * Consent, and a Communication per call and text. Typed by Medplum's FHIR types and checked in tests
 * by Medplum's validator; what CareLoop does not know (a date of birth never recorded) is left out,
 * never invented. Pure: the route reads the records and this shapes them.
 */
import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  CarePlan as FhirCarePlan,
  Communication,
  Condition,
  Consent,
  Goal,
  MedicationStatement,
  Organization,
  Patient as FhirPatient,
  Resource,
} from '@medplum/fhirtypes';
import type { CallLogSummary } from '../../shared/calls';
import type { CarePlan, ConsentEntry, Observation, Patient } from '../../shared/domain';
import type { PatientText } from '../../shared/texts';
import { observationResources } from './fhir-observations';
import { ICD10_CM_SYSTEM } from './fhir-rows';

export interface PatientChart {
  patient: Patient;
  organization: { id: string; name: string };
  carePlan: CarePlan | null;
  /** Consent changes, newest first: the newest is the Consent's state. */
  consent: readonly ConsentEntry[];
  calls: readonly CallLogSummary[];
  texts: readonly PatientText[];
  /** Readings and screening scores from calls, newest first (fhir-observations.ts). */
  observations: readonly Observation[];
  /** When the Bundle is made. */
  at: string;
}

/** The systems CareLoop names its own identifiers in (URNs: they are ids, not places to fetch). */
export const CARELOOP_PATIENT_SYSTEM = 'urn:careloop:patient';
export const mrnSystemOf = (organizationId: string) => `urn:careloop:organization:${organizationId}:mrn`;

const IDENTIFIER_TYPES = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONDITION_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CONSENT_SCOPE = 'http://terminology.hl7.org/CodeSystem/consentscope';
const LOINC = 'http://loinc.org';
const PARTICIPATION_MODE = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode';
const LANGUAGE = 'urn:ietf:bcp:47';
/** CMS's CCM consent requirement (42 CFR 410.26 / the CCM booklet): the policy the Consent follows. */
const CCM_CONSENT_POLICY =
  'https://www.cms.gov/outreach-and-education/medicare-learning-network-mln/mlnproducts/downloads/chroniccaremanagement.pdf';

/**
 * Each entry's fullUrl: a `urn:uuid` derived from what it is (name-based, as UUID version 5 is), so
 * the same chart gives the same Bundle and entries refer to each other without a FHIR server.
 */
function urn(kind: string, id: string): string {
  const hex = createHash('sha1').update(`careloop:${kind}:${id}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const entry = (fullUrl: string, resource: Resource): BundleEntry => ({ fullUrl, resource });

function patientResource(chart: PatientChart, organizationUrl: string): FhirPatient {
  const { patient, organization } = chart;
  return {
    resourceType: 'Patient',
    identifier: [
      { system: CARELOOP_PATIENT_SYSTEM, value: patient.id },
      ...(patient.mrn
        ? [
            {
              use: 'usual' as const,
              type: { coding: [{ system: IDENTIFIER_TYPES, code: 'MR', display: 'Medical record number' }] },
              system: mrnSystemOf(organization.id),
              value: patient.mrn,
            },
          ]
        : []),
    ],
    active: true,
    name: [{ use: 'official', family: patient.last_name, given: [patient.first_name] }],
    telecom: [
      ...(patient.phone_number
        ? [{ system: 'phone' as const, value: patient.phone_number, use: 'mobile' as const }]
        : []),
      ...(patient.email ? [{ system: 'email' as const, value: patient.email }] : []),
    ],
    ...(patient.date_of_birth ? { birthDate: patient.date_of_birth } : {}),
    ...(patient.preferred_language
      ? {
          communication: [
            { language: { coding: [{ system: LANGUAGE, code: patient.preferred_language }] }, preferred: true },
          ],
        }
      : {}),
    managingOrganization: { reference: organizationUrl, display: organization.name },
  };
}

function conditionResource(code: string, description: string, patientUrl: string, recordedDate: string): Condition {
  return {
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
    verificationStatus: { coding: [{ system: CONDITION_VERIFICATION, code: 'confirmed' }] },
    category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }],
    code: { coding: [{ system: ICD10_CM_SYSTEM, code, display: description }], text: description },
    subject: { reference: patientUrl },
    recordedDate,
  };
}

/** The newest consent change as a Consent: accepted is active, declined rejected, withdrawn inactive. */
function consentResource(latest: ConsentEntry, patientUrl: string, organizationUrl: string): Consent {
  const status = latest.status === 'accepted' ? 'active' : latest.status === 'declined' ? 'rejected' : 'inactive';
  return {
    resourceType: 'Consent',
    status,
    scope: { coding: [{ system: CONSENT_SCOPE, code: 'treatment', display: 'Treatment' }] },
    category: [{ coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }] }],
    patient: { reference: patientUrl },
    dateTime: latest.date,
    organization: [{ reference: organizationUrl }],
    policy: [{ uri: CCM_CONSENT_POLICY }],
    ...(latest.method ? { sourceAttachment: { title: `CCM consent given ${latest.method}` } } : {}),
  };
}

const CALL_DONE = new Set(['completed']);
const CALL_STOPPED = new Set(['failed', 'cancelled']);

function callCommunication(call: CallLogSummary, patientUrl: string, organizationUrl: string): Communication {
  const status = CALL_DONE.has(call.status) ? 'completed' : CALL_STOPPED.has(call.status) ? 'not-done' : 'in-progress';
  return {
    resourceType: 'Communication',
    identifier: [{ system: 'urn:careloop:call', value: call.id }],
    status,
    medium: [{ coding: [{ system: PARTICIPATION_MODE, code: call.kind === 'web' ? 'VIDEOCONF' : 'PHONE' }] }],
    subject: { reference: patientUrl },
    sender: { reference: organizationUrl },
    recipient: [{ reference: patientUrl }],
    sent: call.created_at,
    topic: { text: `Care check-in call (${call.kind})` },
  };
}

function textCommunication(text: PatientText, patientUrl: string, organizationUrl: string): Communication {
  const inbound = text.direction === 'inbound';
  const failed = text.status === 'failed' || text.status === 'undelivered';
  return {
    resourceType: 'Communication',
    identifier: [{ system: 'urn:careloop:text', value: text.id }],
    status: failed ? 'not-done' : 'completed',
    medium: [{ coding: [{ system: PARTICIPATION_MODE, code: 'WRITTEN' }], text: 'SMS' }],
    subject: { reference: patientUrl },
    sender: { reference: inbound ? patientUrl : organizationUrl },
    recipient: [{ reference: inbound ? organizationUrl : patientUrl }],
    sent: text.created_at,
    ...(text.body ? { payload: [{ contentString: text.body }] } : {}),
  };
}

function carePlanResources(
  plan: CarePlan,
  patientUrl: string,
  conditionUrls: readonly string[],
): { carePlan: FhirCarePlan; goals: { url: string; goal: Goal }[]; medications: MedicationStatement[] } {
  const goals = plan.goals.map((text, index) => ({
    url: urn('goal', `${plan.id}-${index + 1}`),
    goal: {
      resourceType: 'Goal' as const,
      lifecycleStatus: 'active' as const,
      description: { text },
      subject: { reference: patientUrl },
      addresses: conditionUrls.map((reference) => ({ reference })),
    },
  }));
  const carePlan: FhirCarePlan = {
    resourceType: 'CarePlan',
    identifier: [{ system: 'urn:careloop:care-plan', value: plan.id }],
    status: 'active',
    intent: 'plan',
    title: 'Chronic care management plan',
    ...(plan.expected_outcome ? { description: plan.expected_outcome } : {}),
    subject: { reference: patientUrl },
    created: plan.created_at,
    addresses: conditionUrls.map((reference) => ({ reference })),
    goal: goals.map(({ url }) => ({ reference: url })),
    activity: [
      ...(plan.interventions ? [{ detail: { status: 'in-progress' as const, description: plan.interventions } }] : []),
      ...(plan.symptom_management
        ? [
            {
              detail: { status: 'in-progress' as const, description: `Symptom management: ${plan.symptom_management}` },
            },
          ]
        : []),
    ],
    ...(plan.note ? { note: [{ text: plan.note }] } : {}),
  };
  const medications = plan.medications.map((m): MedicationStatement => ({
    resourceType: 'MedicationStatement',
    status: 'active',
    medicationCodeableConcept: { text: m.name },
    subject: { reference: patientUrl },
    ...(m.dose || m.instructions ? { dosage: [{ text: [m.dose, m.instructions].filter(Boolean).join(', ') }] } : {}),
  }));
  return { carePlan, goals, medications };
}

/** The chart as a `collection` Bundle, entries referring to each other by their fullUrl. */
export function patientBundle(chart: PatientChart): Bundle {
  const patientUrl = urn('patient', chart.patient.id);
  const organizationUrl = urn('organization', chart.organization.id);
  const organization: Organization = {
    resourceType: 'Organization',
    identifier: [{ system: 'urn:careloop:organization', value: chart.organization.id }],
    name: chart.organization.name,
  };
  const plan = chart.carePlan;
  const conditions = (plan?.conditions ?? []).map((c) => ({
    url: urn('condition', `${chart.patient.id}-${c.code}`),
    condition: conditionResource(c.code, c.description, patientUrl, plan?.created_at ?? chart.at),
  }));
  const planned = plan
    ? carePlanResources(
        plan,
        patientUrl,
        conditions.map((c) => c.url),
      )
    : null;
  const [latestConsent] = chart.consent;
  const entries: BundleEntry[] = [
    entry(patientUrl, patientResource(chart, organizationUrl)),
    entry(organizationUrl, organization),
    ...conditions.map(({ url, condition }) => entry(url, condition)),
    ...(planned
      ? [
          entry(urn('care-plan', plan?.id ?? ''), planned.carePlan),
          ...planned.goals.map(({ url, goal }) => entry(url, goal)),
          ...planned.medications.map((m, index) => entry(urn('medication', `${plan?.id ?? ''}-${index + 1}`), m)),
        ]
      : []),
    ...(latestConsent
      ? [entry(urn('consent', latestConsent.id), consentResource(latestConsent, patientUrl, organizationUrl))]
      : []),
    ...chart.calls.map((call) => entry(urn('call', call.id), callCommunication(call, patientUrl, organizationUrl))),
    ...chart.texts.map((text) => entry(urn('text', text.id), textCommunication(text, patientUrl, organizationUrl))),
    ...observationResources(chart.observations, patientUrl).map((observation) =>
      entry(urn('observation', observation.identifier?.[0]?.value ?? ''), observation),
    ),
  ];
  return { resourceType: 'Bundle', type: 'collection', timestamp: chart.at, entry: entries };
}
