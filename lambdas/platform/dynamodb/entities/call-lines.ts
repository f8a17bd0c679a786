import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * The deployment's call lines (DECISIONS "Outreach capacity"): one item, the slots of the Vapi
 * budget in use and the calls waiting for one. A call takes a slot in the same transaction as its
 * lock, on the condition that `in_use` is below its limit, and gives it back when it ends.
 */
export function callLinesEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'call_lines', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        scope: { type: 'string', required: true, default: 'lines' },
        in_use: { type: 'number', required: true, default: 0 },
        waiting: { type: 'number', required: true, default: 0 },
      },
      indexes: { byScope: primary(['scope'], []) },
    },
    config,
  );
}

/**
 * A due call waiting for a free line: written when it first finds none, deleted when it is placed,
 * moved or cancelled. One partition sorted by the wait's start: the oldest wait is one Query.
 */
export function callWaitingEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'call_waiting', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        shard: { type: 'string', required: true, default: 'waiting' },
        waiting_since: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
      },
      indexes: { byWaitingSince: primary(['shard'], ['waiting_since', 'call_log_id']) },
    },
    config,
  );
}

/**
 * A line held by a call CareLoop places without a call log (a spoken alert to staff): taken with the
 * line, in one transaction; given back with the line when Vapi says the call ended (a status update
 * naming the lease and its Vapi call) or, at the latest, by the reconciler once `until` passed. One
 * partition, at most one item per line in use: the reconciler reads it whole with one Query.
 */
export function lineLeaseEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'line_lease', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        shard: { type: 'string', required: true, default: 'leases' },
        lease_id: { type: 'string', required: true },
        /** What holds it (`alert`): a code, never who or why. */
        holder: { type: 'string', required: true },
        taken_at: { type: 'string', required: true },
        /** The latest the call can still run: the reconciler gives the line back after it. */
        until: { type: 'string', required: true },
        /** Vapi's id of the call, once Vapi took it: only a status update naming it may end the lease. */
        vendor_call_id: { type: 'string' },
      },
      indexes: { byLease: primary(['shard'], ['lease_id']) },
    },
    config,
  );
}
