import type { CallLinesState } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { CALL_LINES_KEY, WAITING_SHARD } from '../../kernel/read-models/call-lines';

/** The call lines item and the waiting list (sorted by the wait's start). */
export class DynamoCallLines implements CallLinesState {
  constructor(private readonly db: CareLoopService) {}

  async read() {
    const [counts, oldest] = await Promise.all([this.counts(), this.oldestWaiting(1)]);
    return { ...counts, oldestWaitingSince: oldest[0]?.waitingSince ?? null };
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
}
