import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * An organization's medical record number, claimed by one patient (DECISIONS "Enrollment": MRN per
 * organization): created, on the condition that none exists, in the transaction that creates the
 * patient or gives it the MRN, so a panel imported twice adds nobody. Kept when the patient is
 * archived: the MRN stays theirs. `import_id` names the import that brought the patient in.
 */
export function patientMrnEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'patient_mrn', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        mrn: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        import_id: { type: 'string' },
      },
      indexes: { byMrn: primary(['provider_id', 'mrn'], []) },
    },
    config,
  );
}
