import { describe, expect, it } from 'vitest';
import { newCallLog } from '../kernel/records/call-log';
import {
  cadenceOffPlan,
  cancelQueuedPlan,
  cancelScheduledPlan,
  claimPlan,
  eventPublishedPlan,
  failedPlan,
  inProgressPlan,
  lockReleasePlan,
  reschedulePlan,
  unclaimPlan,
  vendorCallIdPlan,
  waitingPlan,
} from './call-plans';

const AT = '2026-03-04T15:00:00.000Z';
const ID = 'c0ffee00-0000-4000-8000-000000000001';
const log = (placed: boolean) =>
  newCallLog(
    {
      id: ID,
      patient_id: 'p-1',
      provider_id: 'o-1',
      status: 'queued',
      kind: 'web',
      created_by: 'u-1',
      ...(placed ? { placed_at: '2026-03-04T14:00:00.000Z' } : {}),
    },
    AT,
  );
const openCall = {
  op: 'delete',
  entity: 'openCall',
  key: { shard: 'open', placed_at: '2026-03-04T14:00:00.000Z', call_log_id: ID },
};
const SINCE = '2026-03-04T14:30:00.000Z';
const lineRelease = { op: 'upsert', entity: 'callLines', key: { scope: 'lines' }, add: { in_use: -1 } };
const waitingEnd = [
  { op: 'delete', entity: 'callWaiting', key: { shard: 'waiting', waiting_since: SINCE, call_log_id: ID } },
  { op: 'upsert', entity: 'callLines', key: { scope: 'lines' }, add: { waiting: -1 } },
];
const notWaiting = { equal: { status: 'scheduled' }, missing: ['waiting_since'] };
const stillWaiting = { equal: { status: 'scheduled', waiting_since: SINCE } };
const lockRelease = {
  op: 'patch',
  entity: 'patient',
  key: { patient_id: 'p-1' },
  remove: ['active_call_id'],
  when: { equal: { active_call_id: ID } },
};

