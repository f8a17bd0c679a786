import type { AuditEntry, AuditLog } from '../../kernel/audit-entry';
import type { Clock, Ids } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { auditEventItem } from '../../kernel/audit-event-item';

/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS = 100;
/** Transactions of one `recordMany` in flight at once. */
export const AUDIT_TRANSACTIONS_AT_ONCE = 4;

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

  /**
   * Appends events in transactions of up to 100 creates: one request for a page of 25 patients. Not a
   * BatchWriteItem, which cannot say "only where no item has the key" and which the roles are denied
   * on audit keys (infra/constructs/function-configuration.ts): append-only holds here too. A whole
   * practice's export (an event per patient: 2,000 patients, 21 transactions) sends up to
   * AUDIT_TRANSACTIONS_AT_ONCE of them at a time rather than one after another; should any fail, it
   * throws once every one sent has settled, and the caller's answer does not leave.
   */
  async recordMany(entries: readonly AuditEntry[]): Promise<void> {
    const at = this.clock.now().toISOString();
    const chunks: AuditEntry[][] = [];
    for (let start = 0; start < entries.length; start += TRANSACTION_ITEMS) {
      chunks.push(entries.slice(start, start + TRANSACTION_ITEMS));
    }
    let next = 0;
    const failures: unknown[] = [];
    const lane = async () => {
      while (next < chunks.length && failures.length === 0) {
        const items = (chunks[next++] ?? []).map((entry) => auditEventItem({ ...entry, id: this.ids.newId(), at }));
        try {
          const result = await this.db
            .transactionOver(['auditEvent'])
            .write(({ auditEvent }) => items.map((item) => auditEvent.create(item).commit()))
            .go();
          if (result.canceled) throw new Error('audit events were not recorded');
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AUDIT_TRANSACTIONS_AT_ONCE, chunks.length) }, lane));
    if (failures.length > 0) throw failures[0];
  }
}
