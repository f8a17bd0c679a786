import { describe, expect, it } from 'vitest';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import { createDocumentPlan, updateDocumentPlan } from './document-plans';
import type { PatientRecord } from '../kernel/records/patient';
import type { ClinicalDocumentRecord } from './ports';

const plan = { ...EMPTY_CARE_PLAN, conditions: [{ code: 'I10', description: 'Essential (primary) hypertension' }] };
const doc: ClinicalDocumentRecord = {
  id: 'doc-1',
  patient_id: 'p1',
  provider_id: 'org-1',
  content: 'Walk daily',
  created_at: '2026-03-01T12:00:00.000Z',
  created_by: { userId: 'u1' },
  updated_at: '2026-03-01T12:00:00.000Z',
  updated_by: { userId: 'u1' },
  version: 1,
  has_revision: true,
};
const patient: PatientRecord = {
  id: 'p1',
  provider_id: 'org-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@x.example',
  phone_number: null,
  created_at: '2026-02-01T12:00:00.000Z',
  updated_at: '2026-02-01T12:00:00.000Z',
  version: 1,
  status: 'active',
  consent: { status: 'not_asked', date: null },
  conditionCount: 0,
};
/** The patient's patch holds while it is as read: active, at this stage, with this condition count. */
// An active patient's panel items copy its name, phone and language as read (listed-patient.ts).
const asRead = (stage: string | null, conditions: number) => ({
  equal: {
    status: 'active',
    ...(stage ? { enrollment_stage: stage } : {}),
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...(conditions ? { condition_count: conditions } : {}),
  },
  missing: [...(stage ? [] : ['enrollment_stage']), 'phone_number'],
  missingOr: { equal: { condition_count: conditions, preferred_language: 'en' } },
});
const outsideFunnel = asRead(null, 0);
const copy = (conditions: number) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  condition_count: conditions,
  has_phone: false,
  preferred_language: 'en',
});
const pcmEntry = { provider_id: 'org-1', created_at: '2026-02-01T12:00:00.000Z', patient_id: 'p1' };
const pcmCount = (by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#org-1', name: 'enrollment#pcm_candidates' },
  add: { value: by },
});
const chartVersion = {
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#org-1', name: 'chart_version' },
  add: { value: 1 },
};

describe('creating a clinical document', () => {
  it('creates the EMR notes once with revision 1, moving no chart', () => {
    expect(createDocumentPlan('emr_notes', doc, patient)).toEqual({
      transaction: [
        {
          op: 'create',
          entity: 'emrNotes',
          item: {
            document_id: 'doc-1',
            patient_id: 'p1',
            provider_id: 'org-1',
            content: 'Walk daily',
            created_at: doc.created_at,
            created_by_user_id: 'u1',
            updated_at: doc.updated_at,
            updated_by_user_id: 'u1',
            version: 1,
          },
          refusal: 'exists',
        },
        {
          op: 'create',
          entity: 'documentRevision',
          item: {
            patient_id: 'p1',
            kind: 'emr_notes',
            version: 1,
            document_id: 'doc-1',
            provider_id: 'org-1',
            content: 'Walk daily',
            saved_at: doc.updated_at,
            saved_by_user_id: 'u1',
          },
        },
      ],
      afterCommit: [],
    });
  });

  it("keeps the author's name of the time on the document and its revision", () => {
    const author = { userId: 'u1', name: 'Una One' };
    const [document, revision] = createDocumentPlan(
      'emr_notes',
      { ...doc, created_by: author, updated_by: author },
      patient,
    ).transaction;
    expect(document).toMatchObject({
      item: {
        created_by_user_id: 'u1',
        created_by_name: 'Una One',
        updated_by_user_id: 'u1',
        updated_by_name: 'Una One',
      },
    });
    expect(revision).toMatchObject({ item: { saved_by_user_id: 'u1', saved_by_name: 'Una One' } });
  });

  it('writes a structured care plan’s condition count on the patient and moves the charts', () => {
    const { transaction, afterCommit } = createDocumentPlan('care_plan', { ...doc, plan }, patient);
    expect(transaction[0]).toMatchObject({ entity: 'carePlan', item: { plan: JSON.stringify(plan) } });
    expect(transaction[2]).toEqual({
      op: 'patch',
      entity: 'patient',
      key: { patient_id: 'p1' },
      set: { condition_count: 1 },
      when: outsideFunnel,
    });
    // One chronic condition: a PCM candidate, listed and counted.
    expect(transaction.slice(3)).toEqual([
      { op: 'put', entity: 'pcmCandidate', item: { ...pcmEntry, entered_at: doc.updated_at, ...copy(1) } },
      pcmCount(1),
    ]);
    expect(afterCommit).toEqual([chartVersion]);
  });
});

