import { SUMMARY_TABS, type SummaryTab } from '../../../shared/values/summaries';
import type { SummaryPage, SummaryRepository } from '../ports';
import type { SummaryEntry } from '../../kernel/records/summary-entry';
import { summaryCounterScope } from '../../kernel/read-models/summary-scopes';
import type { EntityItem } from 'electrodb';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

/** Summary lists: one Query per tab page, one Query for every tab's count. */
export class DynamoSummaryRepository implements SummaryRepository {
  constructor(private readonly db: CareLoopService) {}

  async page(
    scope: string,
    tab: SummaryTab,
    limit: number,
    cursor: string | null,
  ): Promise<SummaryPage | 'invalid_cursor'> {
    const result = await queryPage(this.db.entities.summaryEntry.query.byScope({ scope, tab }), limit, cursor);
    if (result === 'invalid_cursor') return result;
    return {
      entries: result.items.map(summaryEntryOf),
      cursor: result.cursor,
    };
  }

  async counts(scope: string): Promise<Record<SummaryTab, number>> {
    const { data } = await this.db.entities.counter.query
      .byScope({ scope: summaryCounterScope(scope) })
      .go({ pages: 'all' });
    const values = new Map(data.map((c) => [c.name, Math.max(0, c.value)]));
    return Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, values.get(tab) ?? 0])) as Record<SummaryTab, number>;
  }
}

/** A stored summary list entry as the application reads it (the dashboards' read model too). */
export function summaryEntryOf(e: EntityItem<CareLoopService['entities']['summaryEntry']>): SummaryEntry {
  return {
    call_log_id: e.call_log_id,
    patient_id: e.patient_id,
    provider_id: e.provider_id,
    summary: e.summary,
    status: e.status,
    escalation_level: e.escalation_level ?? null,
    note_to_doctor: e.note_to_doctor ?? null,
    duration_seconds: e.duration_seconds ?? null,
    created_at: e.created_at,
    version: e.version,
  };
}
