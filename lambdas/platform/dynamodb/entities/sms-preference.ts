import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** A phone number's text preference (STOP / START): opt-out belongs to the number, as at the carrier. */
export function smsPreferenceEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'sms_preference', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        phone_number: { type: 'string', required: true },
        opted_out: { type: 'boolean', required: true },
        changed_at: { type: 'string', required: true },
      },
      indexes: { byPhone: primary(['phone_number'], []) },
    },
    config,
  );
}
