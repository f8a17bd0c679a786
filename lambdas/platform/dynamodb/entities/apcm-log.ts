import { Entity, type EntityConfiguration } from 'electrodb';
import { APCM_ELEMENTS } from '../../../../shared/apcm';
import { CARE_ROLES } from '../../../../shared/roles';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * One patient-month's APCM log (issue 26 item 2; month in the organization's time zone): the
 * service elements staff marked, each with who, when and an optional note. What CareLoop did
 * itself (calls, texts) is not copied here: it is read from its own records when the log is read.
 * One item per patient-month in the patient's partition, replaced whole on a change, guarded by
 * `version`; a patient's month is one GetItem.
 */
export function apcmLogEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'apcm_log', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        marks: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              element: { type: APCM_ELEMENTS, required: true },
              user_id: { type: 'string', required: true },
              /** Staff names and care roles as they were at the time (the packet prints them). */
              by_name: { type: 'string', required: true },
              care_role: { type: CARE_ROLES, required: true },
              at: { type: 'string', required: true },
              note: { type: 'string' },
            },
          },
        },
        version: { type: 'number', required: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: { byPatient: primary(['patient_id'], ['month']) },
    },
    config,
  );
}
