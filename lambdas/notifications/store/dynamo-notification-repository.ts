import type { EntityItem } from 'electrodb';
import type {
  NotificationClaim,
  NotificationKey,
  NotificationReason,
  NotificationRecord,
  NotificationRepository,
} from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { isConditionFailure } from '../../platform/dynamodb/conditions';

type NotificationItem = EntityItem<CareLoopService['entities']['notification']>;

const keyOf = (key: NotificationKey) => ({ call_log_id: key.callLogId, user_id: key.userId, channel: key.channel });

/**
 * Notifications in their call's partition, one item per user and channel. Every change is
 * conditional on what was read, so two deliveries of one event never both send.
 */
export class DynamoNotificationRepository implements NotificationRepository {
  constructor(private readonly db: CareLoopService) {}

  async listByCall(callLogId: string): Promise<NotificationRecord[]> {
    const { data } = await this.db.entities.notification.query.byCall({ call_log_id: callLogId }).go({ pages: 'all' });
    return data.map(toRecord);
  }

  async claim(
    key: NotificationKey,
    reason: NotificationReason,
    at: string,
    staleBefore: string,
  ): Promise<NotificationClaim> {
    try {
      await this.db.entities.notification
        .create({ ...keyOf(key), reason, status: 'sending', attempts: 1, created_at: at, updated_at: at })
        .go();
      return 'claimed';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data } = await this.db.entities.notification.get(keyOf(key)).go({ consistent: true });
    if (!data) return 'busy';
    if (data.status === 'sent') return 'sent';
    if (data.status === 'sending' && data.updated_at >= staleBefore) return 'busy';
    try {
      // Taken again only as it was read: a delivery that got there first wins.
      await this.db.entities.notification
        .patch(keyOf(key))
        .set({ status: 'sending', updated_at: at })
        .add({ attempts: 1 })
        .remove(['error_code'])
        .where(({ status, updated_at }, { eq }) => `${eq(status, data.status)} AND ${eq(updated_at, data.updated_at)}`)
        .go();
      return 'claimed';
    } catch (error) {
      if (isConditionFailure(error)) return 'busy';
      throw error;
    }
  }

  async markSent(key: NotificationKey, providerMessageId: string, at: string): Promise<void> {
    await this.db.entities.notification
      .patch(keyOf(key))
      .set({ status: 'sent', provider_message_id: providerMessageId, updated_at: at })
      .remove(['error_code'])
      .go();
  }

  async markFailed(key: NotificationKey, errorCode: string, at: string): Promise<void> {
    await this.db.entities.notification
      .patch(keyOf(key))
      .set({ status: 'failed', error_code: errorCode, updated_at: at })
      .where(({ status }, { ne }) => ne(status, 'sent'))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
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
