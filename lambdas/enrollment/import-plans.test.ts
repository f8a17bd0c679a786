import { describe, expect, it } from 'vitest';
import type { ImportedPatient } from '../../shared/enrollment/import-rows';
import {
  fitsBatch,
  importBatchPlan,
  importedCarePlan,
  importedPatientWrites,
  importStatusPlan,
  TRANSACTION_ITEMS,
} from './import-plans';

const ORG = '0b7c2a4e-1111-4c59-9a55-0d3f1e0b7a11';
const STAFF = '9d5c1c9e-3b1a-4c59-9a55-0d3f1e0b7a11';
const imp = { id: 'a1b2c3d4-3b1a-4c59-9a55-0d3f1e0b7a11', provider_id: ORG, created_by: STAFF };
const AT = '2026-11-27T02:00:00.000Z';

const patient: ImportedPatient = {
  mrn: 'A-1001',
  firstName: 'Maria',
  lastName: 'Lopez',
  dateOfBirth: '1948-03-07',
  phone: '+18135550142',
  email: null,
  preferredLanguage: 'es',
  conditions: [
    { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
    { code: 'I10', description: 'Essential (primary) hypertension' },
  ],
  medications: ['Metformin'],
  allergies: ['Penicillin', 'Latex'],
};
const row = (n: number, p: ImportedPatient = patient) => ({
  row: n,
  patient: p,
  patientId: `p${n}`,
  carePlanId: `c${n}`,
  auditId: `e${n}`,
});

describe('importedPatientWrites', () => {
  it('writes the patient without consent or outreach, its MRN claim, care plan, worklist place, search entries and audit event', () => {
    const writes = importedPatientWrites(imp, row(2), AT);
    expect(writes.map((w) => `${w.op} ${w.entity}`)).toEqual([
      'create patient',
      'create patientMrn',
      'create carePlan',
      'put awaitingConsent',
      'put enrollmentEntry',
      ...writes.filter((w) => w.entity === 'searchEntry').map(() => 'put searchEntry'),
      'create auditEvent',
    ]);
    const [created, claim] = writes;
    expect(created).toMatchObject({
      item: {
        patient_id: 'p2',
        provider_id: ORG,
        mrn: 'A-1001',
        date_of_birth: '1948-03-07',
        preferred_language: 'es',
        condition_count: 2,
        enrollment_stage: 'eligible',
        email: '',
        created_by: STAFF,
      },
    });
    expect(created && 'item' in created ? created.item : {}).not.toHaveProperty('consent_status');
    expect(claim).toMatchObject({ item: { mrn: 'A-1001', patient_id: 'p2', import_id: imp.id }, refusal: 'mrn_taken' });
    // The care plan's first version has no revision item yet: the first save that replaces it writes one.
    expect(writes.find((w) => w.entity === 'carePlan')).toMatchObject({
      item: { document_id: 'c2', version: 1, updated_by_user_id: STAFF, revision_unwritten: true },
    });
    expect(writes.at(-1)).toMatchObject({
      item: expect.objectContaining({ actor_id: STAFF, action: 'patient.import', patient_id: 'p2' }),
    });
    // An import from before names were kept: the event and care plan carry the id only.
    expect(writes.at(-1)).not.toHaveProperty('item.actor_name');
    expect(writes.find((w) => w.entity === 'carePlan')).not.toHaveProperty('item.created_by_name');
  });

  it('names the staff user who started the import, as they were then, on the audit event and the care plan', () => {
    const named = { ...imp, created_by_name: 'Nora Ellis', created_by_email: 'nora@sunrise.example' };
    const writes = importedPatientWrites(named, row(2), AT);
    expect(writes.at(-1)).toMatchObject({
      item: { actor_id: STAFF, actor_name: 'Nora Ellis', actor_email: 'nora@sunrise.example' },
    });
    expect(writes.find((w) => w.entity === 'carePlan')).toMatchObject({
      item: { created_by_user_id: STAFF, created_by_name: 'Nora Ellis', updated_by_name: 'Nora Ellis' },
    });
  });

  it('puts a patient of one condition outside the funnel, and writes no care plan for a row with nothing to plan', () => {
    const bare = { ...patient, conditions: [patient.conditions[0]!], medications: [], allergies: [] };
    const writes = importedPatientWrites(imp, row(3, bare), AT);
    expect(writes[0] && 'item' in writes[0] ? writes[0].item : {}).not.toHaveProperty('enrollment_stage');
    expect(writes.some((w) => w.entity === 'enrollmentEntry')).toBe(false);
    // One chronic condition: a PCM candidate instead.
    expect(writes).toContainEqual({
      op: 'put',
      entity: 'pcmCandidate',
      item: {
        provider_id: ORG,
        created_at: AT,
        patient_id: 'p3',
        entered_at: AT,
        // What the Enrollment panel's list shows of the patient, copied from the row.
        first_name: 'Maria',
        last_name: 'Lopez',
        condition_count: 1,
        has_phone: true,
        preferred_language: 'es',
      },
    });
    const none = importedPatientWrites(imp, row(4, { ...bare, conditions: [] }), AT);
    expect(none.some((w) => w.entity === 'carePlan')).toBe(false);
    expect(none.some((w) => w.entity === 'pcmCandidate')).toBe(false);
    expect(importedPatientWrites(imp, row(5), AT).some((w) => w.entity === 'pcmCandidate')).toBe(false);
  });
});

describe('importedCarePlan', () => {
  it('holds the conditions and medications, and the allergies in its note', () => {
    expect(importedCarePlan(patient)).toEqual({
      fields: expect.objectContaining({
        conditions: patient.conditions,
        medications: [{ name: 'Metformin', dose: '', instructions: '' }],
      }),
      note: 'Allergies (from the imported record): Penicillin, Latex',
    });
  });
});

describe('importBatchPlan', () => {
  it('sums the counters once for the batch and moves the import past its rows only from where it was read', () => {
    const patients = [importedPatientWrites(imp, row(2), AT), importedPatientWrites(imp, row(3), AT)];
    const plan = importBatchPlan(imp, patients, { fromRow: 0, toRow: 5, skippedExisting: 1, skippedErrors: 1 }, AT, 7);
    const counters = plan.transaction.filter((w) => w.entity === 'counter');
    expect(counters.map((w) => ('key' in w ? [w.key.name, 'add' in w ? w.add : null] : null))).toEqual([
      ['patients', { value: 2 }],
      ['patients', { value: 2 }],
      ['awaiting_consent', { value: 2 }],
      ['enrollment#eligible', { value: 2 }],
    ]);
    expect(plan.transaction[0]).toMatchObject({
      entity: 'organization',
      addFrom: { patient_count: { by: 2, ifMissing: 7 } },
      when: { equal: { status: 'active' } },
      refusal: 'organization_missing',
    });
    expect(plan.transaction.at(-1)).toEqual({
      op: 'patch',
      entity: 'panelImport',
      key: { import_id: imp.id },
      set: { next_row: 5, updated_at: AT },
      add: { imported: 2, skipped_existing: 1, skipped_errors: 1 },
      when: { equal: { status: 'importing', next_row: 0 } },
      refusal: 'stale',
    });
    // One write per item: DynamoDB refuses a transaction naming an item twice.
    const keys = plan.transaction.map((w) => JSON.stringify(['key' in w ? w.key : w.item, w.entity]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('counts the PCM candidates of a batch once, beside the eligible ones', () => {
    const one = { ...patient, conditions: [patient.conditions[0]!] };
    const patients = [
      importedPatientWrites(imp, row(2), AT),
      importedPatientWrites(imp, row(3, one), AT),
      importedPatientWrites(imp, row(4, one), AT),
    ];
    const plan = importBatchPlan(imp, patients, { fromRow: 0, toRow: 4, skippedExisting: 0, skippedErrors: 0 }, AT, 0);
    const named = (name: string) =>
      plan.transaction.filter((w) => w.entity === 'counter' && 'key' in w && w.key.name === name);
    expect(named('enrollment#eligible')).toMatchObject([{ add: { value: 1 } }]);
    expect(named('enrollment#pcm_candidates')).toMatchObject([{ add: { value: 2 } }]);
    // A batch with no candidate moves no count of them.
    const none = importBatchPlan(
      imp,
      patients.slice(0, 1),
      { fromRow: 0, toRow: 2, skippedExisting: 0, skippedErrors: 0 },
      AT,
      0,
    );
    expect(none.transaction.some((w) => 'key' in w && w.key.name === 'enrollment#pcm_candidates')).toBe(false);
  });

  it('moves only the import when no patient is new', () => {
    const plan = importBatchPlan(imp, [], { fromRow: 5, toRow: 9, skippedExisting: 4, skippedErrors: 0 }, AT, 0);
    expect(plan.transaction.map((w) => w.entity)).toEqual(['panelImport']);
  });

  it('fits a batch within a transaction, its patients entering every count there is', () => {
    const one = importedPatientWrites(imp, row(2), AT);
    const candidate = importedPatientWrites(imp, row(3, { ...patient, conditions: [patient.conditions[0]!] }), AT);
    const batch: (typeof one)[] = [candidate];
    while (fitsBatch(batch, one)) batch.push(one);
    const plan = importBatchPlan(imp, batch, { fromRow: 0, toRow: 9, skippedExisting: 0, skippedErrors: 0 }, AT, 0);
    expect(plan.transaction.length).toBeLessThanOrEqual(TRANSACTION_ITEMS);
    expect(batch.length).toBeGreaterThan(1);
  });
});

describe('importStatusPlan', () => {
  it('moves the status only from the states named, and starts the job at no row done', () => {
    expect(importStatusPlan(imp.id, ['previewed'], 'importing', AT, { startAt: 0 }).transaction).toEqual([
      {
        op: 'patch',
        entity: 'panelImport',
        key: { import_id: imp.id },
        set: {
          status: 'importing',
          updated_at: AT,
          next_row: 0,
          imported: 0,
          skipped_existing: 0,
          skipped_errors: 0,
        },
        when: { oneOf: { status: ['previewed'] } },
        refusal: 'stale',
      },
    ]);
  });
});
