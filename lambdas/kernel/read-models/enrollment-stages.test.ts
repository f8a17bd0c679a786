import { describe, expect, it } from 'vitest';
import type { WriteCommitter, WritePlan } from '../write-plan';
import { commitStageMove, enrollmentStageWrites, keyOf, stagePatch, withStage } from './enrollment-stages';

const p = { id: 'p1', provider_id: 'o-1', created_at: '2026-01-01T00:00:00.000Z' };

describe('the enrollment stage read model', () => {
  it('adds the stage condition to a write’s own', () => {
    expect(withStage({ missing: ['consent_status'], equal: { status: 'active' } }, undefined)).toEqual({
      missing: ['consent_status', 'enrollment_stage'],
      equal: { status: 'active' },
    });
    expect(withStage({ equal: { status: 'active' } }, 'invited')).toEqual({
      equal: { status: 'active', enrollment_stage: 'invited' },
    });
    expect(withStage(undefined, 'eligible')).toEqual({ equal: { enrollment_stage: 'eligible' } });
  });

  it('sets, removes or leaves the patient’s stage', () => {
    expect(stagePatch(undefined, 'eligible')).toEqual({ set: { enrollment_stage: 'eligible' }, remove: [] });
    expect(stagePatch('eligible', undefined)).toEqual({ set: {}, remove: ['enrollment_stage'] });
    expect(stagePatch('invited', 'invited')).toEqual({ set: {}, remove: [] });
  });

  it('moves the item and the counts, and nothing when the stage stays', () => {
    expect(enrollmentStageWrites(p, 'eligible', 'invited', 'AT').map((w) => [w.op, w.entity])).toEqual([
      ['delete', 'enrollmentEntry'],
      ['upsert', 'counter'],
      ['put', 'enrollmentEntry'],
      ['upsert', 'counter'],
    ]);
    expect(enrollmentStageWrites(p, 'invited', 'invited', 'AT')).toEqual([]);
  });

  it("puts a new item with the patient's copy, or without one given only its key", () => {
    const named = { ...p, first_name: 'Ann', last_name: 'Lee', phone_number: null, conditionCount: 2 };
    const put = (q: Parameters<typeof enrollmentStageWrites>[0]) =>
      enrollmentStageWrites(q, undefined, 'eligible', 'AT').find((w) => w.op === 'put');
    expect(put(named)).toMatchObject({
      item: { first_name: 'Ann', last_name: 'Lee', condition_count: 2, has_phone: false, preferred_language: 'en' },
    });
    expect(put(keyOf(named))).toEqual({
      op: 'put',
      entity: 'enrollmentEntry',
      item: { provider_id: 'o-1', stage: 'eligible', created_at: p.created_at, patient_id: 'p1', entered_at: 'AT' },
    });
  });

  it('commits a move with the copy, and once more without it only when that is refused', async () => {
    const sent: boolean[] = [];
    const committer = (refuseCopy: boolean): WriteCommitter => ({
      commit: async <R extends string>(plan: WritePlan<R>) => {
        const copy = plan.transaction.length === 1;
        sent.push(copy);
        return (copy && refuseCopy ? 'stage_moved' : 'committed') as never;
      },
    });
    const build = (copy: boolean): WritePlan<'stage_moved'> => ({
      transaction: copy ? [enrollmentStageWrites(p, 'eligible', 'invited', 'AT')[0]!] : [],
      afterCommit: [],
    });
    expect(await commitStageMove(committer(false), build)).toBe('committed');
    expect(sent).toEqual([true]);
    sent.length = 0;
    expect(await commitStageMove(committer(true), build)).toBe('committed');
    expect(sent).toEqual([true, false]);
  });
});
