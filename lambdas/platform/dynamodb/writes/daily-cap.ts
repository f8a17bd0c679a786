/** A day's cap of an organization's calls or texts, as a transaction takes one slot of it. */
import type { DailyCap } from '../../../kernel/records/organization';
import { dailyCapName, dailyCapScope } from '../../../kernel/read-models/daily-caps';
import type { CareLoopService } from '../entities';

type WriteEntities = Parameters<Parameters<CareLoopService['transaction']['write']>[0]>[0];

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
