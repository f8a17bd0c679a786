/**
 * How a call's steps change its records (docs/architecture.md "Writes as plans"): a scheduled call
 * moved or cancelled, Vapi's id and its start, a call failed or cancelled before it started, and a
 * settled call taken off the reconciler's list. Conditions make each step happen once and only
 * from the status it leaves; the patient's one-call-at-a-time lock is released after the commit.
 */
import { scheduledCallWrites } from '../kernel/call-log-writes';
import { COUNTER, GLOBAL_SCOPE, chartsChangedWrite, counterAdd } from '../kernel/read-models/counters';
import { dailySlotWrite, dailyCapName, dailyCapScope } from '../kernel/read-models/daily-caps';
import {
  lineReleaseWrites,
  lineTakeWrite,
  waitingEndWrites,
  waitingEntryDelete,
  waitingStartWrites,
} from '../kernel/read-models/call-lines';
import type { DailyCap } from '../kernel/records/organization';
import { definedValues, type ItemWrite, type WriteCondition, type WritePlan } from '../kernel/write-plan';
import type { CallLogRecord } from '../kernel/records/call-log';

/** The call is no longer in the status the step leaves (placed by an earlier firing, cancelled, over). */
export type NotPending = 'not_pending';

/** Frees the patient for the next call, if this call still holds the lock. */
export function lockReleaseWrite(patientId: string, callLogId: string): ItemWrite {
  return {
    op: 'patch',
    entity: 'patient',
    key: { patient_id: patientId },
    remove: ['active_call_id'],
    when: { equal: { active_call_id: callLogId } },
  };
}

/** The lock released on its own (a repeated cancel still frees it). */
export function lockReleasePlan(patientId: string, callLogId: string): WritePlan {
  return { transaction: [], afterCommit: [lockReleaseWrite(patientId, callLogId)] };
}

/** The call off the reconciler's list of open calls (it has none before it is placed). */
function openCallDelete(log: CallLogRecord): ItemWrite[] {
  return log.placed_at
    ? [{ op: 'delete', entity: 'openCall', key: { shard: 'open', placed_at: log.placed_at, call_log_id: log.id } }]
    : [];
}

/**
 * A pending call's write while it is pending and waits for a line as read (`waitingSince`) or does
 * not: the mark is removed with it, so the waiting list loses the call exactly once.
 */
function waitingMarkRemoved(waitingSince: string | null | undefined): { remove?: string[]; when: WriteCondition } {
  return waitingSince
    ? { remove: ['waiting_since'], when: { equal: { status: 'scheduled', waiting_since: waitingSince } } }
    : { when: { equal: { status: 'scheduled' }, missing: ['waiting_since'] } };
}

/** A pending call created and counted: `exists` when its id is stored already (its derived id makes a retry one call). */
export function scheduledCallPlan(log: CallLogRecord): WritePlan<'exists'> {
  return { transaction: scheduledCallWrites(log, 'exists'), afterCommit: [] };
}

/**
 * A pending scheduled call moved to a new time; it stays pending, and is refused once it is not. A
 * call waiting for a line since `waitingSince` leaves the waiting list (refused when it left it already).
 */
export function reschedulePlan(
  id: string,
  scheduledAt: string,
  at: string,
  waitingSince?: string | null,
): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: id },
        set: { scheduled_at: scheduledAt, list: 'scheduled', list_at: scheduledAt, updated_at: at },
        add: { version: 1 },
        ...waitingMarkRemoved(waitingSince),
        refusal: 'not_pending',
      },
      ...waitingEndWrites({ id, waiting_since: waitingSince }),
    ],
    afterCommit: [],
  };
}

/** Every call line a queued call may use is taken (shared/values/call-lines.ts). */
export type NoLine = 'no_line';

/**
 * A pending scheduled call that found no free line, listed as waiting since `since` (once: refused
 * as `not_pending` when it is no longer scheduled or is waiting already).
 */
export function waitingPlan(id: string, since: string, at: string): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: id },
        set: { waiting_since: since, updated_at: at },
        when: { equal: { status: 'scheduled' }, missing: ['waiting_since'] },
        refusal: 'not_pending',
      },
      ...waitingStartWrites(id, since),
    ],
    afterCommit: [],
  };
}