describe('the enrollment stage a care plan’s conditions move the patient to', () => {
  const two = { ...plan, conditions: [...plan.conditions, { code: 'E11.9', description: 'Type 2 diabetes' }] };
  const entry = (stage: string) => ({ provider_id: 'org-1', stage, created_at: patient.created_at, patient_id: 'p1' });
  const count = (stage: string, by: number) => ({
    op: 'upsert',
    entity: 'counter',
    key: { scope: 'organization#org-1', name: `enrollment#${stage}` },
    add: { value: by },
  });

  it('makes a patient outside the funnel eligible at two conditions, listed and counted', () => {
    const { transaction } = createDocumentPlan('care_plan', { ...doc, plan: two }, patient);
    expect(transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 2, enrollment_stage: 'eligible' },
        when: outsideFunnel,
      },
      {
        op: 'put',
        entity: 'enrollmentEntry',
        item: { ...entry('eligible'), entered_at: doc.updated_at, ...copy(2) },
      },
      count('eligible', 1),
    ]);
  });

  it('takes an eligible patient out of the funnel when fewer than two remain', () => {
    const eligible = { ...patient, enrollmentStage: 'eligible' as const, conditionCount: 2 };
    const change = { content: '', plan, by: { userId: 'u2' }, at: '2026-03-02T09:00:00.000Z' };
    const { plan: written } = updateDocumentPlan('care_plan', doc, change, eligible);
    expect(written.transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 1 },
        remove: ['enrollment_stage'],
        when: asRead('eligible', 2),
      },
      { op: 'delete', entity: 'enrollmentEntry', key: entry('eligible') },
      count('eligible', -1),
      { op: 'put', entity: 'pcmCandidate', item: { ...pcmEntry, entered_at: change.at, ...copy(1) } },
      pcmCount(1),
    ]);
  });

  it('moves a PCM candidate that gains a second condition out of the PCM list and into the eligible one', () => {
    const candidate = { ...patient, conditionCount: 1 };
    const change = { content: '', plan: two, by: { userId: 'u2' }, at: '2026-03-02T09:00:00.000Z' };
    const { plan: written } = updateDocumentPlan('care_plan', doc, change, candidate);
    expect(written.transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 2, enrollment_stage: 'eligible' },
        when: asRead(null, 1),
      },
      { op: 'put', entity: 'enrollmentEntry', item: { ...entry('eligible'), entered_at: change.at, ...copy(2) } },
      count('eligible', 1),
      { op: 'delete', entity: 'pcmCandidate', key: pcmEntry },
      pcmCount(-1),
    ]);
  });

  it('keeps a PCM candidate whose one condition changed as it is', () => {
    const candidate = { ...patient, conditionCount: 1 };
    const { plan: written } = updateDocumentPlan(
      'care_plan',
      doc,
      { content: '', plan, by: { userId: 'u2' }, at: '2026-03-02T09:00:00.000Z' },
      candidate,
    );
    expect(written.transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 1 },
        when: asRead(null, 1),
      },
    ]);
  });

  it('lists nothing for an archived patient, holding only while it is still archived', () => {
    const archived = { ...patient, status: 'archived' as const };
    const { transaction } = createDocumentPlan('care_plan', { ...doc, plan: two }, archived);
    expect(transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 2, enrollment_stage: 'eligible' },
        when: {
          missing: ['enrollment_stage'],
          equal: { status: 'archived' },
          missingOr: { equal: { condition_count: 0 } },
        },
      },
    ]);
  });

  it('leaves an invited patient where it is, holding only while it is still there', () => {
    const invited = { ...patient, enrollmentStage: 'invited' as const, conditionCount: 2 };
    const { transaction } = createDocumentPlan('care_plan', { ...doc, plan }, invited);
    expect(transaction.slice(2)).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { condition_count: 1 },
        when: asRead('invited', 2),
      },
      // It stays invited: its item takes the new count.
      { op: 'patch', entity: 'enrollmentEntry', key: entry('invited'), set: copy(1) },
      { op: 'put', entity: 'pcmCandidate', item: { ...pcmEntry, entered_at: doc.updated_at, ...copy(1) } },
      pcmCount(1),
    ]);
  });
});

