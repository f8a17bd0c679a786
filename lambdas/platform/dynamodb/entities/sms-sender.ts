import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A Twilio sender → the one organization that owns it: written in the organization's
 * transaction (create-if-absent), so an inbound text's `To` finds its organization with one Get.
 */
export function smsSenderEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'sms_sender', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        sender: { type: 'string', required: true },
        organization_id: { type: 'string', required: true },
      },
      indexes: { bySender: primary(['sender'], []) },
    },
    config,
  );
}
