import type { EntityItem } from 'electrodb';
import type { ReminderCall, ReminderCalls } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

type CallLogItem = EntityItem<CareLoopService['entities']['callLog']>;

/** A stored call log item (or a stream image of one) as a reminder reads it. */
export function reminderCallOf(
  item: Pick<CallLogItem, 'call_log_id' | 'patient_id' | 'provider_id' | 'status' | 'kind'> &
    Partial<Pick<CallLogItem, 'scheduled_at' | 'reminded_for'>>,
): ReminderCall {
  return {
    id: item.call_log_id,
    patientId: item.patient_id,
    providerId: item.provider_id,
    status: item.status,
    kind: item.kind,
    scheduledAt: item.scheduled_at ?? null,
    remindedFor: item.reminded_for ?? null,
  };
}

/**
 * The calls reminders are sent for, on the single table. The due ones come from the operators'
 * list of pending calls (gsi2, `list = scheduled`, sorted by due time): one Query over every
 * organization reads exactly the next 24 hours, with no list of organizations to walk first.
 */
export class DynamoReminderCalls implements ReminderCalls {
  constructor(private readonly db: CareLoopService) {}

  async get(id: string): Promise<ReminderCall | null> {
    const { data } = await this.db.entities.callLog.get({ call_log_id: id }).go();
    return data ? reminderCallOf(data) : null;
  }

  async dueBetween(from: string, to: string): Promise<ReminderCall[]> {
    const { data } = await this.db.entities.callLog.query
      .byList({ list: 'scheduled' })
      .between({ list_at: from }, { list_at: to })
      .go({ pages: 'all' });
    return data.filter((item) => item.list_at < to).map(reminderCallOf);
  }
}
