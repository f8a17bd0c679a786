import type { EntityItem } from 'electrodb';
import type { CallLogRepository } from '../ports';
import type { CallLogRecord } from '../../kernel/records/call-log';
import type { Page } from '../../kernel/ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { queryPage } from '../../platform/dynamodb/paging';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { callLogRecordOf } from '../../platform/dynamodb/records/call-log';

type CallLogItem = EntityItem<CareLoopService['entities']['callLog']>;

/**
 * Call logs on the single table. Every change that moves a counter or the patient's
 * one-call-at-a-time lock does so in the same transaction; conditions make each step happen once.
 */
export class DynamoCallLogRepository implements CallLogRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(id: string): Promise<CallLogRecord | null> {
    const { data } = await this.db.entities.callLog.get({ call_log_id: id }).go();
    return data ? callLogRecordOf(data) : null;
  }

  async pageHistory(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    const query = this.db.entities.callLog.query
      .byPatient({ patient_id: patientId })
      .where(({ status }, { ne }) => ne(status, 'scheduled'));
    return records(await queryPage(query, limit, cursor));
  }

  async pageRecent(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    return records(await queryPage(this.db.entities.callLog.query.byList({ list: 'placed' }), limit, cursor));
  }

  async pageScheduled(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'> {
    return records(await queryPage(this.db.entities.callLog.query.byList({ list: 'scheduled' }), limit, cursor, 'asc'));
  }

  async listScheduled(limit: number): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.callLog.query
      .byList({ list: 'scheduled' })
      .go({ order: 'asc', limit, count: limit });
    return data.map(callLogRecordOf);
  }

  async listScheduledByPatient(patientId: string): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.callLog.query
      .byPatient({ patient_id: patientId })
      .where(({ status }, { eq }) => eq(status, 'scheduled'))
      .go({ pages: 'all' });
    return data.map(callLogRecordOf);
  }

  async listStale(olderThan: string, limit: number): Promise<CallLogRecord[]> {
    const { data } = await this.db.entities.openCall.query
      .byPlacedAt({ shard: 'open' })
      .lt({ placed_at: olderThan })
      .go({ order: 'asc', limit, count: limit });
    if (data.length === 0) return [];
    const logs = await batchGetAll(
      (keys) => this.db.entities.callLog.get(keys).go(),
      data.map((o) => ({ call_log_id: o.call_log_id })),
    );
    return logs.map(callLogRecordOf);
  }
}

const records = (page: Page<CallLogItem> | 'invalid_cursor'): Page<CallLogRecord> | 'invalid_cursor' =>
  page === 'invalid_cursor' ? page : { items: page.items.map(callLogRecordOf), cursor: page.cursor };
