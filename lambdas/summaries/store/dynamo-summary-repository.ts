import { SUMMARY_TABS, type SummaryTab } from '../../../shared/values/summaries';
import type { SummaryPage, SummaryRepository } from '../ports';
import { summaryCounterScope } from '../../kernel/read-models/summary-scopes';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { queryPage } from '../../platform/dynamodb/paging';
import { summaryEntryOf } from '../../platform/dynamodb/records/summary-entry';

/**
 * Summary lists: one Query per tab page; every tab's count by key (one BatchGetItem, which joins the
 * reads by key started beside it).
 */
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
    const counterScope = summaryCounterScope(scope);
    const keys = SUMMARY_TABS.map((name): { scope: string; name: string } => ({ scope: counterScope, name }));
    const found = await batchGetAll((batch) => this.db.entities.counter.get(batch).go(), keys);
    const values = new Map(found.map((c) => [c.name, Math.max(0, c.value)]));
    return Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, values.get(tab) ?? 0])) as Record<SummaryTab, number>;
  }
}
