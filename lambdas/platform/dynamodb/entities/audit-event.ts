import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE, TABLE_SCHEMA } from '../table-schema';
import { gsi1, gsi2, primary } from './common';

export function auditEventEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'audit_event', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        event_id: { type: 'string', required: true },
        /** `patient:<id>`, `organization:<id>`, `user:<id>`, `call:<id>` or `settings:system`: what the event is about. */
        subject: { type: 'string', required: true },
        at: { type: 'string', required: true },
        actor_id: { type: 'string', required: true },
        actor_role: { type: 'string', required: true },
        actor_provider_id: { type: 'string' },
        /**
         * A person's name and e-mail as their profile gave them when they acted (a later rename leaves
         * them); absent for system and patient actors and on events from before names were kept.
         */
        actor_name: { type: 'string' },
        actor_email: { type: 'string' },
        action: { type: 'string', required: true },
        outcome: { type: ['success', 'denied', 'not_found', 'invalid', 'error'] as const, required: true },
        patient_id: { type: 'string' },
        /**
         * `<at>#<event id>`, only on an event that carries a patient id: the by-patient index's sort key.
         * ElectroDB writes an index's keys only when some composite is present, so the index stays sparse.
         */
        patient_event_at: {
          type: 'string',
          readOnly: true,
          watch: ['patient_id', 'at', 'event_id'],
          set: (_: unknown, item: { patient_id?: string; at?: string; event_id?: string }) =>
            item.patient_id ? `${item.at}#${item.event_id}` : undefined,
        },
        /** API Gateway's id of the request (`requestContext.requestId`): ties the event to the access log. */
        request_id: { type: 'string' },
        /** The caller's IP address as API Gateway saw it (`requestContext.identity.sourceIp`). */
        source_ip: { type: 'string' },
        /** A user's or organization's change: role and organization ids before and after ('none': without). */
        role_before: { type: 'string' },
        role_after: { type: 'string' },
        organization_before: { type: 'string' },
        organization_after: { type: 'string' },
        /** A provider user's NPI before and after, on the change that moved it ('none': without). */
        npi_before: { type: 'string' },
        npi_after: { type: 'string' },
        /** System Settings' version before and after a change (both the version read, for a read). */
        version_before: { type: 'number' },
        version_after: { type: 'number' },
        /** A change of a set of codes (APCM service elements marked): the codes before and after. */
        values_before: { type: 'list', items: { type: 'string' } },
        values_after: { type: 'list', items: { type: 'string' } },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: {
        bySubject: primary(['subject'], ['at', 'event_id']),
        byActor: gsi1(['actor_id'], ['at', 'event_id']),
        /** Sparse: only events about a patient's data carry `patient_id`; a patient's whole history is one Query. */
        byPatient: gsi2(['patient_id'], ['patient_event_at']),
      },
    },
    config,
  );
}
