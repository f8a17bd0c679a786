import type { EntityItem } from 'electrodb';
import type { AuditEventRecord, AuditHistory } from '../ports';
import type { AuditEntry } from '../../kernel/audit-entry';
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type AuditItem = EntityItem<CareLoopService['entities']['auditEvent']>;

/** The audit trail read back: one Query of a subject's partition, newest first. */
export class DynamoAuditHistory implements AuditHistory {
  constructor(private readonly db: CareLoopService) {}

  async bySubject(
    subject: AuditEntry['subject'],
    limit: number,
    cursor: string | null,
  ): Promise<Page<AuditEventRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.auditEvent.query.bySubject({ subject: `${subject.type}:${subject.id}` }),
      limit,
      cursor,
    );
    if (page === 'invalid_cursor') return page;
    return { items: page.items.map(toRecord), cursor: page.cursor };
  }
}

function toRecord(e: AuditItem): AuditEventRecord {
  return {
    id: e.event_id,
    at: e.at,
    actorId: e.actor_id,
    actorRole: e.actor_role,
    actorProviderId: e.actor_provider_id ?? null,
    action: e.action,
    outcome: e.outcome,
    requestId: e.request_id ?? null,
    sourceIp: e.source_ip ?? null,
  };
}