describe('scheduled calls', () => {
  it('moves a pending call to a new time, refused once it is not pending', () => {
    expect(reschedulePlan(ID, '2026-03-05T15:00:00.000Z', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: {
            scheduled_at: '2026-03-05T15:00:00.000Z',
            list: 'scheduled',
            list_at: '2026-03-05T15:00:00.000Z',
            updated_at: AT,
          },
          add: { version: 1 },
          when: notWaiting,
          refusal: 'not_pending',
        },
      ],
      afterCommit: [],
    });
  });

  it('moves a call waiting for a line off the waiting list, once (the mark as read is the condition)', () => {
    const plan = reschedulePlan(ID, '2026-03-05T15:00:00.000Z', AT, SINCE);
    expect(plan.transaction[0]).toMatchObject({ remove: ['waiting_since'], when: stillWaiting });
    expect(plan.transaction.slice(1)).toEqual(waitingEnd);
  });

  it('lists a pending call as waiting for a line and counts it, only if it is not waiting yet', () => {
    expect(waitingPlan(ID, SINCE, AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: { waiting_since: SINCE, updated_at: AT },
          when: notWaiting,
          refusal: 'not_pending',
        },
        { op: 'create', entity: 'callWaiting', item: { shard: 'waiting', waiting_since: SINCE, call_log_id: ID } },
        { op: 'upsert', entity: 'callLines', key: { scope: 'lines' }, add: { waiting: 1 } },
      ],
      afterCommit: [],
    });
  });

  it("places a pending call: the day's slot first, then the call, the lock, the open call and the counters", () => {
    const cap = { organizationId: 'o-1', kind: 'calls' as const, day: '2026-03-04', limit: 50 };

    expect(claimPlan({ ...log(false), status: 'scheduled' }, AT, cap, 5)).toEqual({
      transaction: [
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'daily#o-1', name: 'calls#2026-03-04' },
          add: { value: 1 },
          when: { missingOr: { below: { value: 50 } } },
          refusal: 'capped',
        },
        // A queued call leaves the reserve for people: of 5 lines, 4 at most.
        {
          op: 'upsert',
          entity: 'callLines',
          key: { scope: 'lines' },
          add: { in_use: 1 },
          when: { missingOr: { below: { in_use: 4 } } },
          refusal: 'no_line',
        },
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: { status: 'queued', list: 'placed', list_at: AT, placed_at: AT, slot_taken_at: AT, updated_at: AT },
          add: { version: 1 },
          when: notWaiting,
          refusal: 'not_pending',
        },
        {
          op: 'patch',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          set: { active_call_id: ID },
          when: { equal: { status: 'active' }, missing: ['active_call_id'] },
        },
        { op: 'create', entity: 'openCall', item: { shard: 'open', placed_at: AT, call_log_id: ID } },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'calls' }, add: { value: 1 } },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'scheduled_calls' }, add: { value: -1 } },
      ],
      afterCommit: [],
    });
  });

  it('places a call that waited for a line off the waiting list', () => {
    const cap = { organizationId: 'o-1', kind: 'calls' as const, day: '2026-03-04', limit: 50 };
    const plan = claimPlan({ ...log(false), status: 'scheduled', waiting_since: SINCE }, AT, cap, 5);
    // A transaction writes an item once: the line taken and the wait ended are one write.
    expect(plan.transaction[1]).toMatchObject({ entity: 'callLines', add: { in_use: 1, waiting: -1 } });
    expect(plan.transaction[2]).toMatchObject({ remove: ['waiting_since'], when: stillWaiting });
    expect(plan.transaction.at(-1)).toEqual(waitingEnd[0]);
    expect(plan.transaction.filter((w) => w.entity === 'callLines')).toHaveLength(1);
  });

  it('cancels a pending call and counts it off the scheduled calls', () => {
    expect(cancelScheduledPlan(ID, AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: { status: 'cancelled', outcome: 'cancelled', list: 'cancelled', list_at: AT, updated_at: AT },
          add: { version: 1 },
          when: notWaiting,
          refusal: 'not_pending',
        },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'scheduled_calls' }, add: { value: -1 } },
      ],
      afterCommit: [],
    });
    expect(cancelScheduledPlan(ID, AT, SINCE).transaction.slice(-2)).toEqual(waitingEnd);
  });

  it('puts a claimed call Vapi had no line for back as it was: pending, its slots given back, then the lock', () => {
    const cap = { organizationId: 'o-1', kind: 'calls' as const, day: '2026-03-04', limit: 50 };
    const claimed = { ...log(true), scheduled_at: '2026-03-04T14:00:00.000Z', slot_taken_at: AT };
    expect(unclaimPlan(claimed, AT, cap)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: { status: 'scheduled', list: 'scheduled', list_at: '2026-03-04T14:00:00.000Z', updated_at: AT },
          add: { version: 1 },
          remove: ['placed_at', 'slot_taken_at'],
          when: { equal: { status: 'queued' }, missing: ['vendor_call_id', 'report_received_at'] },
          refusal: 'not_pending',
        },
        openCall,
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'calls' }, add: { value: -1 } },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'scheduled_calls' }, add: { value: 1 } },
        { op: 'upsert', entity: 'counter', key: { scope: 'daily#o-1', name: 'calls#2026-03-04' }, add: { value: -1 } },
        lineRelease,
      ],
      afterCommit: [lockRelease],
    });
  });
});

