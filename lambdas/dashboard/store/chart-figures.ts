/**
 * The charts' figures as last computed (entities.ts `chartMonth`) and the organization's version
 * that makes them current. Every write of a record a figure is computed from (patient-months, a
 * patient's consent, conditions or archive) moves the version once committed (`chartsChangedWrite`
 * in its plan's after-commit writes).
 */
import type { ChartFigures, ChartFiguresCache } from '../ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { chartVersionKey, organizationScope } from '../../kernel/read-models/counters';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { TABLE_SCHEMA } from '../../platform/dynamodb/table-schema';

const versionKey = chartVersionKey;

/** Stored figures are removed a while after they stop being read (a month leaves the charts' year). */
const KEEP_SECONDS = 400 * 24 * 60 * 60;

export class DynamoChartFiguresCache implements ChartFiguresCache {
  constructor(private readonly db: CareLoopService) {}

  async read(organizationIds: readonly string[], months: readonly string[]) {
    const ids = [...new Set(organizationIds)];
    const [versions, stored] = await Promise.all([
      batchGetAll((keys) => this.db.entities.counter.get(keys).go(), ids.map(versionKey)),
      batchGetAll(
        (keys) => this.db.entities.chartMonth.get(keys).go(),
        ids.flatMap((provider_id) => months.map((month) => ({ provider_id, month }))),
      ),
    ]);
    const versionOf = new Map(versions.map((c) => [c.scope, c.value]));
    const result = new Map(
      ids.map((id) => [
        id,
        {
          version: versionOf.get(organizationScope(id)) ?? 0,
          figures: new Map<string, ChartFigures & { computedAt: string; version: number }>(),
        },
      ]),
    );
    for (const item of stored) {
      result.get(item.provider_id)?.figures.set(item.month, {
        enrolled_patients: item.enrolled_patients,
        staff_minutes: item.staff_minutes,
        ai_contacts: item.ai_contacts,
        meeting_99490: item.meeting_99490,
        computedAt: item.computed_at,
        version: item.version,
      });
    }
    return result;
  }

  async store(organizationId: string, version: number, figures: ReadonlyMap<string, ChartFigures>, at: string) {
    const items = [...figures].map(([month, f]) => ({
      provider_id: organizationId,
      month,
      version,
      computed_at: at,
      ...f,
      [TABLE_SCHEMA.timeToLiveAttribute]: Math.floor(Date.parse(at) / 1000) + KEEP_SECONDS,
    }));
    if (items.length === 0) return;
    // One BatchWriteItem (25 a request); what it leaves unprocessed is simply computed again next time.
    await this.db.entities.chartMonth.put(items).go();
  }
}
