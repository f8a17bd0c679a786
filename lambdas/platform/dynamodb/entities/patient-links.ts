import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A patient's call links as a whole (issue 21): when one of them last placed a call (at most one
 * per patient per 15 minutes, written in the transaction that places it) and when staff last
 * revoked them (every call link created until then stops working).
 */
export function patientLinksEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'patient_links', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        call_at: { type: 'string' },
        revoked_at: { type: 'string' },
      },
      indexes: { byPatient: primary(['patient_id'], []) },
    },
    config,
  );
}
