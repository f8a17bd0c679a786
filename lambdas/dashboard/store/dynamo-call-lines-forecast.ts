import type { CallLinesForecast } from '../../../shared/call-lines';
import type { CallLinesForecastStore } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** Pending calls read per request: a page of the pending list by due time. */
const PAGE = 1000;

/** The pending list by due time (gsi2 `list=scheduled`, sorted by `list_at`) and the one forecast item. */
export class DynamoCallLinesForecastStore implements CallLinesForecastStore {
  constructor(private readonly db: CareLoopService) {}

  async *dueTimes(from: string, to: string): AsyncIterable<string[]> {
    let cursor: string | null = null;
    do {
      const page: { data: { list_at: string }[]; cursor: string | null } = await this.db.entities.callLog.query
        .byList({ list: 'scheduled' })
        // The sort key is `list_at` then the call id: a call due at `to` itself sorts above the bound, left out.
        .between({ list_at: from }, { list_at: to })
        .go({ order: 'asc', cursor, limit: PAGE, count: PAGE });
      yield page.data.map((c) => c.list_at);
      cursor = page.cursor;
    } while (cursor);
  }

  async save(forecast: CallLinesForecast): Promise<void> {
    const { peak, ...rest } = forecast;
    await this.db.entities.callLinesForecast.put({ scope: 'deployment', ...rest, ...(peak ? { peak } : {}) }).go();
  }

  async read(): Promise<CallLinesForecast | null> {
    const { data } = await this.db.entities.callLinesForecast.get({ scope: 'deployment' }).go();
    if (!data) return null;
    const { scope: _scope, peak, ...rest } = data;
    return { ...rest, peak: peak ?? null };
  }
}
