import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';
import { documentAttributes } from './document-attributes';

/**
 * One care plan per patient, in the patient's partition. `content` is its free-text note; `plan`
 * the structured rest as JSON (absent on plans saved before plans were structured).
 */
export function carePlanEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'care_plan', version: '1', service: ELECTRODB_SERVICE },
      attributes: { ...documentAttributes, plan: { type: 'string' } },
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );
}
