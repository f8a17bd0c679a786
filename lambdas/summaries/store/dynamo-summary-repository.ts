import type { SummaryTab } from '../../../shared/values/summaries';
import type { SummaryPage, SummaryRepository } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { readSummaryCounts } from '../../platform/dynamodb/records/summary-counts';
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
    const counts = await readSummaryCounts(this.db, [scope]);
    return counts.get(scope) as Record<SummaryTab, number>;
  }
}
