import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * An active patient of an organization whose consent is not accepted (the worklist's first group):
 * written and removed in the transactions that create, archive or change the consent of a patient,
 * with the organization's `awaiting_consent` counter. `rank` orders the group when read newest
 * first: not asked (3), then declined (2), then withdrawn (1), each newest first.
 */
export function awaitingConsentEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'awaiting_consent', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        rank: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        consent_status: { type: ['not_asked', 'declined', 'withdrawn'] as const, required: true },
      },
      indexes: { byOrganization: primary(['provider_id'], ['rank', 'created_at', 'patient_id']) },
    },
    config,
  );
}
