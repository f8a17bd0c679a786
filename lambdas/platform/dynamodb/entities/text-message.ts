import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * A text to or from a patient (product-rules.md "Texts"), in the patient's partition. `message_id` sorts by
 * time (newest last), so the patient's history is one Query. The call link sent with a text is
 * never stored: only `included_call_link`.
 */
export function textMessageEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'text_message', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        message_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        direction: { type: ['outbound', 'inbound'] as const, required: true },
        kind: {
          type: [
            'check_in',
            'reminder',
            'stop',
            'start',
            'help',
            'callback_request',
            'invitation',
            'enrollment_yes',
            'enrollment_no',
            'care_plan',
          ] as const,
          required: true,
        },
        status: {
          type: ['sending', 'queued', 'accepted', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const,
          required: true,
        },
        body: { type: 'string', required: true },
        included_call_link: { type: 'boolean', required: true },
        /** Outbound: the calendar month (organization's time zone) whose allowance it used. */
        month: { type: 'string' },
        message_sid: { type: 'string' },
        error_code: { type: 'string' },
        sent_by: { type: 'string' },
        /** Staff names as they were at the time (shown on the patient page without further reads). */
        sent_by_name: { type: 'string' },
        callback_status: { type: ['open', 'resolved'] as const },
        resolved_at: { type: 'string' },
        resolved_by: { type: 'string' },
        resolved_by_name: { type: 'string' },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: { byPatient: primary(['patient_id'], ['message_id']) },
    },
    config,
  );
}
