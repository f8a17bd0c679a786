import { describe, expect, it } from 'vitest';
import { enrollmentStageWrites, stagePatch, withStage } from './enrollment-stages';

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
});
