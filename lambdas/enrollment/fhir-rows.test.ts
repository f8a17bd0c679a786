import type { Bundle } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirValidator } from '../../test/support/fhir-validator';
import { checkImportRow } from '../../shared/enrollment/import-rows';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { csvRows, ImportFileError } from './csv-rows';
import { fhirRows, ICD10_CM_SYSTEM } from './fhir-rows';

// Medplum reads R4's published definitions (some 10 MB of JSON) before its first validation: in a hook
// of its own, so a busy machine's load time is not charged to the first test's 5 s (awaited, not returned:
// vitest would take the returned validator for a teardown).
beforeAll(async () => {
  await fhirValidator();
}, 60_000);

const PATIENT = 'urn:uuid:6f1c1c9e-3b1a-4c59-9a55-0d3f1e0b7a11';

/** A Bundle as an EHR exports one: the patient, two active conditions, a resolved one, medications, an allergy. */
const bundle: Bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      fullUrl: 'urn:uuid:0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11',
      resource: { resourceType: 'Organization', name: 'Sunrise Family Medicine' },
    },
    {
      fullUrl: PATIENT,
      resource: {
        resourceType: 'Patient',
        identifier: [
          { system: 'urn:oid:2.16.840.1.113883.4.1', value: '123-45-6789' },
          {
            type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] },
            system: 'urn:oid:1.2.3',
            value: 'A-1001',
          },
        ],
        name: [
          { use: 'nickname', given: ['Mari'] },
          { use: 'official', family: 'Lopez', given: ['Maria', 'Elena'] },
        ],
        birthDate: '1948-03-07',
        telecom: [
          { system: 'phone', value: '(813) 555-0100', use: 'home' },
          { system: 'phone', value: '(813) 555-0142', use: 'mobile' },
          { system: 'email', value: 'maria@example.com' },
        ],
        communication: [
          { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en' }] } },
          { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es-MX' }] }, preferred: true },
        ],
      },
    },
    condition('E11.9', 'Type 2 diabetes mellitus without complications', 'active'),
    condition('Z99.2', 'Dependence on renal dialysis', 'active'),
    condition('J45.909', 'Unspecified asthma, uncomplicated', 'resolved'),
    {
      resource: {
        resourceType: 'MedicationStatement',
        status: 'active',
        subject: { reference: PATIENT },
        medicationCodeableConcept: { text: 'Metformin 500 mg' },
      },
    },
    {
      resource: {
        resourceType: 'MedicationRequest',
        status: 'stopped',
        intent: 'order',
        subject: { reference: PATIENT },
        medicationCodeableConcept: { coding: [{ display: 'Lisinopril 10 mg' }] },
      },
    },
    {
      resource: {
        resourceType: 'AllergyIntolerance',
        patient: { reference: PATIENT },
        code: { text: 'Penicillin' },
      },
    },
  ],
};

function condition(code: string, display: string, status: string) {
  return {
    resource: {
      resourceType: 'Condition' as const,
      subject: { reference: PATIENT },
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: status }],
      },
      code: { coding: [{ system: ICD10_CM_SYSTEM, code, display }] },
    },
  };
}

const context = { callingCodes: ['1'], today: '2026-11-26' };

describe('fhirRows', () => {
  it('reads a valid FHIR R4 Bundle as the same patient as its CSV row', async () => {
    const validate = await fhirValidator();
    expect(validate(bundle).filter((issue) => issue.severity !== 'warning')).toEqual([]);
    const [fromFhir, ...others] = fhirRows(bundle);
    expect(others).toEqual([]);
    expect(fromFhir?.row).toBe(2);
    const csv =
      'mrn,first_name,last_name,date_of_birth,phone,email,preferred_language,conditions\nA-1001,Maria,Lopez,03/07/1948,813-555-0142,maria@example.com,es,E11.9;Z99.2\n';
    const csvRead = [];
    for await (const row of csvRows([csv])) csvRead.push(row);
    const [fromCsv] = csvRead;
    const fhirPatient = checkImportRow(fromFhir?.raw ?? {}, 2, context);
    const csvPatient = checkImportRow(
      { ...fromCsv?.raw, conditionNames: { 'Z99.2': 'Dependence on renal dialysis' } },
      2,
      context,
    );
    expect(fhirPatient).toEqual({
      patient: expect.objectContaining({ medications: ['Metformin 500 mg'], allergies: ['Penicillin'] }) as unknown,
    });
    expect(fhirPatient).toEqual({
      patient: {
        ...(csvPatient as { patient: object }).patient,
        medications: ['Metformin 500 mg'],
        allergies: ['Penicillin'],
      },
    });
  });

  it('finds references by Patient/<id> and a server base, and ignores what names no patient of the Bundle', () => {
    const rows = fhirRows({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          fullUrl: 'https://ehr.example/fhir/Patient/p1',
          resource: { resourceType: 'Patient', id: 'p1', identifier: [{ value: 'M1' }] },
        },
        { resource: { ...condition('I10', 'Hypertension', 'active').resource, subject: { reference: 'Patient/p1' } } },
        {
          resource: {
            ...condition('E78.5', 'Hyperlipidemia', 'active').resource,
            subject: { reference: 'https://ehr.example/fhir/Patient/p1/_history/3' },
          },
        },
        { resource: { ...condition('N18.3', 'CKD 3', 'active').resource, subject: { reference: 'Patient/other' } } },
      ],
    });
    expect(rows).toEqual([
      expect.objectContaining({
        row: 1,
        raw: expect.objectContaining({ mrn: 'M1', conditions: 'I10;E78.5' }) as unknown,
      }),
    ]);
  });

  it('refuses JSON that is not a Bundle', () => {
    for (const json of [null, [], { resourceType: 'Patient' }, { resourceType: 'Bundle', entry: {} }]) {
      expect(() => fhirRows(json)).toThrow(new ImportFileError(IMPORT_MESSAGES.notABundle));
    }
  });
});
