/** A day's cap of an organization's calls or texts, as a transaction takes one slot of it. */
import type { DailyCap } from '../../../kernel/records/organization';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metrics } from '../../../kernel/observability';
import { ORGANIZATION_DIMENSION, USAGE_METRICS } from '../../../kernel/usage-metrics';
import type { CareLoopService } from '../entities';

type WriteEntities = Parameters<Parameters<CareLoopService['transaction']['write']>[0]>[0];

/**
 * The day's counters of an organization's caps live in their own partition (`daily#<id>`, named
 * `calls#2026-11-26`), so the dashboard's Query of the organization's counters never reads them.
 */
export const dailyCapScope = (organizationId: string) => `daily#${organizationId}`;
export const dailyCapName = (cap: Pick<DailyCap, 'kind' | 'day'>) => `${cap.kind}#${cap.day}`;

/** One slot of the day's cap, for a write transaction: refused (the whole transaction) once the cap is reached. */
export function takeDailySlot(counter: WriteEntities['counter'], cap: DailyCap) {
  return counter
    .update({ scope: dailyCapScope(cap.organizationId), name: dailyCapName(cap) })
    .add({ value: 1 })
    .where(({ value }, { notExists, lt }) => `${notExists(value)} OR ${lt(value, cap.limit)}`)
    .commit();
}

/** Whether the transaction item at `index` is the one whose condition refused it. */
export function refusedAt(data: unknown, index: number): boolean {
  const reasons = data as readonly { code?: string }[] | undefined;
  return reasons?.[index]?.code === 'ConditionalCheckFailed';
}

/** A slot taken: one call placed or text sent, counted per organization for the volume alarms (monitoring-stack.ts). */
export function slotTaken(cap: DailyCap): void {
  const metric = metrics.singleMetric();
  metric.clearDefaultDimensions();
  metric.addDimension(ORGANIZATION_DIMENSION, cap.organizationId);
  metric.addMetric(cap.kind === 'calls' ? USAGE_METRICS.callsPlaced : USAGE_METRICS.textsSent, MetricUnit.Count, 1);
}
