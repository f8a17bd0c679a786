import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE, TABLE_SCHEMA } from '../table-schema';
import { gsi1, primary } from './common';

export function auditEventEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'audit_event', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        event_id: { type: 'string', required: true },
        /** `patient:<id>`, `organization:<id>` or `user:<id>`: what the event is about. */
        subject: { type: 'string', required: true },
        at: { type: 'string', required: true },
        actor_id: { type: 'string', required: true },
        actor_role: { type: 'string', required: true },
        actor_provider_id: { type: 'string' },
        action: { type: 'string', required: true },
        outcome: { type: ['success', 'denied', 'not_found', 'invalid', 'error'] as const, required: true },
        patient_id: { type: 'string' },
        /** API Gateway's id of the request (`requestContext.requestId`): ties the event to the access log. */
        request_id: { type: 'string' },
        /** The caller's IP address as API Gateway saw it (`requestContext.identity.sourceIp`). */
        source_ip: { type: 'string' },
        /** A user's or organization's change: role and organization ids before and after ('none': without). */
        role_before: { type: 'string' },
        role_after: { type: 'string' },
        organization_before: { type: 'string' },
        organization_after: { type: 'string' },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: {
        bySubject: primary(['subject'], ['at', 'event_id']),
        byActor: gsi1(['actor_id'], ['at', 'event_id']),
      },
    },
    config,
  );
}
