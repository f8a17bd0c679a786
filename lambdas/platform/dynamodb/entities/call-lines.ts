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
