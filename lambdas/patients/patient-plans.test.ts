import { describe, expect, it } from 'vitest';
import type { OutreachCadence } from '../../shared/domain';
import type { AuditEvent } from '../kernel/audit-entry';
import { newCallLog } from '../kernel/records/call-log';
import type { ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';
import { archivePatientPlan, createPatientPlan, TRANSACTION_ITEMS, updatePatientPlan } from './patient-plans';

const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-02T09:00:00.000Z';
const event: AuditEvent = {
  id: 'e-1',
  at: AT,
  actorId: 'u-9',
  actorRole: 'provider',
  actorProviderId: 'o-1',
  action: 'patient.create',
  subject: { type: 'organization', id: 'o-1' },
  patientId: 'p-1',
  outcome: 'success',
};
const patient: PatientRecord = {
  id: 'p-1',
  provider_id: 'o-1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.test',
  phone_number: '+18135550142',
  created_at: AT,
  updated_at: AT,
  version: 1,
  status: 'active',
  billingPractitionerId: null,
};
/** What the Enrollment panel's items copy of `patient` (listed-patient.ts). */
const listedCopy = (conditions: number) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  condition_count: conditions,
  has_phone: true,
  preferred_language: 'en',
});
const consent: ConsentRecord = {
  id: 'c-1',
  patientId: 'p-1',
  providerId: 'o-1',
  status: 'accepted',
  scriptLanguage: 'en',
  date: '2026-03-01',
  method: null,
  disclosures: [],
  recordedBy: 'u-9',
  recordedAt: AT,
};
const cadence: OutreachCadence = {
  patient_id: 'p-1',
  provider_id: 'o-1',
  created_by: 'u-9',
  first_outreach_date: '2026-03-05',
  time_preference: 'morning',
  enabled: true,
  scheduled_at: '2026-03-05T14:00:00.000Z',
  created_at: AT,
};
const checkIn = newCallLog(
  {
    id: 'cl-1',
    patient_id: 'p-1',
    provider_id: 'o-1',
    status: 'scheduled',
    kind: 'monthly',
    created_by: 'u-9',
    scheduled_at: cadence.scheduled_at,
    time_preference: 'morning',
    cycle_date: '2026-03-05',
  },
  AT,
);

const enrolment = { patient, createdBy: 'u-9', cadence: null, firstCheckIn: null, consent: null };
const scope = 'patient#o-1';
const entry = (term: string, shadow: number) => ({
  op: 'put',
  entity: 'searchEntry',
  item: { search_scope: scope, term, record_id: 'p-1', shadow },
});
/** Ann Lee's index items, in index order (`ann lee#` sorts before `ann#`). */
// No item of its own for 'ann': every search that finds it finds 'ann lee' (kernel/search.ts).
const annLee = [entry('ann lee', 0), entry('ann@example.test', 3), entry('lee', 0)];
const patients = (scopeName: string, by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: scopeName, name: 'patients' },
  add: { value: by },
});
const awaiting = { provider_id: 'o-1', created_at: AT, patient_id: 'p-1' };
const awaitingCount = (by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#o-1', name: 'awaiting_consent' },
  add: { value: by },
});
const stageEntry = (stage: string) => ({ provider_id: 'o-1', stage, created_at: AT, patient_id: 'p-1' });
const stageCount = (stage: string) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#o-1', name: `enrollment#${stage}` },
  add: { value: 1 },
});
const auditWrite = (e: AuditEvent) =>
  expect.objectContaining({
    op: 'create',
    entity: 'auditEvent',
    item: expect.objectContaining({ event_id: e.id, action: e.action }),
  });

/** No value of a plan is undefined (DynamoDB cannot store it). */
function expectDefined(plan: WritePlan<string>) {
  for (const write of [...plan.transaction, ...plan.afterCommit]) {
    const values = [
      ...Object.values('item' in write ? write.item : {}),
      ...Object.values('set' in write ? (write.set ?? {}) : {}),
    ];
    expect(values).not.toContain(undefined);
  }
}

