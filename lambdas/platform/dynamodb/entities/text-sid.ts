import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** Twilio's MessageSid → the text it belongs to: status callbacks find their text, inbound texts are stored once. */
export function textSidEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'text_sid', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        message_sid: { type: 'string', required: true },
        patient_id: { type: 'string' },
        message_id: { type: 'string' },
        created_at: { type: 'string', required: true },
      },
      indexes: { bySid: primary(['message_sid'], []) },
    },
    config,
  );
}
