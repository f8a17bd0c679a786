import { Entity, type EntityConfiguration } from 'electrodb';
import { CARE_CODES } from '../../../../shared/ccm/rates';
import { ELECTRODB_SERVICE } from '../table-schema';
import { gsi1, primary, RECORD_STATUS } from './common';

export function organizationEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'organization', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        organization_id: { type: 'string', required: true },
        name: { type: 'string', required: true },
        address: { type: 'string' },
        telephone: { type: 'string' },
        office_email: { type: 'string' },
        timezone: { type: 'string', required: true },
        status: { type: RECORD_STATUS, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        archived_at: { type: 'string' },
        created_by: { type: 'string', required: true },
        version: { type: 'number', required: true },
        /**
         * Active patients, kept in the transactions that add and archive them (beside the
         * organization's patients counter) so that lists of organizations read their counts with them.
         */
        patient_count: { type: 'number' },
        /** Operators' daily caps (calls placed, texts sent); absent: the default of the active patients. */
        daily_call_limit: { type: 'number' },
        daily_text_limit: { type: 'number' },
        /** Its Twilio sender (E.164 number or `MG…` Messaging Service), owned through `smsSender`. */
        sms_sender: { type: 'string' },
        /** Where emergent check-ins are transferred warm (E.164); absent: no transfer. */
        on_call_number: { type: 'string' },
        /** The practice's group (type 2) NPI, its claims' Billing NPI; absent: none. */
        group_npi: { type: 'string' },
        /** Its fee schedule, US$ per care-management code (shared/ccm/rates.ts); absent: the default. */
        fee_schedule: {
          type: 'map',
          properties: Object.fromEntries(CARE_CODES.map((code) => [code, { type: 'number', required: true } as const])),
        },
      },
      indexes: {
        byId: primary(['organization_id'], []),
        // Organization lists (newest first); archived ones move to their own partition.
        byStatus: gsi1(['status'], ['created_at', 'organization_id']),
      },
    },
    config,
  );
}
