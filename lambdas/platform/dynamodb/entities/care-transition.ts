import { Entity, type EntityConfiguration } from 'electrodb';
import { TRANSITION_KINDS } from '../../../../shared/care-transitions';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A discharge or ED visit staff recorded on a patient (issue 26, care transitions), in the
 * patient's partition, never changed. `transition_id` starts with the discharge date and then the
 * time it was recorded, so the patient's list is one Query newest discharge first, and the APCM
 * log reads those dated since a day with one Query (sort key ≥ that day).
 */
export function careTransitionEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'care_transition', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        transition_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        kind: { type: TRANSITION_KINDS, required: true },
        /** The discharge date (YYYY-MM-DD, organization's time zone). */
        date: { type: 'string', required: true },
        facility: { type: 'string' },
        note: { type: 'string' },
        recorded_by: { type: 'string', required: true },
        /** The staff member's name as it was (the list shows it without further reads). */
        recorded_by_name: { type: 'string', required: true },
        recorded_at: { type: 'string', required: true },
      },
      indexes: { byPatient: primary(['patient_id'], ['transition_id']) },
    },
    config,
  );
}
