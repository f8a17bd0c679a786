import { describe, expect, it } from 'vitest';
import type { TransitionRecord } from './ports';
import { transitionPlan } from './transition-plans';

const transition: TransitionRecord = {
  id: '2026-11-28_20261130T141500123Z-1a2b3c4d',
  patient_id: 'pat-1',
  provider_id: 'org-1',
  kind: 'hospital_discharge',
  date: '2026-11-28',
  facility: null,
  note: null,
  recorded_by: 'user-1',
  recorded_by_name: 'Nora Ellis',
  recorded_at: '2026-11-30T14:15:00.123Z',
};

describe('the transition’s plan', () => {
  it('creates one item in the patient’s partition, keyed by the id, with no nulls (the table keeps none)', () => {
    const plan = transitionPlan(transition);
    expect(plan.afterCommit).toEqual([]);
    expect(plan.transaction).toEqual([
      {
        op: 'create',
        entity: 'careTransition',
        item: {
          patient_id: 'pat-1',
          transition_id: transition.id,
          provider_id: 'org-1',
          kind: 'hospital_discharge',
          date: '2026-11-28',
          recorded_by: 'user-1',
          recorded_by_name: 'Nora Ellis',
          recorded_at: '2026-11-30T14:15:00.123Z',
        },
      },
    ]);
  });

  it('keeps the facility and the note when given', () => {
    const [write] = transitionPlan({ ...transition, facility: 'St. Mary', note: 'By fax' }).transaction;
    expect(write).toMatchObject({ item: { facility: 'St. Mary', note: 'By fax' } });
  });
});