describe('enrolling a patient', () => {
  it('holds while the organization is active, counts the patient and indexes it, with its audit event', () => {
    const plan = createPatientPlan(enrolment, 7, event);
    expect(plan).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'organization',
          key: { organization_id: 'o-1' },
          addFrom: { patient_count: { by: 1, ifMissing: 7 } },
          when: { equal: { status: 'active' } },
          refusal: 'organization_missing',
        },
        {
          op: 'create',
          entity: 'patient',
          item: {
            patient_id: 'p-1',
            provider_id: 'o-1',
            first_name: 'Ann',
            last_name: 'Lee',
            email: 'ann@example.test',
            phone_number: '+18135550142',
            status: 'active',
            created_at: AT,
            updated_at: AT,
            created_by: 'u-9',
            version: 1,
          },
        },
        patients('global', 1),
        patients('organization#o-1', 1),
        { op: 'put', entity: 'awaitingConsent', item: { ...awaiting, rank: '3', consent_status: 'not_asked' } },
        awaitingCount(1),
        auditWrite(event),
        ...annLee,
      ],
      afterCommit: [],
    });
    expectDefined(plan);
  });

  it('writes the consent asked, the cadence and the first check-in with it; an accepted consent moves the charts', () => {
    const plan = createPatientPlan(
      {
        ...enrolment,
        patient: { ...patient, phone_number: null, billingPractitionerId: 'u-2' },
        cadence,
        firstCheckIn: checkIn,
        consent,
      },
      0,
      event,
    );
    const writes = plan.transaction;
    expect(writes[1]).toMatchObject({
      op: 'create',
      entity: 'patient',
      item: {
        billing_practitioner_id: 'u-2',
        consent_status: 'accepted',
        consent_date: '2026-03-01',
        enrollment_stage: 'enrolled',
      },
    });
    expect(writes[1]).not.toHaveProperty('item.phone_number');
    expect(writes.slice(2, 6)).toEqual([
      {
        op: 'create',
        entity: 'consentRecord',
        item: {
          patient_id: 'p-1',
          recorded_at: AT,
          consent_id: 'c-1',
          provider_id: 'o-1',
          status: 'accepted',
          date: '2026-03-01',
          disclosures: [],
          script_language: 'en',
          recorded_by: 'u-9',
        },
      },
      { op: 'create', entity: 'outreachCadence', item: cadence },
      {
        op: 'create',
        entity: 'callLog',
        item: expect.objectContaining({
          call_log_id: 'cl-1',
          status: 'scheduled',
          list: 'scheduled',
          list_at: cadence.scheduled_at,
          attempt: 0,
          version: 1,
        }),
      },
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'scheduled_calls' }, add: { value: 1 } },
    ]);
    // Accepted: never on the worklist; enrolled on the Enrollment panel.
    expect(writes.filter((w) => w.entity === 'awaitingConsent')).toEqual([]);
    expect(writes).toContainEqual({
      op: 'put',
      entity: 'enrollmentEntry',
      // This test's patient has no phone.
      item: { ...stageEntry('enrolled'), entered_at: AT, ...listedCopy(0), has_phone: false },
    });
    expect(writes).toContainEqual(stageCount('enrolled'));
    expect(plan.afterCommit).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'organization#o-1', name: 'chart_version' }, add: { value: 1 } },
    ]);
    expectDefined(plan);
  });

  it("stores the MRN, date of birth and language and claims the organization's MRN in the same transaction", () => {
    const record = { ...patient, mrn: 'MRN-1', date_of_birth: '1948-03-07', preferred_language: 'es' as const };
    const plan = createPatientPlan({ ...enrolment, patient: record }, 7, event);
    expect(plan.transaction[1]).toMatchObject({
      item: { mrn: 'MRN-1', date_of_birth: '1948-03-07', preferred_language: 'es' },
    });
    expect(plan.transaction[2]).toEqual({
      op: 'create',
      entity: 'patientMrn',
      item: { provider_id: 'o-1', mrn: 'MRN-1', patient_id: 'p-1', created_at: AT },
      refusal: 'mrn_taken',
    });
    expectDefined(plan);
    // No MRN, no claim.
    const without = createPatientPlan({ ...enrolment, patient: { ...patient, mrn: null } }, 7, event);
    expect(without.transaction.filter((w) => w.entity === 'patientMrn')).toEqual([]);
  });

  it('enters a patient with two chronic conditions and no consent as eligible, and one without them nowhere', () => {
    const imported = createPatientPlan({ ...enrolment, patient: { ...patient, conditionCount: 2 } }, 0, event);
    expect(imported.transaction[1]).toMatchObject({ entity: 'patient', item: { enrollment_stage: 'eligible' } });
    expect(imported.transaction).toContainEqual({
      op: 'put',
      entity: 'enrollmentEntry',
      item: { ...stageEntry('eligible'), entered_at: AT, ...listedCopy(2) },
    });
    expect(imported.transaction).toContainEqual(stageCount('eligible'));
    const one = createPatientPlan({ ...enrolment, patient: { ...patient, conditionCount: 1 } }, 0, event);
    expect(one.transaction[1]).not.toHaveProperty('item.enrollment_stage');
    expect(one.transaction.filter((w) => w.entity === 'enrollmentEntry')).toEqual([]);
  });

  it('lists and counts a patient enrolled with one chronic condition as a PCM candidate, and none other', () => {
    const pcm = { scope: 'organization#o-1', name: 'enrollment#pcm_candidates' };
    const one = createPatientPlan({ ...enrolment, patient: { ...patient, conditionCount: 1 } }, 0, event);
    expect(one.transaction[1]).toMatchObject({ entity: 'patient', item: { condition_count: 1 } });
    expect(one.transaction).toContainEqual({
      op: 'put',
      entity: 'pcmCandidate',
      item: { provider_id: 'o-1', created_at: AT, patient_id: 'p-1', entered_at: AT, ...listedCopy(1) },
    });
    expect(one.transaction).toContainEqual({ op: 'upsert', entity: 'counter', key: pcm, add: { value: 1 } });
    for (const conditionCount of [undefined, 0, 2]) {
      const other = createPatientPlan({ ...enrolment, patient: { ...patient, conditionCount } }, 0, event);
      expect(
        other.transaction.filter((w) => w.entity === 'pcmCandidate' || ('key' in w && w.key.name === pcm.name)),
      ).toEqual([]);
    }
  });

  it('keeps the transaction within DynamoDB bounds: a name of very many words indexes the rest after commit', () => {
    const words = (letter: string) => Array.from({ length: 60 }, (_, i) => `${letter}${i}`).join(' ');
    const many = { ...patient, first_name: words('a'), last_name: words('b') };
    const plan = createPatientPlan({ ...enrolment, patient: many }, 0, event);
    expect(plan.transaction).toHaveLength(TRANSACTION_ITEMS);
    // 120 words, the first and last names, the full name (cut to the first name's 64 characters), the
    // e-mail, less the twelve that start another (a0 the first name, a1 a10, … a5 a50; b0 … b5 too).
    const index = [...plan.transaction, ...plan.afterCommit].filter((w) => w.entity === 'searchEntry');
    expect(index).toHaveLength(111);
    expect(plan.afterCommit).toHaveLength(18);
    expect(plan.afterCommit.every((w) => w.entity === 'searchEntry')).toBe(true);
    expect(plan.transaction.slice(0, 8).map((w) => w.entity)).toEqual([
      'organization',
      'patient',
      'counter',
      'counter',
      'awaitingConsent',
      'counter',
      'auditEvent',
      'searchEntry',
    ]);
  });
});

