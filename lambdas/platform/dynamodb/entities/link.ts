import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE, TABLE_SCHEMA } from '../table-schema';
import { primary } from './common';

/**
 * A magic link (product-rules.md "Links and expiry"): only the SHA-256 hash of the 256-bit token is
 * stored. Summary links name a call log, call links and care plan links a patient. Expired ones are refused on read
 * and removed by TTL.
 */
export function linkEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'link', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        token_hash: { type: 'string', required: true },
        kind: { type: ['summary', 'call', 'care_plan'] as const, required: true },
        organization_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        call_log_id: { type: 'string' },
        created_at: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        /** ISO time the link stops working. */
        expires: { type: 'string', required: true },
        /** Care plan links: wrong dates of birth given so far (absent: none); the fifth locks the link. */
        wrong_attempts: { type: 'number' },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: { byHash: primary(['token_hash'], []) },
    },
    config,
  );
}
