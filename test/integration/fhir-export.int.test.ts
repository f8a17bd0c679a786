/**
 * FHIR R4 out against the running API (issue 24 item 5): the Bundle of a real patient (care plan,
 * consent, a call and a text) is valid R4 by Medplum's validator, and reads back through the
 * import's own FHIR reader as the same patient.
 */
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Patient } from '../../shared/domain';
import { checkImportRow } from '../../shared/enrollment/import-rows';
import { todayIn } from '../../shared/time-preferences';
import { fhirRows } from '../../lambdas/enrollment/fhir-rows';
import { call } from '../support/api';
import { fhirValidator } from '../support/fhir-validator';
import {
  auditTrail,
  createPatient,
  demoOrganizations,
  eventually,
  expectStatus,
  sunriseToken,
  unique,
} from '../support/fixtures';

const stack = inject('stack');
let sunrise: string;
let nurse: string;

beforeAll(async () => {
  sunrise = (await demoOrganizations(stack)).sunrise;
  nurse = await sunriseToken(stack);
});

/** A number no other test uses (ends in 6: the voice simulator answers it). */
const freshNumber = () => `+1727${200_000 + Math.floor(Math.random() * 800_000)}6`;

const exportOf = async (patientId: string) => {
  const res = await fetch(`${stack.apiUrl}/patients/${patientId}/fhir`, {
    headers: { Authorization: `Bearer ${nurse}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/fhir+json');
  return (await res.json()) as Bundle;
};

const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as Resource);

describe('GET /patients/{patientId}/fhir', () => {
  it('answers a valid R4 Bundle of the whole chart that imports back as the same patient', async () => {
    const today = todayIn('America/New_York', new Date());
    // Two days back: in the past in any organization's time zone.
    const consentDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const patient: Patient = await createPatient(
      stack,
      sunrise,
      {
        first_name: 'Elena',
        last_name: unique('Ruiz'),
        phone_number: freshNumber(),
        mrn: unique('MRN'),
        date_of_birth: '1951-06-14',
        preferred_language: 'es',
        consent: {
          status: 'accepted',
          date: consentDate,
          method: 'verbal',
          disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
        },
      },
      nurse,
    );
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/care-plan`, {
        token: nurse,
        body: {
          conditions: [
            { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
            { code: 'I10', description: 'Essential (primary) hypertension' },
          ],
          goals: ['Walk 20 minutes a day'],
          medications: [{ name: 'Metformin', dose: '500 mg', instructions: 'twice daily' }],
          interventions: 'Monthly check-in calls',
          note: 'Lives alone',
        },
      }),
      201,
    );
    expectStatus(await call(stack, 'POST', `/patients/${patient.id}/calls`, { token: nurse }), 201);
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, {
        token: nurse,
        body: { body: 'Checking in', includeMagicLink: false },
      }),
      201,
    );

    const bundle = await exportOf(patient.id);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const kinds = resources(bundle).map((r) => r.resourceType);
    expect(kinds.filter((k) => k === 'Condition')).toHaveLength(2);
    for (const kind of ['Patient', 'Organization', 'CarePlan', 'Goal', 'MedicationStatement', 'Consent']) {
      expect(kinds).toContain(kind);
    }
    // A Communication for the call and one for the text.
    expect(kinds.filter((k) => k === 'Communication')).toHaveLength(2);

    const validate = await fhirValidator();
    const errors = [bundle, ...resources(bundle)].flatMap((r) =>
      validate(r)
        .filter((issue) => issue.severity === 'error')
        .map((issue) => `${r.resourceType}: ${issue.details?.text ?? ''} ${issue.expression?.join(',') ?? ''}`),
    );
    expect(errors).toEqual([]);

    const rows = fhirRows(bundle);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const outcome = checkImportRow(row!.raw, row!.row, { callingCodes: ['1'], today });
    expect(outcome).toEqual({
      patient: {
        mrn: patient.mrn,
        firstName: 'Elena',
        lastName: patient.last_name,
        dateOfBirth: '1951-06-14',
        phone: patient.phone_number,
        email: patient.email,
        preferredLanguage: 'es',
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
          { code: 'I10', description: 'Essential (primary) hypertension' },
        ],
        medications: ['Metformin'],
        allergies: [],
      },
    });

    // Audited as a read of the patient.
    await eventually(
      () => auditTrail(stack, `patient:${patient.id}`),
      (events) => events.some((e) => e.action === 'patient.export_fhir' && e.outcome === 'success'),
    );
  });
});
