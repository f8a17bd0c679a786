import type { Bundle, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirValidator } from '../../test/support/fhir-validator';
import { checkImportRow } from '../../shared/enrollment/import-rows';
import { patientBundle, type PatientChart } from './fhir-bundle';
import { fhirRows } from './fhir-rows';

// Medplum reads R4's published definitions (some 10 MB of JSON) before its first validation: in a hook
// of its own, so a busy machine's load time is not charged to the first test's 5 s (awaited, not returned:
// vitest would take the returned validator for a teardown).
beforeAll(async () => {
  await fhirValidator();
}, 60_000);

const ORG = '0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11';
const PATIENT = '6f1c1c9e-3b1a-4c59-9a55-0d3f1e0b7a11';
const CALL = '3c4d5e6f-3b1a-4c59-9a55-0d3f1e0b7a11';
const author = { user_id: '9d5c1c9e-3b1a-4c59-9a55-0d3f1e0b7a11', name: 'Nurse Joy' };

const chart: PatientChart = {
  patient: {
    id: PATIENT,
    provider_id: ORG,
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria@example.com',
    phone_number: '+18135550142',
    created_at: '2026-01-05T15:00:00.000Z',
    updated_at: '2026-01-05T15:00:00.000Z',
    version: 3,
    consent: { status: 'accepted', date: '2026-01-06' },
    conditionCount: 2,
    ccmEligible: true,
    billingPractitionerId: null,
    mrn: 'A-1001',
    date_of_birth: '1948-03-07',
    mbi: null,
    preferred_language: 'es',
    qmb: null,
    enrollment_stage: null,
  },
  organization: { id: ORG, name: 'Sunrise Family Medicine' },
  carePlan: {
    id: '1a2b3c4d-3b1a-4c59-9a55-0d3f1e0b7a11',
    patient_id: PATIENT,
    provider_id: ORG,
    conditions: [
      { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
      { code: 'I10', description: 'Essential (primary) hypertension' },
    ],
    expected_outcome: 'A1c below 7.5 by June',
    goals: ['Walk 20 minutes a day', 'Check glucose every morning'],
    symptom_management: 'Call the nurse line when glucose is above 300',
    interventions: 'Monthly check-in calls; medication review',
    medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'twice daily with meals' }],
    note: 'Prefers morning calls.',
    created_at: '2026-01-06T16:00:00.000Z',
    updated_at: '2026-02-01T16:00:00.000Z',
    creator: author,
    updated_by: author,
    version: 2,
  },
  consent: [
    {
      id: '2b3c4d5e-3b1a-4c59-9a55-0d3f1e0b7a11',
      status: 'accepted',
      date: '2026-01-06',
      method: 'verbal',
      disclosures: [],
      script_language: 'es',
      recorded_by: author,
      recorded_at: '2026-01-06T16:00:00.000Z',
    },
  ],
  calls: [
    {
      id: CALL,
      patient_id: PATIENT,
      provider_id: ORG,
      patient_name: 'Maria Lopez',
      patient_email: 'maria@example.com',
      provider_name: 'Sunrise Family Medicine',
      status: 'completed',
      kind: 'monthly',
      outcome: 'answered',
      duration: 312,
      created_at: '2026-02-03T15:00:00.000Z',
      updated_at: '2026-02-03T15:06:00.000Z',
      scheduled_at: '2026-02-03T15:00:00.000Z',
      time_preference: 'morning',
      failure_reason: null,
      escalation_level: 'Normal',
      has_transcript: true,
    },
  ],
  texts: [
    {
      id: '4d5e6f70-3b1a-4c59-9a55-0d3f1e0b7a11',
      direction: 'inbound',
      kind: 'callback_request',
      status: 'received',
      body: 'Please call me back',
      included_call_link: false,
      error_code: null,
      sent_by_name: null,
      created_at: '2026-02-04T15:00:00.000Z',
      updated_at: '2026-02-04T15:00:00.000Z',
      callback: null,
    },
  ],
  observations: [
    {
      code: '8480-6',
      measure: 'systolic',
      value: 148,
      unit: 'mm[Hg]',
      observed_at: '2026-02-03T15:04:00.000Z',
      call_log_id: CALL,
      source: 'device',
    },
    {
      code: '8462-4',
      measure: 'diastolic',
      value: 92,
      unit: 'mm[Hg]',
      observed_at: '2026-02-03T15:04:00.000Z',
      call_log_id: CALL,
      source: 'device',
    },
  ],
  at: '2026-11-26T12:00:00.000Z',
};

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as Resource);
const ofType = <T extends Resource['resourceType']>(bundle: Bundle, type: T) =>
  resources(bundle).filter((r): r is Extract<Resource, { resourceType: T }> => r.resourceType === type);

