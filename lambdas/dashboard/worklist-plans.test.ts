import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../kernel/records/patient';
import {
  awaitingSyncPlan,
  enrollmentBackfillPlan,
  indexCallPlan,
  pcmBackfillPlan,
  recountPlan,
} from './worklist-plans';

const AT = '2026-01-01T00:00:00.000Z';
const patient: PatientRecord = {
  id: 'p-1',
  provider_id: 'o-1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.test',
  phone_number: null,
  created_at: AT,
  updated_at: AT,
  version: 1,
  status: 'active',
};
const key = (rank: string) => ({ provider_id: 'o-1', rank, created_at: AT, patient_id: 'p-1' });

describe('the worklist rebuild of a patient', () => {
  it('writes the item of the consent read and deletes the others, while the patient is as read', () => {
    expect(awaitingSyncPlan({ ...patient, consent: { status: 'declined', date: '2026-01-02' } })).toEqual({
      transaction: [
        {
          op: 'check',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          when: { equal: { status: 'active', provider_id: 'o-1', consent_status: 'declined' } },
          refusal: 'changed',
        },
        { op: 'delete', entity: 'awaitingConsent', key: key('3') },
        { op: 'put', entity: 'awaitingConsent', item: { ...key('2'), consent_status: 'declined' } },
        { op: 'delete', entity: 'awaitingConsent', key: key('1') },
      ],
      afterCommit: [],
    });
  });

  it('checks that a patient never asked still has no consent stored; an accepted one has no item', () => {
    expect(awaitingSyncPlan(patient).transaction[0]).toMatchObject({
      when: { missing: ['consent_status'], equal: { status: 'active', provider_id: 'o-1' } },
    });
    const accepted = awaitingSyncPlan({ ...patient, consent: { status: 'accepted', date: '2026-01-02' } });
    expect(accepted.transaction.slice(1).map((w) => w.op)).toEqual(['delete', 'delete', 'delete']);
  });
});

describe('recountPlan', () => {
  it('sets the count only while it is the one read, or while there is none', () => {
    expect(recountPlan('o-1', 3, 5)).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'organization#o-1', name: 'awaiting_consent' },
          set: { value: 5 },
          when: { equal: { value: 3 } },
          refusal: 'moved',
        },
      ],
      afterCommit: [],
    });
    expect(recountPlan('o-1', null, 0).transaction[0]).toMatchObject({
      when: { missing: ['value'] },
      set: { value: 0 },
    });
  });
});

describe('indexCallPlan', () => {
  it("writes the call's list composites again only while the call is where it was read", () => {
    expect(
      indexCallPlan({ id: 'c-1', providerId: 'o-1', list: 'scheduled', listAt: '2026-03-01T09:00:00.000Z' }),
    ).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: 'c-1' },
          set: { provider_id: 'o-1', list: 'scheduled', list_at: '2026-03-01T09:00:00.000Z' },
          when: { equal: { list: 'scheduled', list_at: '2026-03-01T09:00:00.000Z' } },
          refusal: 'moved',
        },
      ],
      afterCommit: [],
    });
  });
});

describe('the enrollment stage of a patient stored before the funnel', () => {
  it('is the stage it would have entered at, written only while the patient is as read and has none', () => {
    const twoConditions = { ...patient, conditionCount: 2, consent: { status: 'not_asked' as const, date: null } };
    expect(enrollmentBackfillPlan(twoConditions, AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          set: { enrollment_stage: 'eligible' },
          // The item copies the patient as read: the write holds only while it still shows that.
          when: {
            missing: ['consent_status', 'enrollment_stage', 'phone_number'],
            equal: { status: 'active', provider_id: 'o-1', first_name: 'Ann', last_name: 'Lee', condition_count: 2 },
            missingOr: { equal: { condition_count: 2, preferred_language: 'en' } },
          },
          refusal: 'changed',
        },
        {
          op: 'put',
          entity: 'enrollmentEntry',
          item: {
            provider_id: 'o-1',
            stage: 'eligible',
            created_at: AT,
            patient_id: 'p-1',
            entered_at: AT,
            first_name: 'Ann',
            last_name: 'Lee',
            condition_count: 2,
            has_phone: false,
            preferred_language: 'en',
          },
        },
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'organization#o-1', name: 'enrollment#eligible' },
          add: { value: 1 },
        },
      ],
      afterCommit: [],
    });
    const accepted = { ...patient, consent: { status: 'accepted' as const, date: '2026-01-02' } };
    expect(enrollmentBackfillPlan(accepted, AT)?.transaction[0]).toMatchObject({
      set: { enrollment_stage: 'enrolled' },
      when: { missing: ['enrollment_stage', 'phone_number'], equal: { consent_status: 'accepted' } },
    });
  });

  it('writes nothing for a patient with a stage or one outside the funnel', () => {
    expect(enrollmentBackfillPlan({ ...patient, conditionCount: 3, enrollmentStage: 'invited' }, AT)).toBeNull();
    expect(enrollmentBackfillPlan({ ...patient, conditionCount: 1 }, AT)).toBeNull();
  });
});

describe('the PCM candidate item of a patient stored before them', () => {
  it('lists and counts an active patient with one condition, only while it still is one and not listed yet', () => {
    expect(pcmBackfillPlan({ ...patient, conditionCount: 1 }, AT)).toEqual({
      transaction: [
        {
          op: 'check',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          when: {
            equal: { status: 'active', provider_id: 'o-1', condition_count: 1, first_name: 'Ann', last_name: 'Lee' },
            missing: ['phone_number'],
            missingOr: { equal: { preferred_language: 'en' } },
          },
          refusal: 'changed',
        },
        {
          op: 'create',
          entity: 'pcmCandidate',
          item: {
            provider_id: 'o-1',
            created_at: AT,
            patient_id: 'p-1',
            entered_at: AT,
            first_name: 'Ann',
            last_name: 'Lee',
            condition_count: 1,
            has_phone: false,
            preferred_language: 'en',
          },
          refusal: 'changed',
        },
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'organization#o-1', name: 'enrollment#pcm_candidates' },
          add: { value: 1 },
        },
      ],
      afterCommit: [],
    });
  });

  it('writes nothing for a patient of another count of conditions, or archived', () => {
    expect(pcmBackfillPlan({ ...patient, conditionCount: 2 }, AT)).toBeNull();
    expect(pcmBackfillPlan({ ...patient, conditionCount: 0 }, AT)).toBeNull();
    expect(pcmBackfillPlan({ ...patient, conditionCount: 1, status: 'archived' }, AT)).toBeNull();
  });
});
