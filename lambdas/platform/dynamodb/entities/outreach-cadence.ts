import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

export function outreachCadenceEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'outreach_cadence', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        first_outreach_date: { type: 'string', required: true },
        time_preference: { type: ['morning', 'midday', 'afternoon', 'evening'] as const, required: true },
        enabled: { type: 'boolean', required: true },
        scheduled_at: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
      },
      // `scheduled_at` is the first check-in's time, never advanced: due check-ins are the pending
      // monthly calls (call_log gsi3). Items written before carry unused gsi1 keys.
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );
}
