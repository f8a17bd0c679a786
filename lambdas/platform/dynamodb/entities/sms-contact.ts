import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** The patients texted at a number: where an inbound reply from that number belongs. */
export function smsContactEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'sms_contact', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        phone_number: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        last_texted_at: { type: 'string', required: true },
      },
      indexes: { byPhone: primary(['phone_number'], ['patient_id']) },
    },
    config,
  );
}
