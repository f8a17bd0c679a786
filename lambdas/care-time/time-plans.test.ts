import { describe, expect, it } from 'vitest';
import { MAX_DAY_MINUTES } from '../../shared/care-time';
import { appendPlan, billedPlan, complexPlan, voidPlan } from './time-plans';
import type { TimeEntryRecord } from './ports';

const entry: TimeEntryRecord = {
  id: '2026-03_20260310T101500000Z-1a2b3c4d',
  patient_id: 'p1',
  provider_id: 'org-1',
  month: '2026-03',
  date: '2026-03-10',
  minutes: 25,
  activity: 'care_plan_review',
  note: null,
  source: 'manual',
  call_id: null,
  user_id: 'u1',
  user_name: 'Test Nurse',
  care_role: 'clinical_staff',
  counts_as: 'staff',
  created_at: '2026-03-10T10:15:00.000Z',
  voids: null,
};

const chartVersion = {
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#org-1', name: 'chart_version' },
  add: { value: 1 },
};

const hasUndefined = (value: unknown): boolean =>
  value === undefined ||
  (typeof value === 'object' && value !== null && Object.values(value).some((v) => hasUndefined(v)));

describe('appending a time entry', () => {
  it('creates the entry, adds its minutes to the unbilled month and to the author’s day under its limit', () => {
    const plan = appendPlan(entry);
    expect(plan.transaction).toEqual([
      {
        op: 'create',
        entity: 'timeEntry',
        item: {
          patient_id: 'p1',
          entry_id: entry.id,
          provider_id: 'org-1',
          month: '2026-03',
          date: '2026-03-10',
          minutes: 25,
          activity: 'care_plan_review',
          source: 'manual',
          user_id: 'u1',
          user_name: 'Test Nurse',
          care_role: 'clinical_staff',
          counts_as: 'staff',
          created_at: entry.created_at,
        },
      },
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: { provider_id: 'org-1', month: '2026-03', patient_id: 'p1' },
        add: { staff_minutes: 25 },
        set: { updated_at: entry.created_at },
        when: { missing: ['billed_at'] },
        refusal: 'billed',
      },
      {
        op: 'upsert',
        entity: 'timeDay',
        key: { patient_id: 'p1', date: '2026-03-10', user_id: 'u1' },
        add: { minutes: 25 },
        when: { missingOr: { atMost: { minutes: MAX_DAY_MINUTES - 25 } } },
        refusal: 'day_limit',
      },
    ]);
    expect(plan.afterCommit).toEqual([chartVersion]);
    expect(hasUndefined(plan)).toBe(false);
  });

  it('adds a practitioner’s minutes, and a non-clinical author’s, to their own totals', () => {
    expect(appendPlan({ ...entry, counts_as: 'practitioner' }).transaction[1]).toMatchObject({
      add: { practitioner_minutes: 25 },
    });
    expect(appendPlan({ ...entry, counts_as: 'none' }).transaction[1]).toMatchObject({
      add: { non_clinical_minutes: 25 },
    });
  });
});

describe('correcting a time entry', () => {
  const correction: TimeEntryRecord = {
    ...entry,
    id: `${entry.id}~void`,
    user_id: 'u2',
    user_name: 'Other Nurse',
    created_at: '2026-03-12T09:00:00.000Z',
    voids: { id: entry.id, reason: 'Wrong patient' },
  };

  it('creates the correction once and subtracts the voided minutes from the unbilled month and its author’s day', () => {
    const plan = voidPlan(correction, entry);
    expect(plan.transaction).toEqual([
      {
        op: 'create',
        entity: 'timeEntry',
        item: expect.objectContaining({
          entry_id: correction.id,
          user_id: 'u2',
          voids_entry_id: entry.id,
          void_reason: 'Wrong patient',
        }),
        refusal: 'already_voided',
      },
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: { provider_id: 'org-1', month: '2026-03', patient_id: 'p1' },
        add: { staff_minutes: -25 },
        set: { updated_at: correction.created_at },
        when: { missing: ['billed_at'] },
        refusal: 'billed',
      },
      {
        op: 'upsert',
        entity: 'timeDay',
        key: { patient_id: 'p1', date: '2026-03-10', user_id: 'u1' },
        add: { minutes: -25 },
      },
    ]);
    expect(plan.afterCommit).toEqual([chartVersion]);
    expect(hasUndefined(plan)).toBe(false);
  });
});

describe('a billing row change', () => {
  const ref = { organizationId: 'org-1', month: '2026-03', patientId: 'p1' };
  const key = { provider_id: 'org-1', month: '2026-03', patient_id: 'p1' };

  it('sets the complexity flag of an unbilled month, moving no chart', () => {
    expect(complexPlan(ref, true, 'u1', '2026-03-31T10:00:00.000Z')).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'ccmMonth',
          key,
          set: { complex: true, complex_set_by: 'u1', updated_at: '2026-03-31T10:00:00.000Z' },
          when: { missing: ['billed_at'] },
          refusal: 'billed',
        },
      ],
      afterCommit: [],
    });
  });

  it('marks a month billed once, with who and when', () => {
    expect(billedPlan(ref, { id: 'u1', name: 'Dr Lee' }, '2026-04-01T10:00:00.000Z')).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'ccmMonth',
          key,
          set: {
            billed_at: '2026-04-01T10:00:00.000Z',
            billed_by: 'u1',
            billed_by_name: 'Dr Lee',
            updated_at: '2026-04-01T10:00:00.000Z',
          },
          when: { missing: ['billed_at'] },
          refusal: 'billed',
        },
      ],
      afterCommit: [],
    });
  });
});
