import { beforeAll, describe, expect, it } from 'vitest';
import { fhirValidator } from '../../test/support/fhir-validator';
import type { Observation } from '../../shared/domain';
import { observationResources } from './fhir-observations';

// Medplum reads R4's published definitions (some 10 MB of JSON) before its first validation: in a hook
// of its own, so a busy machine's load time is not charged to the first test's 5 s (awaited, not returned:
// vitest would take the returned validator for a teardown).
beforeAll(async () => {
  await fhirValidator();
}, 60_000);

const CALL = '3c1b2a4e-1111-4c59-9a55-0d3f1e0b7a11';
const EARLIER = '4d2c3b5f-1111-4c59-9a55-0d3f1e0b7a11';
const PATIENT_URL = 'urn:uuid:6f1c1c9e-3b1a-5c59-9a55-0d3f1e0b7a11';
const AT = '2026-03-04T14:59:30.000Z';

const observation = (fields: Partial<Observation> & Pick<Observation, 'measure' | 'code' | 'value' | 'unit'>) => ({
  observed_at: AT,
  call_log_id: CALL,
  source: 'device' as const,
  ...fields,
});

const observations: Observation[] = [
  observation({ measure: 'systolic', code: '8480-6', value: 142, unit: 'mm[Hg]' }),
  observation({ measure: 'diastolic', code: '8462-4', value: 88, unit: 'mm[Hg]' }),
  observation({ measure: 'weight', code: '29463-7', value: 181.5, unit: '[lb_av]' }),
  observation({ measure: 'glucose', code: '41653-7', value: 132, unit: 'mg/dL', source: 'reported' }),
  observation({ measure: 'phq9', code: '44261-6', value: 12, unit: '{score}', source: 'reported' }),
  observation({ measure: 'phq9Item9', code: '44260-8', value: 0, unit: '{score}', source: 'reported' }),
  observation({
    measure: 'systolic',
    code: '8480-6',
    value: 151,
    unit: 'mm[Hg]',
    call_log_id: EARLIER,
    observed_at: '2026-02-04T14:59:30.000Z',
  }),
];

describe('observationResources', () => {
  it('gives valid R4 Observations: LOINC codes, UCUM units, categories, the patient and the time', async () => {
    const resources = observationResources(observations, PATIENT_URL);

    const validate = await fhirValidator();
    for (const resource of resources) {
      expect(validate(resource).filter((issue) => issue.severity !== 'warning')).toEqual([]);
    }
    // The validator does refuse an Observation that breaks R4 (no status).
    const { status: _status, ...statusless } = resources[0]!;
    expect(validate(statusless as (typeof resources)[0] & object).some((issue) => issue.severity === 'error')).toBe(
      true,
    );
    expect(resources.map((r) => [r.code?.coding?.[0]?.code, r.category?.[0]?.coding?.[0]?.code])).toEqual([
      ['85354-9', 'vital-signs'],
      ['29463-7', 'vital-signs'],
      ['41653-7', 'laboratory'],
      ['44261-6', 'survey'],
      ['44260-8', 'survey'],
      ['8480-6', 'vital-signs'],
    ]);
    expect(resources[1]).toMatchObject({
      status: 'final',
      subject: { reference: PATIENT_URL },
      effectiveDateTime: AT,
      valueQuantity: { value: 181.5, unit: 'lb', system: 'http://unitsofmeasure.org', code: '[lb_av]' },
      identifier: [{ system: 'urn:careloop:observation', value: `${CALL}:29463-7` }],
      method: { text: 'Read from a home device by the patient' },
    });
    expect(resources[3]).toMatchObject({
      valueQuantity: { value: 12, code: '{score}' },
      method: { text: 'Reported by the patient' },
    });
  });

  it("pairs a call's systolic and diastolic as one blood pressure panel; a lone systolic stays its own", () => {
    const [panel, , , , , lone] = observationResources(observations, PATIENT_URL);

    expect(panel?.valueQuantity).toBeUndefined();
    expect(panel?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([
      ['8480-6', 142],
      ['8462-4', 88],
    ]);
    expect(lone).toMatchObject({ valueQuantity: { value: 151, code: 'mm[Hg]' } });
    expect(lone?.component).toBeUndefined();
  });

  it('is empty without observations', () => {
    expect(observationResources([], PATIENT_URL)).toEqual([]);
  });
});