/** The organization's day is at its cap of calls. */
export type Capped = 'capped';

/**
 * A pending scheduled call placed: queued on the list of placed calls and the reconciler's open
 * calls, holding the patient's one-call-at-a-time lock, counted as a call and no longer as a
 * scheduled one, taking one slot of the organization's day and one of the call lines a queued call
 * may use of `budget` (off the waiting list, if it waited). `capped` when the day is used up (it
 * comes first: a capped call waits for tomorrow whatever else holds), `no_line` when the lines are
 * in use, `not_pending` when the call is no longer scheduled (or no longer waiting as read),
 * `conflict` when another call holds the patient's lock.
 */
export function claimPlan(
  log: CallLogRecord,
  at: string,
  cap: DailyCap,
  budget: number,
): WritePlan<Capped | NoLine | NotPending> {
  const waitingSince = log.waiting_since ?? null;
  return {
    transaction: [
      dailySlotWrite(cap, 'capped'),
      lineTakeWrite(budget, 'queued', 'no_line', Boolean(waitingSince)),
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: log.id },
        set: { status: 'queued', list: 'placed', list_at: at, placed_at: at, slot_taken_at: at, updated_at: at },
        add: { version: 1 },
        ...waitingMarkRemoved(waitingSince),
        refusal: 'not_pending',
      },
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: log.patient_id },
        set: { active_call_id: log.id },
        when: { equal: { status: 'active' }, missing: ['active_call_id'] },
      },
      { op: 'create', entity: 'openCall', item: { shard: 'open', placed_at: at, call_log_id: log.id } },
      counterAdd(GLOBAL_SCOPE, COUNTER.calls),
      counterAdd(GLOBAL_SCOPE, COUNTER.scheduledCalls, -1),
      ...waitingEntryDelete(log),
    ],
    afterCommit: [],
  };
}

/**
 * A claimed call Vapi did not start because every one of its lines was busy (`at_capacity`), put
 * back as it was: pending again (its due time kept), off the placed and open calls, counted as
 * scheduled again, its slot of the day and its call line given back, then the patient's lock. Only
 * while it is queued with no Vapi call (`not_pending` otherwise).
 */
export function unclaimPlan(log: CallLogRecord, at: string, cap: DailyCap): WritePlan<NotPending> {
  const due = log.scheduled_at ?? log.created_at;
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: log.id },
        set: { status: 'scheduled', list: 'scheduled', list_at: due, updated_at: at },
        add: { version: 1 },
        remove: ['placed_at', 'slot_taken_at'],
        when: { equal: { status: 'queued' }, missing: ['vendor_call_id', 'report_received_at'] },
        refusal: 'not_pending',
      },
      ...openCallDelete(log),
      counterAdd(GLOBAL_SCOPE, COUNTER.calls, -1),
      counterAdd(GLOBAL_SCOPE, COUNTER.scheduledCalls),
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: dailyCapScope(cap.organizationId), name: dailyCapName(cap) },
        add: { value: -1 },
      },
      ...lineReleaseWrites(log),
    ],
    afterCommit: [lockReleaseWrite(log.patient_id, log.id)],
  };
}

/**
 * A pending scheduled call cancelled and no longer counted as scheduled; a call waiting for a line
 * since `waitingSince` leaves the waiting list.
 */
export function cancelScheduledPlan(id: string, at: string, waitingSince?: string | null): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: id },
        set: { status: 'cancelled', outcome: 'cancelled', list: 'cancelled', list_at: at, updated_at: at },
        add: { version: 1 },
        ...waitingMarkRemoved(waitingSince),
        refusal: 'not_pending',
      },
      counterAdd(GLOBAL_SCOPE, COUNTER.scheduledCalls, -1),
      ...waitingEndWrites({ id, waiting_since: waitingSince }),
    ],
    afterCommit: [],
  };
}

/** The patient has no monthly outreach to switch off. */
export type NoCadence = 'no_cadence';

