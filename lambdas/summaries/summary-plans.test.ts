import { describe, expect, it } from 'vitest';
import { newCallLog, type CallLogRecord } from '../kernel/records/call-log';
import { summaryStatusPlan } from './summary-plans';

const AT = '2026-03-04T15:00:00.000Z';
const ID = 'c0ffee00-0000-4000-8000-000000000001';
const reported = (fields: Partial<CallLogRecord> = {}): CallLogRecord => ({
  ...newCallLog(
    { id: ID, patient_id: 'p-1', provider_id: 'o-1', status: 'completed', kind: 'instant', created_by: 'u-1' },
    '2026-03-01T10:00:00.000Z',
  ),
  summary: 'Doing well.',
  summary_org_month: '2026-03',
  summary_utc_month: '2026-03',
  success_evaluation: true,
  requires_followup: false,
  escalation_level: 'Normal',
  duration_seconds: 120,
  version: 3,
  ...fields,
});

describe('summaryStatusPlan', () => {
  it('moves the flags on the version seen, and each list entry and tab counter', () => {
    const moved = summaryStatusPlan(reported(), 'added_to_emr', 3, AT);
    if (moved === 'stale') throw new Error('expected a plan');
    const [callLog, ...lists] = moved.plan.transaction;

    expect(callLog).toEqual({
      op: 'patch',
      entity: 'callLog',
      key: { call_log_id: ID },
      set: { added_to_emr: true, requires_followup: false, success_evaluation: true, updated_at: AT },
      add: { version: 1 },
      when: { equal: { version: 3 } },
      refusal: 'stale',
    });
    const key = { created_at: '2026-03-01T10:00:00.000Z', call_log_id: ID };
    const scope = 'org#o-1#2026-03';
    // The first scope: the organization's month.
    expect(lists.slice(0, 4)).toEqual([
      { op: 'delete', entity: 'summaryEntry', key: { scope, tab: 'successful', ...key } },
      {
        op: 'create',
        entity: 'summaryEntry',
        item: {
          ...key,
          scope,
          tab: 'added_to_emr',
          patient_id: 'p-1',
          provider_id: 'o-1',
          summary: 'Doing well.',
          status: 'added_to_emr',
          escalation_level: 'Normal',
          duration_seconds: 120,
          version: 4,
        },
      },
      { op: 'upsert', entity: 'counter', key: { scope: `summaries#${scope}`, name: 'successful' }, add: { value: -1 } },
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: `summaries#${scope}`, name: 'added_to_emr' },
        add: { value: 1 },
      },
    ]);
    expect(lists.map((w) => w.op === 'delete' && w.key.scope).filter(Boolean)).toEqual([
      scope,
      'org#o-1#all',
      'all#2026-03',
      'all#all',
    ]);
    // A Normal call has no escalation entry: four writes per scope.
    expect(lists).toHaveLength(16);
    expect(lists.some((w) => w.op === 'patch')).toBe(false);
    expect(moved.plan.afterCommit).toEqual([]);
    expect(moved.stored).toMatchObject({ added_to_emr: true, version: 4, updated_at: AT });
  });

  it("keeps an escalated call's entry under its level in step", () => {
    const moved = summaryStatusPlan(
      reported({ escalation_level: 'Urgent', success_evaluation: false }),
      'successful',
      3,
      AT,
    );
    if (moved === 'stale') throw new Error('expected a plan');
    const levels = moved.plan.transaction.filter((w) => w.op === 'patch' && w.entity === 'summaryEntry');

    expect(levels).toHaveLength(4);
    expect(levels[0]).toMatchObject({
      key: { tab: 'Urgent', call_log_id: ID },
      set: { status: 'successful', version: 4 },
    });
    expect(moved.plan.transaction.find((w) => w.entity === 'counter')).toMatchObject({
      key: { name: 'requires_followup' },
      add: { value: -1 },
    });
  });

  it('is stale for a call log without a stored summary', () => {
    expect(summaryStatusPlan(reported({ summary: null }), 'added_to_emr', 3, AT)).toBe('stale');
  });
});
