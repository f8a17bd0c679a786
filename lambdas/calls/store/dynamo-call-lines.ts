import type { CallLinesState, HeldLease } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { CALL_LINES_KEY, LEASE_SHARD, WAITING_SHARD } from '../../kernel/read-models/call-lines';

/** The call lines item and the waiting list (sorted by the wait's start). */
export class DynamoCallLines implements CallLinesState {
  constructor(private readonly db: CareLoopService) {}

  async read() {
    const [counts, oldest, leases] = await Promise.all([this.counts(), this.oldestWaiting(1), this.leases()]);
    return { ...counts, heldByAlerts: leases.length, oldestWaitingSince: oldest[0]?.waitingSince ?? null };
  }

  async counts() {
    const lines = await this.db.entities.callLines.get(CALL_LINES_KEY).go();
    // Never below zero, whatever a manual repair left behind.
    return { inUse: Math.max(0, lines.data?.in_use ?? 0), waiting: Math.max(0, lines.data?.waiting ?? 0) };
  }

  async oldestWaiting(limit: number) {
    const page = await this.db.entities.callWaiting.query
      .byWaitingSince({ shard: WAITING_SHARD })
      .go({ limit: Math.max(1, limit) });
    return page.data.map((entry) => ({ callLogId: entry.call_log_id, waitingSince: entry.waiting_since }));
  }

  async lease(leaseId: string) {
    const item = await this.db.entities.lineLease.get({ shard: LEASE_SHARD, lease_id: leaseId }).go();
    return item.data ? heldLease(item.data) : null;
  }

  async leases() {
    // At most one lease per line in use (the budget): the whole partition, page after page.
    const items = await this.db.entities.lineLease.query.byLease({ shard: LEASE_SHARD }).go({ pages: 'all' });
    return items.data.map(heldLease);
  }
}

const heldLease = (item: { lease_id: string; until: string; vendor_call_id?: string | undefined }): HeldLease => ({
  leaseId: item.lease_id,
  until: item.until,
  vendorCallId: item.vendor_call_id ?? null,
});
