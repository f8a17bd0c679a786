import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** Every view of a summary through its link (product-rules.md "Records are kept"). */
export function summaryAccessEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'summary_access', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        accessed_at: { type: 'string', required: true },
        access_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        role: { type: 'string', required: true },
        organization_id: { type: 'string' },
      },
      indexes: { byCall: primary(['call_log_id'], ['accessed_at', 'access_id']) },
    },
    config,
  );
}
