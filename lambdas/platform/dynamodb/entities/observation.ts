import { Entity, type EntityConfiguration } from 'electrodb';
import { OBSERVATION_SOURCES } from '../../../../shared/observations/measures';
import { ELECTRODB_SERVICE } from '../table-schema';
import { gsi1, primary } from './common';

/**
 * One reading or screening score a check-in call yielded (DECISIONS "Observations"), written with
 * the call's report and never changed. In the patient's partition by LOINC code and time (one
 * measure's trend is one Query); gsi1 lists a patient's observations of every code newest first.
 * `call_log_id` ends both keys: two calls ending in the same millisecond keep both readings.
 */
export function observationEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'observation', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        /** LOINC code (shared/observations/measures.ts). */
        code: { type: 'string', required: true },
        measure: { type: 'string', required: true },
        value: { type: 'number', required: true },
        /** UCUM unit. */
        unit: { type: 'string', required: true },
        observed_at: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
        source: { type: OBSERVATION_SOURCES, required: true },
        created_at: { type: 'string', required: true },
      },
      indexes: {
        byCode: primary(['patient_id'], ['code', 'observed_at', 'call_log_id']),
        byPatient: gsi1(['patient_id'], ['observed_at', 'code', 'call_log_id']),
      },
    },
    config,
  );
}
