import { SUMMARY_TABS, type SummaryTab } from '../../../shared/summaries';
import type {
  CcmMonthRecord,
  CheckInDue,
  DashboardReadModel,
  OpenCallback,
  SummaryEntry,
} from '../../application/ports';
import { summaryCounterScope } from '../../application/summary-scopes';
import { batchGetAll } from './batch-get';
import { ccmMonthRecordOf } from './dynamo-time-log-repository';
import { summaryEntryOf } from './dynamo-summary-repository';
import type { CareLoopService } from './entities';

/** The dashboards' worklist and charts: Query and BatchGet only (docs/access-patterns.md). */
export class DynamoDashboardReadModel implements DashboardReadModel {
  constructor(private readonly db: CareLoopService) {}

  async monthRows(organizationId: string, month: string): Promise<CcmMonthRecord[]> {
    const { data } = await this.db.entities.ccmMonth.query
      .byOrganizationMonth({ provider_id: organizationId, month })
      .go({ pages: 'all' });
    return data.map(ccmMonthRecordOf);
  }

  async cadences(patientIds: readonly string[]): Promise<CheckInDue[]> {
    const unique = [...new Set(patientIds)];
    if (unique.length === 0) return [];
    const found = await batchGetAll(
      (keys) => this.db.entities.outreachCadence.get(keys).go(),
      unique.map((patient_id) => ({ patient_id })),
    );
    return found.map((c) => ({ patientId: c.patient_id, enabled: c.enabled, scheduledAt: c.scheduled_at }));
  }

  async summaryCounts(scopes: readonly string[]): Promise<Map<string, Record<SummaryTab, number>>> {
    const keys = scopes.flatMap((scope) =>
      SUMMARY_TABS.map((name): { scope: string; name: string } => ({ scope: summaryCounterScope(scope), name })),
    );
    const found = keys.length ? await batchGetAll((batch) => this.db.entities.counter.get(batch).go(), keys) : [];
    const values = new Map(found.map((c) => [`${c.scope}\n${c.name}`, Math.max(0, c.value)]));
    return new Map(
      scopes.map((scope) => [
        scope,
        Object.fromEntries(
          SUMMARY_TABS.map((tab) => [tab, values.get(`${summaryCounterScope(scope)}\n${tab}`) ?? 0]),
        ) as Record<SummaryTab, number>,
      ]),
    );
  }

  async openEscalations(
    scope: string,
    level: 'Emergent' | 'Urgent',
    read: number,
  ): Promise<{ entries: SummaryEntry[]; more: boolean }> {
    // One request of at most `read` items; the filter runs on those (DynamoDB applies Limit first).
    const { data, cursor } = await this.db.entities.summaryEntry.query
      .byScope({ scope, tab: level })
      .where(({ status }, { ne }) => ne(status, 'added_to_emr'))
      .go({ order: 'desc', limit: read, pages: 1 });
    return {
      entries: data.map(summaryEntryOf),
      more: cursor !== null,
    };
  }

  async openCallbacks(organizationId: string, read: number): Promise<{ callbacks: OpenCallback[]; more: boolean }> {
    const { data, cursor } = await this.db.entities.openCallback.query
      .byOrganization({ provider_id: organizationId })
      .go({ limit: read, pages: 1 });
    return {
      callbacks: data.map((c) => ({ patientId: c.patient_id, messageId: c.message_id, createdAt: c.created_at })),
      more: cursor !== null,
    };
  }
}
