import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';
import { documentAttributes } from './document-attributes';

/** One EMR notes document per patient, same shape as the care plan. */
export function emrNotesEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'emr_notes', version: '1', service: ELECTRODB_SERVICE },
      attributes: documentAttributes,
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );
}
