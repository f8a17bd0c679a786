import type { EntityItem } from 'electrodb';
import type { NotificationKey, NotificationRecord, NotificationRepository } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

type NotificationItem = EntityItem<CareLoopService['entities']['notification']>;

const keyOf = (key: NotificationKey) => ({ call_log_id: key.callLogId, user_id: key.userId, channel: key.channel });

/**
 * Notifications in their call's partition, one item per user and channel. Their changes are plans
 * (notifications/notification-plans.ts), each conditional on what was read.
 */
export class DynamoNotificationRepository implements NotificationRepository {
  constructor(private readonly db: CareLoopService) {}

  async listByCall(callLogId: string): Promise<NotificationRecord[]> {
    const { data } = await this.db.entities.notification.query.byCall({ call_log_id: callLogId }).go({ pages: 'all' });
    return data.map(toRecord);
  }

  async get(key: NotificationKey): Promise<NotificationRecord | null> {
    const { data } = await this.db.entities.notification.get(keyOf(key)).go({ consistent: true });
    return data ? toRecord(data) : null;
  }
}

function toRecord(item: NotificationItem): NotificationRecord {
  return {
    callLogId: item.call_log_id,
    userId: item.user_id,
    channel: item.channel,
    reason: item.reason,
    status: item.status,
    attempts: item.attempts,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
    providerMessageId: item.provider_message_id ?? null,
    errorCode: item.error_code ?? null,
  };
}
