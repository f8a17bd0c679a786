import type { ListedCall } from '../worklist-plans';
import type { WorklistRebuildReads } from '../ports';
import { awaitingCounterKey } from '../../platform/dynamodb/writes/awaiting-consent';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** What the worklist rebuild reads again, consistently, before each conditional write of its plans. */
export class DynamoWorklistRebuild implements WorklistRebuildReads {
  constructor(private readonly db: CareLoopService) {}

  async awaitingCount(organizationId: string): Promise<number | null> {
    const { data } = await this.db.entities.counter.get(awaitingCounterKey(organizationId)).go({ consistent: true });
    return data ? data.value : null;
  }

  async awaitingItems(organizationId: string): Promise<number> {
    const { data } = await this.db.entities.awaitingConsent.query
      .byOrganization({ provider_id: organizationId })
      .go({ pages: 'all', consistent: true, attributes: ['patient_id'] });
    return data.length;
  }

  async listedCall(callLogId: string): Promise<ListedCall | null> {
    const { data } = await this.db.entities.callLog.get({ call_log_id: callLogId }).go({ consistent: true });
    return data ? { id: data.call_log_id, providerId: data.provider_id, list: data.list, listAt: data.list_at } : null;
  }
}