describe('saving the next version', () => {
  const change = { content: 'Walk twice', plan, by: { userId: 'u2', name: 'Uma Two' }, at: '2026-03-02T09:00:00.000Z' };

  it('holds only at the version read, and writes its revision and condition count', () => {
    const { plan: written, next } = updateDocumentPlan('care_plan', doc, change, patient);
    expect(next).toMatchObject({
      version: 2,
      content: 'Walk twice',
      updated_by: { userId: 'u2', name: 'Uma Two' },
      plan,
    });
    expect(written.transaction).toEqual([
      {
        op: 'patch',
        entity: 'carePlan',
        key: { patient_id: 'p1' },
        set: {
          plan: JSON.stringify(plan),
          content: 'Walk twice',
          updated_at: change.at,
          updated_by_user_id: 'u2',
          updated_by_name: 'Uma Two',
          version: 2,
        },
        when: { equal: { version: 1 } },
      },
      expect.objectContaining({
        entity: 'documentRevision',
        item: expect.objectContaining({ version: 2, saved_by_user_id: 'u2', saved_by_name: 'Uma Two' }),
      }),
      { op: 'patch', entity: 'patient', key: { patient_id: 'p1' }, set: { condition_count: 1 }, when: outsideFunnel },
      { op: 'put', entity: 'pcmCandidate', item: { ...pcmEntry, entered_at: change.at, ...copy(1) } },
      pcmCount(1),
    ]);
    expect(written.afterCommit).toEqual([chartVersion]);
  });

  it("drops the previous author's name from the document when the author's own is not known", () => {
    const named = { ...doc, updated_by: { userId: 'u1', name: 'Una One' } };
    const unnamed = { ...change, by: { userId: 'u2' } };
    const { plan: written, next } = updateDocumentPlan('care_plan', named, unnamed, patient);
    expect(next.updated_by).toEqual({ userId: 'u2' });
    expect(written.transaction[0]).toMatchObject({ op: 'patch', remove: ['updated_by_name'] });
    expect(written.transaction[0]).not.toHaveProperty('set.updated_by_name');
    const revision = written.transaction.find((w) => w.entity === 'documentRevision');
    expect(revision).toMatchObject({ item: { saved_by_user_id: 'u2' } });
    expect(revision).not.toHaveProperty('item.saved_by_name');
  });

  it("writes an imported first version's revision with the next one, and drops its flag", () => {
    const imported = { ...doc, has_revision: false };
    const { plan: written, next } = updateDocumentPlan('care_plan', imported, change, patient);
    expect(next.has_revision).toBe(true);
    expect(written.transaction[0]).toMatchObject({
      op: 'patch',
      entity: 'carePlan',
      remove: ['revision_unwritten'],
      when: { equal: { version: 1 } },
    });
    expect(
      written.transaction.flatMap((w) => (w.entity === 'documentRevision' && w.op === 'create' ? [w.item] : [])),
    ).toEqual([
      expect.objectContaining({ version: 2, saved_by_user_id: 'u2', saved_by_name: 'Uma Two', saved_at: change.at }),
      expect.objectContaining({ version: 1, saved_by_user_id: 'u1', saved_at: doc.updated_at }),
    ]);
  });

  it('keeps a version saved before revisions were kept as a revision of its own', () => {
    const legacy = { ...doc, version: 3, has_revision: false, updated_by: { legacyEmail: 'former@x.example' } };
    const { plan: written } = updateDocumentPlan('emr_notes', legacy, { ...change, plan: undefined }, patient);
    expect(written.transaction.map((w) => w.op === 'create' && w.item)).toEqual([
      false,
      expect.objectContaining({ version: 4, saved_by_user_id: 'u2' }),
      expect.objectContaining({ version: 3, saved_by_email: 'former@x.example' }),
    ]);
    expect(written.afterCommit).toEqual([]);
  });
});
