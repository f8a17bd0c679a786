import type { SummaryTab } from '../../../shared/values/summaries';
import type {
  AwaitingConsent,
  CheckInDue,
  DashboardReadModel,
  OpenCallback,
  ReadingAlert,
  StagedPatient,
} from '../ports';
import type { CcmMonthRecord } from '../../kernel/records/ccm-month';
import type { SummaryEntry } from '../../kernel/records/summary-entry';
import { awaitingCounterKey } from '../../platform/dynamodb/writes/awaiting-consent';
import { ccmMonthRecordOf } from '../../platform/dynamodb/records/ccm-month';
import { summaryEntryOf } from '../../platform/dynamodb/records/summary-entry';
import { readSummaryCounts } from '../../platform/dynamodb/records/summary-counts';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** The dashboards' worklist and charts: Query and BatchGet only (docs/access-patterns.md). */
export class DynamoDashboardReadModel implements DashboardReadModel {
  constructor(private readonly db: CareLoopService) {}

  async monthRows(organizationId: string, month: string): Promise<CcmMonthRecord[]> {
    const { data } = await this.db.entities.ccmMonth.query
      .byOrganizationMonth({ provider_id: organizationId, month })
      .go({ pages: 'all' });
    return data.map(ccmMonthRecordOf);
  }

  async awaitingConsent(organizationId: string, read: number): Promise<{ items: AwaitingConsent[]; total: number }> {
    const [{ data }, { data: counted }] = await Promise.all([
      this.db.entities.awaitingConsent.query
        .byOrganization({ provider_id: organizationId })
        .go({ order: 'desc', limit: read, pages: 1 }),
      this.db.entities.counter.get(awaitingCounterKey(organizationId)).go(),
    ]);
    return {
      items: data.map((a) => ({ patientId: a.patient_id, status: a.consent_status, createdAt: a.created_at })),
      total: Math.max(data.length, counted?.value ?? 0),
    };
  }

  async dueCheckIns(
    organizationId: string,
    dueBefore: string,
    read: number,
  ): Promise<{ items: CheckInDue[]; more: boolean }> {
    // Pending calls sort by due time (`list_at`); the kind filter runs on the `read` items (Limit first).
    // Between, not lte: below the pending list sort the placed and cancelled ones (`list` leads the key).
    const { data, cursor } = await this.db.entities.callLog.query
      .byOrganizationList({ provider_id: organizationId, list: 'scheduled' })
      .between({ list_at: '0' }, { list_at: dueBefore })
      .where(({ kind }, { eq }) => eq(kind, 'monthly'))
      .go({ limit: read, pages: 1 });
    return {
      items: data.map((c) => ({ patientId: c.patient_id, callLogId: c.call_log_id, scheduledAt: c.list_at })),
      more: cursor !== null,
    };
  }

  summaryCounts(scopes: readonly string[]): Promise<Map<string, Record<SummaryTab, number>>> {
    return readSummaryCounts(this.db, scopes);
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

  async interested(organizationId: string, read: number): Promise<{ items: StagedPatient[]; more: boolean }> {
    const { data, cursor } = await this.db.entities.enrollmentEntry.query
      .byStage({ provider_id: organizationId, stage: 'interested' })
      .go({ order: 'desc', limit: read, pages: 1 });
    return { items: data.map((e) => ({ patientId: e.patient_id, enteredAt: e.entered_at })), more: cursor !== null };
  }

  async readingAlerts(organizationId: string, read: number): Promise<{ items: ReadingAlert[]; more: boolean }> {
    const { data, cursor } = await this.db.entities.readingAlert.query
      .byOrganization({ provider_id: organizationId })
      .go({ limit: read, pages: 1 });
    return {
      items: data.map((a) => ({
        patientId: a.patient_id,
        measure: a.measure,
        note: a.note,
        callLogId: a.call_log_id,
        observedAt: a.observed_at,
      })),
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
