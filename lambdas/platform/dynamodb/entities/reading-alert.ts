import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A patient's latest reading of one measure that missed its care-plan target (DECISIONS
 * "Observations"), so the worklist lists patients with readings outside target with one Query of
 * the organization's partition. Written by the call report's own transaction when a reading
 * misses, deleted by it when a later reading of the measure is back in target. `patient_id` leads
 * the sort key: a patient's measures are read together.
 */
export function readingAlertEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'reading_alert', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        measure: { type: 'string', required: true },
        /** How the reading reads to staff: `Systolic blood pressure 168 mmHg (target: below 140)`. */
        note: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
        observed_at: { type: 'string', required: true },
      },
      indexes: { byOrganization: primary(['provider_id'], ['patient_id', 'measure']) },
    },
    config,
  );
}
