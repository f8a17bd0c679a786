import type { EntityItem } from 'electrodb';
import type { CallLogRepository } from '../ports';
import type { CallLogRecord } from '../../kernel/records/call-log';
import type { DailyCap } from '../../kernel/records/organization';
import type { Page } from '../../kernel/ports';
import { COUNTER, GLOBAL_SCOPE } from '../../kernel/read-models/counters';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { queryPage } from '../../platform/dynamodb/paging';
import { refusedAt, takeDailySlot } from '../../platform/dynamodb/writes/daily-cap';
import { slotTaken } from '../../kernel/read-models/daily-caps';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { callLogItem, callLogRecordOf } from '../../platform/dynamodb/records/call-log';

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

  async createPlaced(
    log: CallLogRecord,
    cap: DailyCap,
    linkCallsSince?: string,
  ): Promise<'created' | 'conflict' | 'missing' | 'capped'> {
    const placedAt = log.placed_at ?? log.created_at;
    const result = await this.db.transaction
      .write(({ patient, callLog, openCall, counter, patientLinks }) => [
        patient
          .patch({ patient_id: log.patient_id })
          .set({ active_call_id: log.id })
          .where(
            ({ status, active_call_id }, { eq, notExists }) =>
              `${eq(status, 'active')} AND ${notExists(active_call_id)}`,
          )
          .commit(),
        callLog.create(callLogItem({ ...log, placed_at: placedAt }, 'placed', placedAt)).commit(),
        openCall.create({ shard: 'open', placed_at: placedAt, call_log_id: log.id }).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.calls }).add({ value: 1 }).commit(),
        takeDailySlot(counter, cap),
        // One call per patient per window across all of the patient's call links.
        ...(linkCallsSince === undefined
          ? []
          : [
              patientLinks
                .update({ patient_id: log.patient_id })
                .set({ provider_id: log.provider_id, call_at: placedAt })
                .where(({ call_at }, { notExists, lt }) => `${notExists(call_at)} OR ${lt(call_at, linkCallsSince)}`)
                .commit(),
            ]),
      ])
      .go();
    if (!result.canceled) {
      slotTaken(cap);
      return 'created';
    }
    const { data } = await this.db.entities.patient.get({ patient_id: log.patient_id }).go();
    if (!data || data.status !== 'active') return 'missing';
    return refusedAt(result.data, 4) ? 'capped' : 'conflict';
  }

  async createScheduled(log: CallLogRecord): Promise<'created' | 'exists'> {
    const result = await this.db.transaction
      .write(({ callLog, counter }) => [
        callLog.create(callLogItem(log, 'scheduled', log.scheduled_at ?? log.created_at)).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.scheduledCalls }).add({ value: 1 }).commit(),
      ])
      .go();
    return result.canceled ? 'exists' : 'created';
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
