import type { CallLinesState } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { CALL_LINES_KEY, WAITING_SHARD } from '../../kernel/read-models/call-lines';

/** The call lines item and the waiting list (sorted by the wait's start), read side by side. */
export class DynamoCallLines implements CallLinesState {
  constructor(private readonly db: CareLoopService) {}

  async read() {
    const [lines, oldest] = await Promise.all([
      this.db.entities.callLines.get(CALL_LINES_KEY).go(),
      this.db.entities.callWaiting.query.byWaitingSince({ shard: WAITING_SHARD }).go({ limit: 1 }),
    ]);
    return {
      // Never below zero on the operators' card, whatever a manual repair left behind.
      inUse: Math.max(0, lines.data?.in_use ?? 0),
      waiting: Math.max(0, lines.data?.waiting ?? 0),
      oldestWaitingSince: oldest.data[0]?.waiting_since ?? null,
    };
  }
}
