import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * One notification per call, user and channel (product-rules.md
 * "Summaries, escalations and notifications"): created before sending, so a retry or a second delivery of the event sends
 * nothing twice.
 */
export function notificationEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'notification', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        channel: { type: ['email', 'sms', 'call'] as const, required: true },
        reason: { type: ['escalation', 'new_summary'] as const, required: true },
        status: { type: ['sending', 'sent', 'failed'] as const, required: true },
        attempts: { type: 'number', required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        /** The vendor's message id (SES MessageId, Twilio MessageSid, Vapi call id). */
        provider_message_id: { type: 'string' },
        error_code: { type: 'string' },
      },
      indexes: { byCall: primary(['call_log_id'], ['user_id', 'channel']) },
    },
    config,
  );
}
