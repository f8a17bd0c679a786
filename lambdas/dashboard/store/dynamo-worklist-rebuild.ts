import type { WorklistRebuild } from '../ports';
import { awaitingCounterKey } from '../../platform/dynamodb/writes/awaiting-consent';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { isConditionFailure } from '../../platform/dynamodb/conditions';

/** Attempts of a conditional write whose record keeps moving under it before the job gives up on it. */
const ATTEMPTS = 5;

export class DynamoWorklistRebuild implements WorklistRebuild {
  constructor(private readonly db: CareLoopService) {}

  async recount(organizationId: string): Promise<number> {
    const key = awaitingCounterKey(organizationId);
    for (let attempt = 1; ; attempt++) {
      // Read the count before the items: a transaction committed in between moves the count, so
      // the conditional write below refuses, and both are read again.
      const { data: counted } = await this.db.entities.counter.get(key).go({ consistent: true });
      const { data } = await this.db.entities.awaitingConsent.query
        .byOrganization({ provider_id: organizationId })
        .go({ pages: 'all', consistent: true, attributes: ['patient_id'] });
      if (counted?.value === data.length) return data.length;
      try {
        await this.db.entities.counter
          .update(key)
          .set({ value: data.length })
          .where(({ value }, { eq, notExists }) => (counted ? eq(value, counted.value) : notExists(value)))
          .go();
        return data.length;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  async indexCall(callLogId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { data: log } = await this.db.entities.callLog.get({ call_log_id: callLogId }).go({ consistent: true });
      if (!log) return;
      try {
        // Setting the composites again writes the organization list's keys; only if the call is as read.
        await this.db.entities.callLog
          .patch({ call_log_id: callLogId })
          .set({ provider_id: log.provider_id, list: log.list, list_at: log.list_at })
          .where(({ list, list_at }, { eq }) => `${eq(list, log.list)} AND ${eq(list_at, log.list_at)}`)
          .go();
        return;
      } catch (error) {
        if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