/** The patient's monthly outreach switched off (archive, "stop calling me"), if they have one. */
export function cadenceOffPlan(patientId: string): WritePlan<NoCadence> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'outreachCadence',
        key: { patient_id: patientId },
        set: { enabled: false },
        refusal: 'no_cadence',
      },
    ],
    afterCommit: [],
  };
}

/**
 * The person asked on a call not to be called again: kept on the patient (the first time only), so
 * that no AI call invites them to enrol (DECISIONS "Vendor trust": "stop calling" ends outreach).
 */
export function callsStoppedPlan(patientId: string, at: string): WritePlan {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: patientId },
        set: { calls_stopped_at: at },
        when: { missing: ['calls_stopped_at'] },
      },
    ],
    afterCommit: [],
  };
}

/** Vapi's id of a queued call, on a call log that exists. */
export function vendorCallIdPlan(id: string, vendorCallId: string, at: string, transferOfferedTo?: string): WritePlan {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: id },
        // The on-call number given to the assistant: a report's transfer counts only to it (DECISIONS "Vendor trust").
        set: definedValues({ vendor_call_id: vendorCallId, updated_at: at, transfer_offered_to: transferOfferedTo }),
      },
    ],
    afterCommit: [],
  };
}

/**
 * Vapi's status update: queued → in_progress, only for the call placed as `vendorCallId` (never
 * backwards, never after the end); `not_pending` otherwise.
 */
export function inProgressPlan(id: string, vendorCallId: string, at: string): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: id },
        set: { status: 'in_progress', started_at: at, updated_at: at },
        add: { version: 1 },
        when: { equal: { status: 'queued', vendor_call_id: vendorCallId } },
        refusal: 'not_pending',
      },
    ],
    afterCommit: [],
  };
}

/**
 * A call that could not be placed or ended without a report: failed with the reason staff read,
 * while it is queued or running and no report came, giving its call line back; then the patient's
 * lock is released.
 */
export function failedPlan(log: CallLogRecord, reason: string, at: string): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: log.id },
        set: { status: 'failed', outcome: 'failed', failure_reason: reason, ended_at: at, updated_at: at },
        add: { version: 1 },
        remove: ['slot_taken_at'],
        when: { oneOf: { status: ['queued', 'in_progress'] }, missing: ['report_received_at'] },
        refusal: 'not_pending',
      },
      ...openCallDelete(log),
      ...lineReleaseWrites(log),
    ],
    afterCommit: [lockReleaseWrite(log.patient_id, log.id)],
  };
}

/**
 * A queued call that has not started cancelled (a web call whose window closed first): off the list
 * of placed calls, as a cancelled scheduled call is, since it never reached anyone, its call line
 * given back. The lock is
 * released by the use case once it reads the call cancelled (a repeated cancel frees it too).
 */
export function cancelQueuedPlan(log: CallLogRecord, at: string): WritePlan<NotPending> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: log.id },
        set: {
          status: 'cancelled',
          outcome: 'cancelled',
          list: 'cancelled',
          list_at: at,
          ended_at: at,
          updated_at: at,
        },
        add: { version: 1 },
        remove: ['slot_taken_at'],
        when: { equal: { status: 'queued' }, missing: ['report_received_at'] },
        refusal: 'not_pending',
      },
      ...openCallDelete(log),
      ...lineReleaseWrites(log),
    ],
    afterCommit: [],
  };
}

/**
 * The call's event is out: settled, the reconciler has nothing left to do for it. An answered call
 * (`completed`) is a record the practice's charts count, so their version moves here, after the
 * report committed and outside its transaction (docs/access-patterns.md): in this step it costs no
 * request of its own, and a step that did not finish is done again by the reconciler, moving it then.
 */
export function eventPublishedPlan(log: CallLogRecord, at: string): WritePlan {
  return {
    transaction: [
      { op: 'patch', entity: 'callLog', key: { call_log_id: log.id }, set: { event_published_at: at } },
      ...openCallDelete(log),
      ...(log.status === 'completed' ? [chartsChangedWrite(log.provider_id)] : []),
    ],
    afterCommit: [],
  };
}
