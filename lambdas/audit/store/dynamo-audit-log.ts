import type { AuditEntry, AuditLog } from '../../kernel/audit-entry';
import type { Clock, Ids } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { auditEventItem } from '../../kernel/audit-event-item';

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
