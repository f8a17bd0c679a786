import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * Every consent change of a patient (product-rules.md "Care management (CCM)"), in the patient's
 * partition, newest last; never changed. The patient's `consent_status` is written with it.
 */
export function consentRecordEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'consent_record', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        recorded_at: { type: 'string', required: true },
        consent_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        status: { type: ['accepted', 'declined', 'withdrawn'] as const, required: true },
        /** The day consent was given, declined or withdrawn (YYYY-MM-DD, organization's time zone). */
        date: { type: 'string', required: true },
        method: { type: ['verbal', 'written'] as const },
        disclosures: { type: 'list', items: { type: 'string' } },
        /** The language of the consent script staff were shown; absent on changes recorded before it was kept. */
        script_language: { type: ['en', 'es'] as const },
        /** User id (the token's `sub`) of who recorded it. */
        recorded_by: { type: 'string', required: true },
        /** Their name when they recorded it; absent on changes recorded before names were kept. */
        recorded_by_name: { type: 'string' },
      },
      indexes: { byPatient: primary(['patient_id'], ['recorded_at', 'consent_id']) },
    },
    config,
  );
}
