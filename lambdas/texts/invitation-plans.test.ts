import { describe, expect, it } from 'vitest';
import { answeredStage, invitableCheck, invitedPlan, stageMoveWrites } from './invitation-plans';

const AT = '2026-03-02T10:00:00.000Z';
const named = { first_name: 'Ann', last_name: 'Lee', phone_number: '+15550100', conditionCount: 2 } as const;
const ann = { id: 'p1', provider_id: 'o-1', created_at: '2026-01-01T00:00:00.000Z', ...named };
const bo = { id: 'p2', provider_id: 'o-1', created_at: '2026-01-02T00:00:00.000Z', ...named, first_name: 'Bo' };
const entry = (p: typeof ann, stage: string) => ({
  provider_id: 'o-1',
  stage,
  created_at: p.created_at,
  patient_id: p.id,
});
const count = (stage: string, by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#o-1', name: `enrollment#${stage}` },
  add: { value: by },
});

describe('an invitation', () => {
  it('holds its text to the patient still active at the stage read', () => {
    expect(invitableCheck(ann, 'eligible')).toEqual({
      op: 'check',
      entity: 'patient',
      key: { patient_id: 'p1' },
      when: { equal: { status: 'active', enrollment_stage: 'eligible' } },
      refusal: 'stage_moved',
    });
  });

  it('makes an eligible patient invited, with its item and counts, only while still eligible', () => {
    expect(invitedPlan(ann, 'eligible', AT, false)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'patient',
          key: { patient_id: 'p1' },
          set: { enrollment_stage: 'invited' },
          when: { equal: { status: 'active', enrollment_stage: 'eligible' } },
          refusal: 'stage_moved',
        },
        { op: 'delete', entity: 'enrollmentEntry', key: entry(ann, 'eligible') },
        { op: 'put', entity: 'enrollmentEntry', item: { ...entry(ann, 'invited'), entered_at: AT } },
        count('eligible', -1),
        count('invited', 1),
      ],
      afterCommit: [],
    });
  });

  it('copies the patient as read onto the new item, only while the patient still shows it', () => {
    const [patch, , put] = invitedPlan(ann, 'eligible', AT, true).transaction;
    expect(patch).toMatchObject({
      when: {
        equal: {
          status: 'active',
          enrollment_stage: 'eligible',
          first_name: 'Ann',
          last_name: 'Lee',
          condition_count: 2,
        },
        present: ['phone_number'],
        missingOr: { equal: { preferred_language: 'en' } },
      },
    });
    expect(put).toEqual({
      op: 'put',
      entity: 'enrollmentEntry',
      item: {
        ...entry(ann, 'invited'),
        entered_at: AT,
        first_name: 'Ann',
        last_name: 'Lee',
        condition_count: 2,
        has_phone: true,
        preferred_language: 'en',
      },
    });
  });

  it('writes nothing for a patient invited again', () => {
    expect(invitedPlan(ann, 'invited', AT, false)).toEqual({ transaction: [], afterCommit: [] });
  });
});

describe('an answer', () => {
  it('moves yes to interested, no to declined, no answer to unreachable', () => {
    expect([answeredStage('yes'), answeredStage('no'), answeredStage('no_answer')]).toEqual([
      'interested',
      'declined',
      'unreachable',
    ]);
  });

  it('names each counter once for patients sharing a number', () => {
    const writes = stageMoveWrites([ann, bo], 'invited', 'interested', AT, true);
    expect(writes.filter((w) => w.entity === 'patient')).toHaveLength(2);
    expect(writes.filter((w) => w.entity === 'counter')).toEqual([count('invited', -2), count('interested', 2)]);
  });
});
