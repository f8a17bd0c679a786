import type { AuditEntry, AuditLog, Clock, Ids } from '../../application/ports';
import type { CareLoopService } from './entities';

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
    const now = this.clock.now();
    await this.db.entities.auditEvent
      .create({
        event_id: this.ids.newId(),
        subject: `${entry.subject.type}:${entry.subject.id}`,
        at: now.toISOString(),
        actor_id: entry.actorId,
        actor_role: entry.actorRole ?? 'none',
        actor_provider_id: entry.actorProviderId ?? undefined,
        action: entry.action,
        outcome: entry.outcome,
        patient_id: entry.patientId,
        request_id: entry.requestId,
        source_ip: entry.sourceIp,
        expires_at: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      })
      .go();
  }
}
