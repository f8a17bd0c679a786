import type { DailyCap } from '../../application/ports';
import type { CareLoopService } from './entities';

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