describe('placed calls', () => {
  it("records Vapi's id on the call log", () => {
    expect(vendorCallIdPlan(ID, 'v-1', AT).transaction).toEqual([
      { op: 'patch', entity: 'callLog', key: { call_log_id: ID }, set: { vendor_call_id: 'v-1', updated_at: AT } },
    ]);
  });

  it('moves only the queued call placed as this Vapi call to in progress', () => {
    expect(inProgressPlan(ID, 'v-1', AT).transaction).toEqual([
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: ID },
        set: { status: 'in_progress', started_at: AT, updated_at: AT },
        add: { version: 1 },
        when: { equal: { status: 'queued', vendor_call_id: 'v-1' } },
        refusal: 'not_pending',
      },
    ]);
  });

  it('fails a running call without a report, takes it off the open calls and then frees the patient', () => {
    expect(failedPlan(log(true), 'No answer', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: { status: 'failed', outcome: 'failed', failure_reason: 'No answer', ended_at: AT, updated_at: AT },
          add: { version: 1 },
          remove: ['slot_taken_at'],
          when: { oneOf: { status: ['queued', 'in_progress'] }, missing: ['report_received_at'] },
          refusal: 'not_pending',
        },
        openCall,
      ],
      afterCommit: [lockRelease],
    });
  });

  it('gives back the call line of a call that holds one when it fails or is cancelled, and none otherwise', () => {
    const holding = { ...log(true), slot_taken_at: AT };
    expect(failedPlan(holding, 'No answer', AT).transaction.at(-1)).toEqual(lineRelease);
    expect(cancelQueuedPlan(holding, AT).transaction.at(-1)).toEqual(lineRelease);
    // Placed before the call lines existed: it holds none, so it frees none.
    expect(failedPlan(log(true), 'No answer', AT).transaction).not.toContainEqual(lineRelease);
  });

  it('has no open call to remove for a call never placed', () => {
    expect(failedPlan(log(false), 'No answer', AT).transaction.map((w) => w.entity)).toEqual(['callLog']);
    expect(cancelQueuedPlan(log(false), AT).transaction.map((w) => w.entity)).toEqual(['callLog']);
    expect(eventPublishedPlan(log(false), AT).transaction.map((w) => w.entity)).toEqual(['callLog']);
  });

  it('cancels a queued call that has not started, off the list of placed calls', () => {
    expect(cancelQueuedPlan(log(true), AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: ID },
          set: {
            status: 'cancelled',
            outcome: 'cancelled',
            list: 'cancelled',
            list_at: AT,
            ended_at: AT,
            updated_at: AT,
          },
          add: { version: 1 },
          remove: ['slot_taken_at'],
          when: { equal: { status: 'queued' }, missing: ['report_received_at'] },
          refusal: 'not_pending',
        },
        openCall,
      ],
      afterCommit: [],
    });
    expect(lockReleasePlan('p-1', ID)).toEqual({ transaction: [], afterCommit: [lockRelease] });
  });

  it('settles a call whose event is out', () => {
    expect(eventPublishedPlan(log(true), AT)).toEqual({
      transaction: [
        { op: 'patch', entity: 'callLog', key: { call_log_id: ID }, set: { event_published_at: AT } },
        openCall,
      ],
      afterCommit: [],
    });
  });

  it("moves the practice's charts with the event of an answered call only, after its report committed", () => {
    const chartMove = {
      op: 'upsert',
      entity: 'counter',
      key: { scope: 'organization#o-1', name: 'chart_version' },
      add: { value: 1 },
    };
    expect(eventPublishedPlan({ ...log(true), status: 'completed' }, AT).transaction).toEqual([
      { op: 'patch', entity: 'callLog', key: { call_log_id: ID }, set: { event_published_at: AT } },
      openCall,
      chartMove,
    ]);
    expect(eventPublishedPlan({ ...log(true), status: 'failed' }, AT).transaction).not.toContainEqual(chartMove);
  });

  it("switches the patient's monthly outreach off, refused as no_cadence when they have none", () => {
    expect(cadenceOffPlan('p-1')).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'outreachCadence',
          key: { patient_id: 'p-1' },
          set: { enabled: false },
          refusal: 'no_cadence',
        },
      ],
      afterCommit: [],
    });
  });
});
