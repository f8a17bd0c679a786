import type { AuditEntry, AuditEvent, AuditLog } from '../ports';
import type { Clock, Ids } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** Audit events are kept seven years (HIPAA asks for six), then expire through the table's TTL. */
const RETENTION_SECONDS = 7 * 366 * 24 * 3600;

export class DynamoAuditLog implements AuditLog {
  constructor(
    private readonly db: CareLoopService,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  /**
   * Appends one event. `create` writes only where no item has the key (attribute_not_exists), so an
   * existing event is never overwritten; the function roles may not update or delete one at all.
   */
  async record(entry: AuditEntry): Promise<void> {
    const event = { ...entry, id: this.ids.newId(), at: this.clock.now().toISOString() };
    await this.db.entities.auditEvent.create(auditEventItem(event)).go();
  }
}

/** Role or organization in an audit item: 'none' stands for null, absent means it did not apply. */
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
    action: event.action,
    outcome: event.outcome,
    patient_id: event.patientId,
    request_id: event.requestId,
    source_ip: event.sourceIp,
    role_before: auditValue(event.change?.roleBefore),
    role_after: auditValue(event.change?.roleAfter),
    organization_before: auditValue(event.change?.organizationBefore),
    organization_after: auditValue(event.change?.organizationAfter),
    expires_at: Math.floor(Date.parse(event.at) / 1000) + RETENTION_SECONDS,
  };
}
