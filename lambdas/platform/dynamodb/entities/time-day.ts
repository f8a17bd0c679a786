import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * One person's logged minutes for one patient and day, kept in the same transaction as each
 * entry: the condition on it refuses a day that would pass 24 hours.
 */
export function timeDayEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'time_day', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        date: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        minutes: { type: 'number', required: true, default: 0 },
      },
      indexes: { byPatientDay: primary(['patient_id'], ['date', 'user_id']) },
    },
    config,
  );
}
