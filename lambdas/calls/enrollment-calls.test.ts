import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../shared/values/calls';
import { enrollmentAnswerWrites, stageAfterEnrollmentCall } from './enrollment-calls';

const AT = '2026-11-27T15:00:00.000Z';
const patient = {
  id: 'p1',
  provider_id: 'o1',
  created_at: '2026-01-01T00:00:00.000Z',
  status: 'active' as const,
  enrollmentStage: 'invited' as const,
  first_name: 'Ann',
  last_name: 'Lee',
  phone_number: '+15550100',
};
const log = (attempt: number) => ({ attempt, kind: 'enrollment' as const });

describe('where an enrollment call moves the patient', () => {
  it('moves an answered call by its answer: interested, declined, or nowhere when unclear', () => {
    expect(stageAfterEnrollmentCall(log(0), 'answered', 'interested')).toBe('interested');
    expect(stageAfterEnrollmentCall(log(0), 'answered', 'declined')).toBe('declined');
    expect(stageAfterEnrollmentCall(log(0), 'answered', 'unclear')).toBeNull();
    expect(stageAfterEnrollmentCall(log(0), 'answered', null)).toBeNull();
  });

  it('makes the patient unreachable after the last unanswered attempt only', () => {
    for (const outcome of ['no_answer', 'busy', 'voicemail'] as CallOutcome[]) {
      expect(stageAfterEnrollmentCall(log(0), outcome, null)).toBeNull();
      expect(stageAfterEnrollmentCall(log(1), outcome, null)).toBeNull();
      expect(stageAfterEnrollmentCall(log(2), outcome, null)).toBe('unreachable');
    }
    // A call that could not be completed is not the patient's silence.
    expect(stageAfterEnrollmentCall(log(2), 'failed', null)).toBeNull();
  });

  it('writes the move in the report, conditional on the patient still invited and active', () => {
    const plan = enrollmentAnswerWrites(log(0), patient, 'answered', 'interested', AT, true);

    expect(plan.transaction).toEqual([
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: 'p1' },
        set: { enrollment_stage: 'interested' },
        // The new item copies the patient as read: the move holds only while it still shows that.
        when: {
          equal: { status: 'active', enrollment_stage: 'invited', first_name: 'Ann', last_name: 'Lee' },
          present: ['phone_number'],
          missingOr: { equal: { condition_count: 0, preferred_language: 'en' } },
        },
        refusal: 'stage_moved',
      },
      {
        op: 'delete',
        entity: 'enrollmentEntry',
        key: { provider_id: 'o1', stage: 'invited', created_at: patient.created_at, patient_id: 'p1' },
      },
      expect.objectContaining({ op: 'upsert', entity: 'counter', add: { value: -1 } }),
      {
        op: 'put',
        entity: 'enrollmentEntry',
        item: {
          provider_id: 'o1',
          stage: 'interested',
          created_at: patient.created_at,
          patient_id: 'p1',
          entered_at: AT,
          first_name: 'Ann',
          last_name: 'Lee',
          condition_count: 0,
          has_phone: true,
          preferred_language: 'en',
        },
      },
      expect.objectContaining({ op: 'upsert', entity: 'counter', add: { value: 1 } }),
    ]);
  });

  it('moves nobody who is no longer invited, and nothing for any other kind of call', () => {
    expect(
      enrollmentAnswerWrites(log(0), { ...patient, enrollmentStage: 'enrolled' }, 'answered', 'declined', AT, true)
        .transaction,
    ).toEqual([]);
    expect(
      enrollmentAnswerWrites(log(0), { ...patient, status: 'archived' }, 'answered', 'declined', AT, true).transaction,
    ).toEqual([]);
    expect(
      enrollmentAnswerWrites({ attempt: 0, kind: 'monthly' }, patient, 'answered', 'interested', AT, true).transaction,
    ).toEqual([]);
  });
});
