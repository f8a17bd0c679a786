import { SUMMARY_TABS, type SummaryTab } from '../../../../shared/values/summaries';
import { summaryCounterScope } from '../../../kernel/read-models/summary-scopes';
import { batchGetAll } from '../batch-get';
import type { CareLoopService } from '../entities';

/**
 * Every tab's count of each summary scope, read by key: one counter item per scope and tab (one
 * BatchGetItem for up to 16 scopes, which joins the reads by key started beside it). A counter never
 * written counts 0, and one a race left below 0 counts 0.
 */
export async function readSummaryCounts(
  db: CareLoopService,
  scopes: readonly string[],
): Promise<Map<string, Record<SummaryTab, number>>> {
  const keys = scopes.flatMap((scope) =>
    SUMMARY_TABS.map((name): { scope: string; name: string } => ({ scope: summaryCounterScope(scope), name })),
  );
  const found = keys.length ? await batchGetAll((batch) => db.entities.counter.get(batch).go(), keys) : [];
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
