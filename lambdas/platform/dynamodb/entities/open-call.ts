import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A call handed to Vapi whose report has not been stored yet: written with the placing, deleted
 * with the report. The reconciler reads the old ones (one Query, oldest first).
 */
export function openCallEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'open_call', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        shard: { type: 'string', required: true, default: 'open' },
        placed_at: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
      },
      indexes: { byPlacedAt: primary(['shard'], ['placed_at', 'call_log_id']) },
    },
    config,
  );
}