describe('editing a patient', () => {
  const changes = { first_name: 'Anna', last_name: 'Lee', email: 'ann@example.test', phone_number: null };

  it("moves the copy on the patient's Enrollment panel items: a rename, a phone removed, a language changed", () => {
    const listed = { ...patient, enrollmentStage: 'eligible' as const, conditionCount: 1 };
    const { plan } = updatePatientPlan(listed, { ...changes, preferred_language: 'es' }, LATER, event, true);
    // Only while the stage and count that name the items are the ones read.
    expect(plan.transaction[0]).toMatchObject({
      when: { equal: { version: 1, status: 'active', enrollment_stage: 'eligible' } },
    });
    expect(plan.transaction[0]).toMatchObject({ when: { missingOr: { equal: { condition_count: 1 } } } });
    const copy = {
      first_name: 'Anna',
      last_name: 'Lee',
      condition_count: 1,
      has_phone: false,
      preferred_language: 'es',
    };
    const key = { provider_id: 'o-1', created_at: AT, patient_id: 'p-1' };
    expect(plan.transaction.filter((w) => w.entity === 'enrollmentEntry' || w.entity === 'pcmCandidate')).toEqual([
      { op: 'patch', entity: 'enrollmentEntry', key: { ...key, stage: 'eligible' }, set: copy },
      { op: 'patch', entity: 'pcmCandidate', key, set: copy },
    ]);
  });

  it('holds a candidate without its item (stored before them) to its item still missing, and touches none outside', () => {
    const candidate = { ...patient, conditionCount: 1 };
    const { plan } = updatePatientPlan(candidate, changes, LATER, event, false);
    expect(plan.transaction.filter((w) => w.entity === 'pcmCandidate')).toEqual([
      {
        op: 'check',
        entity: 'pcmCandidate',
        key: { provider_id: 'o-1', created_at: AT, patient_id: 'p-1' },
        when: { missing: ['patient_id'] },
      },
    ]);
    const outside = updatePatientPlan(patient, changes, LATER, event, false).plan;
    expect(outside.transaction.filter((w) => w.entity === 'enrollmentEntry' || w.entity === 'pcmCandidate')).toEqual(
      [],
    );
  });

  it('holds while the patient is active at its version, clears an emptied phone and moves the index', () => {
    const { plan, stored } = updatePatientPlan(patient, changes, LATER, event, false);
    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'patient',
      key: { patient_id: 'p-1' },
      set: { first_name: 'Anna', last_name: 'Lee', email: 'ann@example.test', updated_at: LATER },
      add: { version: 1 },
      remove: ['phone_number'],
      // The stage and condition count name the panel's items whose copy the edit moves.
      when: {
        equal: { version: 1, status: 'active' },
        missing: ['enrollment_stage'],
        missingOr: { equal: { condition_count: 0 } },
      },
      refusal: 'stale',
    });
    expect(plan.transaction[1]).toEqual(auditWrite(event));
    const del = (term: string): ItemWrite => ({
      op: 'delete',
      entity: 'searchEntry',
      key: { search_scope: scope, term, record_id: 'p-1' },
    });
    expect(plan.transaction.slice(2)).toEqual([
      del('ann'),
      del('ann lee'),
      entry('ann@example.test', 0),
      entry('anna lee', 3),
      entry('lee', 0),
    ]);
    expect(plan.afterCommit).toEqual([]);
    expect(stored).toEqual({ ...patient, ...changes, updated_at: LATER, version: 2 });
    expectDefined(plan);
  });

  it('sets a phone and a billing practitioner given, removes one cleared, leaves one not given', () => {
    const set = updatePatientPlan(
      patient,
      { ...changes, phone_number: '+18135550199', billingPractitionerId: 'u-2' },
      LATER,
      event,
      false,
    ).plan.transaction[0];
    expect(set).toMatchObject({ set: { phone_number: '+18135550199', billing_practitioner_id: 'u-2' } });
    expect(set).not.toHaveProperty('remove');
    const cleared = updatePatientPlan(patient, { ...changes, billingPractitionerId: null }, LATER, event, false).plan
      .transaction[0];
    expect(cleared).toMatchObject({ remove: ['phone_number', 'billing_practitioner_id'] });
    expect(cleared).not.toHaveProperty('set.billing_practitioner_id');
  });

  const claims = (plan: WritePlan<string>) => plan.transaction.filter((w) => w.entity === 'patientMrn');
  const claim = (mrn: string) => ({
    op: 'create',
    entity: 'patientMrn',
    item: { provider_id: 'o-1', mrn, patient_id: 'p-1', created_at: LATER },
    refusal: 'mrn_taken',
  });
  const release = (mrn: string) => ({
    op: 'delete',
    entity: 'patientMrn',
    key: { provider_id: 'o-1', mrn },
    when: { equal: { patient_id: 'p-1' } },
  });

  it('claims a new MRN and releases the old one; clearing releases it; the same or no MRN claims nothing', () => {
    const withMrn = { ...patient, mrn: 'A-1' };
    const changed = updatePatientPlan(withMrn, { ...changes, mrn: 'B-2' }, LATER, event, false).plan;
    expect(claims(changed)).toEqual([claim('B-2'), release('A-1')]);
    expect(changed.transaction[0]).toMatchObject({ set: { mrn: 'B-2' } });
    const first = updatePatientPlan(patient, { ...changes, mrn: 'B-2' }, LATER, event, false).plan;
    expect(claims(first)).toEqual([claim('B-2')]);
    const clearedMrn = updatePatientPlan(withMrn, { ...changes, mrn: null }, LATER, event, false).plan;
    expect(claims(clearedMrn)).toEqual([release('A-1')]);
    expect(clearedMrn.transaction[0]).toMatchObject({ remove: ['phone_number', 'mrn'] });
    expect(claims(updatePatientPlan(withMrn, { ...changes, mrn: 'A-1' }, LATER, event, false).plan)).toEqual([]);
    expect(claims(updatePatientPlan(withMrn, changes, LATER, event, false).plan)).toEqual([]);
  });

  it('sets a date of birth and language given, removes a date of birth cleared, leaves those not given', () => {
    const born = { ...patient, date_of_birth: '1950-01-02', preferred_language: 'en' as const };
    const set = updatePatientPlan(
      born,
      { ...changes, date_of_birth: '1948-03-07', preferred_language: 'es' },
      LATER,
      event,
      false,
    ).plan.transaction[0];
    expect(set).toMatchObject({ set: { date_of_birth: '1948-03-07', preferred_language: 'es' } });
    const cleared = updatePatientPlan(born, { ...changes, date_of_birth: null }, LATER, event, false);
    expect(cleared.plan.transaction[0]).toMatchObject({ remove: ['phone_number', 'date_of_birth'] });
    expect(cleared.stored).toMatchObject({ date_of_birth: null, preferred_language: 'en' });
    const kept = updatePatientPlan(born, changes, LATER, event, false).plan.transaction[0];
    expect(kept).not.toHaveProperty('set.date_of_birth');
    expect(kept).not.toHaveProperty('set.preferred_language');
    expectDefined(cleared.plan);
  });
});