describe('patientBundle', () => {
  it('is a valid FHIR R4 collection Bundle (Medplum validator) with every part of the chart', async () => {
    const bundle = patientBundle(chart);
    const validate = await fhirValidator();
    expect(validate(bundle).filter((issue) => issue.severity !== 'warning')).toEqual([]);
    expect(bundle.type).toBe('collection');
    expect(resources(bundle).map((r) => r.resourceType)).toEqual([
      'Patient',
      'Organization',
      'Condition',
      'Condition',
      'CarePlan',
      'Goal',
      'Goal',
      'MedicationStatement',
      'Consent',
      'Communication',
      'Communication',
      'Observation',
    ]);
    // The call's systolic and diastolic pressures travel as one blood pressure panel.
    expect(ofType(bundle, 'Observation')[0]?.component?.map((c) => c.valueQuantity?.value)).toEqual([148, 92]);
    const [patient] = ofType(bundle, 'Patient');
    expect(patient?.birthDate).toBe('1948-03-07');
    expect(patient?.identifier?.find((i) => i.type?.coding?.[0]?.code === 'MR')?.value).toBe('A-1001');
    expect(ofType(bundle, 'Condition').map((c) => c.code?.coding?.[0])).toEqual([
      {
        system: 'http://hl7.org/fhir/sid/icd-10-cm',
        code: 'E11.9',
        display: 'Type 2 diabetes mellitus without complications',
      },
      { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10', display: 'Essential (primary) hypertension' },
    ]);
    expect(ofType(bundle, 'Consent')[0]?.status).toBe('active');
    expect(ofType(bundle, 'Communication').map((c) => [c.status, c.medium?.[0]?.coding?.[0]?.code])).toEqual([
      ['completed', 'PHONE'],
      ['completed', 'WRITTEN'],
    ]);
  });

  it('is checked by a validator that does refuse a broken Bundle', async () => {
    const bundle = patientBundle(chart);
    const broken = {
      ...bundle,
      entry: bundle.entry?.map((e) =>
        e.resource?.resourceType === 'Consent'
          ? { ...e, resource: { ...e.resource, scope: undefined, dateTime: 'soon' } }
          : e,
      ),
    } as Bundle;
    const validate = await fhirValidator();
    expect(validate(broken).filter((issue) => issue.severity === 'error')).toEqual([
      expect.objectContaining({
        details: { text: 'Missing required property' },
        expression: ['Bundle.entry[8].resource.scope'],
      }),
      expect.objectContaining({
        details: { text: 'Invalid dateTime format' },
        expression: ['Bundle.entry[8].resource.dateTime'],
      }),
    ]);
  });

  it('refers between entries by fullUrl, the same chart giving the same Bundle', () => {
    const bundle = patientBundle(chart);
    const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
    expect(urls.size).toBe(bundle.entry?.length);
    for (const url of urls)
      expect(url).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    for (const reference of references) expect(urls.has(reference.slice(13, -1))).toBe(true);
    expect(patientBundle(chart)).toEqual(bundle);
  });

  it('leaves out what CareLoop does not know, and still validates', async () => {
    const bare = patientBundle({
      ...chart,
      patient: { ...chart.patient, mrn: null, date_of_birth: null, phone_number: null },
      carePlan: null,
      consent: [],
      calls: [],
      texts: [],
      observations: [],
    });
    const validate = await fhirValidator();
    expect(validate(bare).filter((issue) => issue.severity !== 'warning')).toEqual([]);
    expect(resources(bare).map((r) => r.resourceType)).toEqual(['Patient', 'Organization']);
    expect(ofType(bare, 'Patient')[0]).not.toHaveProperty('birthDate');
  });

  it('imports back as the same patient (FHIR out, then in)', () => {
    const [row] = fhirRows(patientBundle(chart));
    const read = checkImportRow(row?.raw ?? {}, 1, { callingCodes: ['1'], today: '2026-11-26' });
    expect(read).toEqual({
      patient: {
        mrn: 'A-1001',
        firstName: 'Maria',
        lastName: 'Lopez',
        dateOfBirth: '1948-03-07',
        phone: '+18135550142',
        email: 'maria@example.com',
        preferredLanguage: 'es',
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
          { code: 'I10', description: 'Essential (primary) hypertension' },
        ],
        medications: ['Metformin'],
        allergies: [],
      },
    });
  });
});
