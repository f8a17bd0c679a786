/** The table item of an audit event, which every store writes inside the transaction of the change it records. */
import { definedValues, type ItemWrite } from './write-plan';
import type { ActorName, AuditEvent } from './audit-entry';

/** Audit events are kept seven years (HIPAA asks for six), then expire through the table's TTL. */
const RETENTION_SECONDS = 7 * 366 * 24 * 3600;

/** Role, organization or NPI in an audit item: 'none' stands for null, absent means it did not apply. */
const auditValue = (value: string | null | undefined) => (value === undefined ? undefined : (value ?? 'none'));

/** The stored item of an audit event; repositories also write it inside their own transactions. */
export function auditEventItem(event: AuditEvent) {
  return {
    event_id: event.id,
    subject: `${event.subject.type}:${event.subject.id}`,
    at: event.at,
    actor_id: event.actorId,
    actor_role: event.actorRole ?? 'none',
    actor_provider_id: event.actorProviderId ?? undefined,
    actor_name: event.actorName,
    actor_email: event.actorEmail,
    action: event.action,
    outcome: event.outcome,
    patient_id: event.patientId,
    request_id: event.requestId,
    source_ip: event.sourceIp,
    role_before: auditValue(event.change?.roleBefore),
    role_after: auditValue(event.change?.roleAfter),
    organization_before: auditValue(event.change?.organizationBefore),
    organization_after: auditValue(event.change?.organizationAfter),
    npi_before: auditValue(event.change?.npiBefore),
    npi_after: auditValue(event.change?.npiAfter),
    version_before: event.change?.versionBefore,
    version_after: event.change?.versionAfter,
    // A list may be empty (nothing marked before): stored as an empty list, not left out.
    values_before: event.change?.valuesBefore ? [...event.change.valuesBefore] : undefined,
    values_after: event.change?.valuesAfter ? [...event.change.valuesAfter] : undefined,
    expires_at: Math.floor(Date.parse(event.at) / 1000) + RETENTION_SECONDS,
  };
}

const AUDIT_EVENT_ENTITY = 'auditEvent';

/** An audit event as a plan's write: created, never changed (DECISIONS "Audit trail"). */
export function auditEventWrite(event: AuditEvent): ItemWrite {
  return { op: 'create', entity: AUDIT_EVENT_ENTITY, item: definedValues(auditEventItem(event)) };
}

/** The actor of a plan's write when it is an audit event that does not name its actor yet, else null. */
export function unnamedActorOf(write: ItemWrite<string>): string | null {
  if (write.op !== 'create' || write.entity !== AUDIT_EVENT_ENTITY || write.item.actor_name !== undefined) return null;
  return typeof write.item.actor_id === 'string' ? write.item.actor_id : null;
}

/** The same audit event write, naming its actor (`unnamedActorOf` said it does not yet). */
export function namedAuditWrite<W extends ItemWrite<string>>(write: W, name: ActorName): W {
  if (write.op !== 'create') return write;
  return { ...write, item: { ...write.item, actor_name: name.name, actor_email: name.email } };
}
