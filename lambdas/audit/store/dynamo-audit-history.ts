import type { EntityItem } from 'electrodb';
import type { AuditEventRecord, AuditHistory, AuditHistoryFilter } from '../ports';
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type AuditItem = EntityItem<CareLoopService['entities']['auditEvent']>;

/** At most this many reads for one filtered page: a rare action in a long history gives a short page and a cursor. */
const FILTERED_PAGE_READS = 10;

/** The audit trail read back: one Query of a patient's events (the by-patient index), newest first. */
export class DynamoAuditHistory implements AuditHistory {
  constructor(private readonly db: CareLoopService) {}

  async byPatient(
    patientId: string,
    filter: AuditHistoryFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<AuditEventRecord> | 'invalid_cursor'> {
    const query = this.db.entities.auditEvent.query.byPatient({ patient_id: patientId });
    const { action, actorId } = filter;
    if (action === undefined && actorId === undefined) {
      const page = await queryPage(query, limit, cursor);
      return page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };
    }
    const filtered = query.where((attr, op) =>
      [
        ...(action === undefined ? [] : [op.eq(attr.action, action)]),
        ...(actorId === undefined ? [] : [op.eq(attr.actor_id, actorId)]),
      ].join(' AND '),
    );
    const page = await queryPage(filtered, limit, cursor, 'desc', FILTERED_PAGE_READS);
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
    actorName: e.actor_name ?? null,
    actorEmail: e.actor_email ?? null,
    action: e.action,
    outcome: e.outcome,
    requestId: e.request_id ?? null,
    sourceIp: e.source_ip ?? null,
  };
}
