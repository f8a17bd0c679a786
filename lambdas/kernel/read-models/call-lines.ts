/**
 * The deployment's call lines as plans write them (DECISIONS "Outreach capacity"): one item holds
 * the slots of the Vapi budget in use and the calls waiting for one. A call takes a slot in the same
 * transaction as its lock; every move of a slot-holding call out of queued or in progress gives it
 * back in the same transaction, guarded by the call log's status, so a call settled twice never
 * frees two. A due call without a line is listed as waiting until it is placed, moved or cancelled.
 */
import { lineLimit, type LinePriority } from '../../../shared/values/call-lines';
import type { CallLogRecord } from '../records/call-log';
import type { ItemWrite, WriteCondition } from '../write-plan';

/** The one item's key (entity `callLines`). */
export const CALL_LINES_KEY = { scope: 'lines' } as const;
/** The waiting calls' partition (entity `callWaiting`). */
export const WAITING_SHARD = 'waiting';

/**
 * One slot of `budget` for a call of `priority`: refused as `refusal` when its lines are in use. A
 * call that waited is counted off the waiting calls in the same write (a transaction writes an item
 * once), beside `waitingEntryDelete`.
 */
export function lineTakeWrite<R extends string>(
  budget: number,
  priority: LinePriority,
  refusal: R,
  endsWait = false,
): ItemWrite<R> {
  return {
    op: 'upsert',
    entity: 'callLines',
    key: CALL_LINES_KEY,
    add: endsWait ? { in_use: 1, waiting: -1 } : { in_use: 1 },
    when: { missingOr: { below: { in_use: lineLimit(budget, priority) } } },
    refusal,
  };
}

/**
 * The slot given back, when the call holds one (a call placed before the call lines holds none).
 * Only in a transaction whose call log write is conditional on the status it leaves.
 */
export function lineReleaseWrites(log: Pick<CallLogRecord, 'slot_taken_at'>): ItemWrite[] {
  return log.slot_taken_at ? [{ op: 'upsert', entity: 'callLines', key: CALL_LINES_KEY, add: { in_use: -1 } }] : [];
}

/**
 * A due call listed as waiting since `since`, and counted; with the call log's mark (written by the
 * plan's own call log write, conditional on it being pending and not waiting yet).
 */
export function waitingStartWrites(callLogId: string, since: string): ItemWrite[] {
  return [
    {
      op: 'create',
      entity: 'callWaiting',
      item: { shard: WAITING_SHARD, waiting_since: since, call_log_id: callLogId },
    },
    { op: 'upsert', entity: 'callLines', key: CALL_LINES_KEY, add: { waiting: 1 } },
  ];
}

/** A waiting call's entry off the waiting list, when it is waiting. */
export function waitingEntryDelete(log: Pick<CallLogRecord, 'id' | 'waiting_since'>): ItemWrite[] {
  return log.waiting_since
    ? [
        {
          op: 'delete',
          entity: 'callWaiting',
          key: { shard: WAITING_SHARD, waiting_since: log.waiting_since, call_log_id: log.id },
        },
      ]
    : [];
}

/**
 * A waiting call off the list and the count (moved or cancelled), when it is waiting. Only in a
 * transaction whose call log write removes `waiting_since` on the condition that it is still the same.
 */
export function waitingEndWrites(log: Pick<CallLogRecord, 'id' | 'waiting_since'>): ItemWrite[] {
  return log.waiting_since
    ? [...waitingEntryDelete(log), { op: 'upsert', entity: 'callLines', key: CALL_LINES_KEY, add: { waiting: -1 } }]
    : [];
}

/** The leases' partition (entity `lineLease`): lines held by calls without a call log. */
export const LEASE_SHARD = 'leases';

/** A line held by a call without a call log (a spoken alert), as it is taken. */
export interface LineLease {
  leaseId: string;
  /** A code: `alert`. */
  holder: string;
  takenAt: string;
  /** When the reconciler may give the line back, whatever Vapi said. */
  until: string;
}

const leaseKey = (leaseId: string) => ({ shard: LEASE_SHARD, lease_id: leaseId });

/**
 * A person's line (every line of the budget may be used) held by `lease`, refused as `refusal` when
 * every line is in use; the lease is new (its id is fresh), so the line is never taken twice for it.
 */
export function leaseTakeWrites<R extends string>(budget: number, lease: LineLease, refusal: R): ItemWrite<R>[] {
  return [
    lineTakeWrite(budget, 'person', refusal),
    {
      op: 'create',
      entity: 'lineLease',
      item: {
        shard: LEASE_SHARD,
        lease_id: lease.leaseId,
        holder: lease.holder,
        taken_at: lease.takenAt,
        until: lease.until,
      },
    },
  ];
}

/** Vapi's id of the leased call, once Vapi took it (on a lease not given back meanwhile). */
export function leaseCallWrite(leaseId: string, vendorCallId: string): ItemWrite {
  return {
    op: 'patch',
    entity: 'lineLease',
    key: leaseKey(leaseId),
    set: { vendor_call_id: vendorCallId },
    when: { present: ['lease_id'] },
  };
}

/**
 * The lease removed and its line given back, once: the delete is conditional on the lease being
 * there (and on `when`: the Vapi call it names), so a lease ended twice frees one line.
 */
export function leaseReleaseWrites(leaseId: string, when: WriteCondition = {}): ItemWrite[] {
  return [
    { op: 'delete', entity: 'lineLease', key: leaseKey(leaseId), when: { ...when, present: ['lease_id'] } },
    { op: 'upsert', entity: 'callLines', key: CALL_LINES_KEY, add: { in_use: -1 } },
  ];
}