describe('archiving a patient', () => {
  it('holds for the patient as read (active, same organization, same consent), uncounts and unindexes it', () => {
    const plan = archivePatientPlan(patient, LATER, 3, event);
    expect(plan.transaction).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p-1' },
        set: { status: 'archived', provider_id: 'o-1', archived_at: LATER, updated_at: LATER },
        when: {
          missing: ['consent_status', 'enrollment_stage'],
          equal: { status: 'active', provider_id: 'o-1' },
          missingOr: { equal: { condition_count: 0 } },
        },
        refusal: 'missing',
      },
      {
        op: 'patch',
        entity: 'organization',
        key: { organization_id: 'o-1' },
        addFrom: { patient_count: { by: -1, ifMissing: 3 } },
        refusal: 'missing',
      },
      patients('global', -1),
      patients('organization#o-1', -1),
      { op: 'delete', entity: 'awaitingConsent', key: { ...awaiting, rank: '3' } },
      awaitingCount(-1),
      auditWrite(event),
      ...['ann', 'ann lee', 'ann@example.test', 'lee'].map((term) => ({
        op: 'delete',
        entity: 'searchEntry',
        key: { search_scope: scope, term, record_id: 'p-1' },
      })),
    ]);
    expect(plan.afterCommit).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'organization#o-1', name: 'chart_version' }, add: { value: 1 } },
    ]);
  });

  it('holds only while the consent and stage are still the ones read; an accepted patient has no worklist item', () => {
    const accepted = {
      ...patient,
      consent: { status: 'accepted' as const, date: '2026-03-01' },
      enrollmentStage: 'enrolled' as const,
    };
    const plan = archivePatientPlan(accepted, LATER, 3, event);
    expect(plan.transaction[0]).toMatchObject({
      set: { status: 'archived' },
      when: {
        equal: { status: 'active', provider_id: 'o-1', consent_status: 'accepted', enrollment_stage: 'enrolled' },
      },
    });
    expect(plan.transaction[0]).not.toHaveProperty('when.missing');
    expect(plan.transaction[0]).not.toHaveProperty('remove');
    expect(plan.transaction.filter((w) => w.entity === 'awaitingConsent')).toEqual([]);
    // The panel lists active patients: the archived one leaves its stage's list and count, keeping its stage.
    expect(plan.transaction).toContainEqual({
      op: 'delete',
      entity: 'enrollmentEntry',
      key: { provider_id: 'o-1', stage: 'enrolled', created_at: patient.created_at, patient_id: 'p-1' },
    });
    expect(plan.transaction).toContainEqual({
      op: 'upsert',
      entity: 'counter',
      key: { scope: 'organization#o-1', name: 'enrollment#enrolled' },
      add: { value: -1 },
    });
    const candidate = archivePatientPlan({ ...patient, conditionCount: 1 }, LATER, 3, event);
    // A PCM candidate leaves the list and its count, holding only while it still has its one condition.
    expect(candidate.transaction[0]).toMatchObject({ when: { missingOr: { equal: { condition_count: 1 } } } });
    expect(candidate.transaction).toContainEqual({
      op: 'delete',
      entity: 'pcmCandidate',
      key: { provider_id: 'o-1', created_at: patient.created_at, patient_id: 'p-1' },
    });
    expect(candidate.transaction).toContainEqual({
      op: 'upsert',
      entity: 'counter',
      key: { scope: 'organization#o-1', name: 'enrollment#pcm_candidates' },
      add: { value: -1 },
    });
    const declined = archivePatientPlan({ ...patient, consent: { status: 'declined', date: null } }, LATER, 3, event);
    expect(declined.transaction).toContainEqual({
      op: 'delete',
      entity: 'awaitingConsent',
      key: { ...awaiting, rank: '2' },
    });
  });
});
