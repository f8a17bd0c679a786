import { describe, expect, it } from 'vitest';
import type { PatientRecord } from './records/patient';
import { newCallLog } from './records/call-log';
import type { CommitOutcome, WritePlan } from './write-plan';
import { placeCallLog, placedCallPlan, scheduledCallWrites } from './call-log-writes';

const AT = '2026-03-01T12:00:00.000Z';
const queued = newCallLog(
  {
    id: 'cl-1',
    patient_id: 'p-1',
    provider_id: 'o-1',
    status: 'queued',
    kind: 'instant',
    created_by: 'u-1',
    placed_at: AT,
  },
  AT,
);
const cap = { organizationId: 'o-1', kind: 'calls' as const, day: '2026-03-01', limit: 40 };
const item = {
  call_log_id: 'cl-1',
  patient_id: 'p-1',
  provider_id: 'o-1',
  status: 'queued',
  kind: 'instant',
  list: 'placed',
  list_at: AT,
  created_at: AT,
  updated_at: AT,
  created_by: 'u-1',
  attempt: 0,
  placed_at: AT,
  slot_taken_at: AT,
  version: 1,
};

describe('a call placed at once', () => {
  it('takes a slot of the day first, then any call line, the patient lock, and lists, opens and counts the call', () => {
    expect(placedCallPlan(queued, cap, 5)).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'daily#o-1', name: 'calls#2026-03-01' },
          add: { value: 1 },
          when: { missingOr: { below: { value: 40 } } },
          refusal: 'capped',
        },
        // A person's call may use every line of the budget, the reserve included.
        {
          op: 'upsert',
          entity: 'callLines',
          key: { scope: 'lines' },
          add: { in_use: 1 },
          when: { missingOr: { below: { in_use: 5 } } },
          refusal: 'lines_busy',
        },
        {
          op: 'patch',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          set: { active_call_id: 'cl-1' },
          when: { equal: { status: 'active' }, missing: ['active_call_id'] },
        },
        { op: 'create', entity: 'callLog', item },
        { op: 'create', entity: 'openCall', item: { shard: 'open', placed_at: AT, call_log_id: 'cl-1' } },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'calls' }, add: { value: 1 } },
      ],
      afterCommit: [],
    });
  });

  it("placed by a link, also takes the patient's link window", () => {
    const since = '2026-03-01T11:30:00.000Z';
    expect(placedCallPlan(queued, cap, 5, since).transaction.at(-1)).toEqual({
      op: 'upsert',
      entity: 'patientLinks',
      key: { patient_id: 'p-1' },
      set: { provider_id: 'o-1', call_at: AT },
      when: { missingOr: { below: { call_at: since } } },
    });
  });

  const active = { id: 'p-1', status: 'active' } as PatientRecord;
  const placing = (outcome: CommitOutcome<'capped' | 'lines_busy'>, patient: PatientRecord | null) => {
    const committed: WritePlan<string>[] = [];
    const deps = {
      committer: {
        commit: async <R extends string>(plan: WritePlan<R>) => {
          committed.push(plan);
          return outcome as CommitOutcome<R>;
        },
      },
      patients: { get: async () => patient },
    };
    return { committed, answer: placeCallLog(deps, queued, cap, 5) };
  };

  it('answers created once committed, and tells a refusal by the patient read after it', async () => {
    const created = placing('committed', active);
    expect(await created.answer).toBe('created');
    expect(created.committed).toHaveLength(1);
    expect(await placing('capped', active).answer).toBe('capped');
    expect(await placing('lines_busy', active).answer).toBe('lines_busy');
    expect(await placing('conflict', active).answer).toBe('conflict');
    expect(await placing('conflict', { ...active, status: 'archived' }).answer).toBe('missing');
    expect(await placing('capped', null).answer).toBe('missing');
  });
});

describe('a scheduled call', () => {
  it('is listed as scheduled at its due time and counted; a taken id is refused as named', () => {
    const log = newCallLog(
      {
        id: 'cl-2',
        patient_id: 'p-1',
        provider_id: 'o-1',
        status: 'scheduled',
        kind: 'monthly',
        created_by: 'u-1',
        scheduled_at: '2026-03-05T14:00:00.000Z',
      },
      AT,
    );
    expect(scheduledCallWrites(log, 'exists')).toEqual([
      {
        op: 'create',
        entity: 'callLog',
        item: expect.objectContaining({
          call_log_id: 'cl-2',
          status: 'scheduled',
          list: 'scheduled',
          list_at: '2026-03-05T14:00:00.000Z',
          scheduled_at: '2026-03-05T14:00:00.000Z',
        }),
        refusal: 'exists',
      },
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'scheduled_calls' }, add: { value: 1 } },
    ]);
    expect(scheduledCallWrites({ ...log, scheduled_at: null })[0]).toMatchObject({ item: { list_at: AT } });
    expect(scheduledCallWrites(log)[0]).not.toHaveProperty('refusal');
  });
});
