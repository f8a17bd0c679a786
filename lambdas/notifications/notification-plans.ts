/**
 * How a notification's record changes (docs/architecture.md "Writes as plans"): taken before it is
 * sent, then marked sent or failed. Each take is conditional on what was read, so two deliveries of
 * one event never both send.
 */
import type { WritePlan } from '../kernel/write-plan';
import type { NotificationKey, NotificationReason, NotificationRecord } from './ports';

/** The notification's item key: one item per call, user and channel, in the call's partition. */
export const notificationItemKey = (key: NotificationKey) => ({
  call_log_id: key.callLogId,
  user_id: key.userId,
  channel: key.channel,
});

/** The notification exists: another delivery created it first (read it to learn where it stands). */
export type Exists = 'exists';

/** A notification taken for the first time: created `sending`, its first attempt. */
export function firstClaimPlan(key: NotificationKey, reason: NotificationReason, at: string): WritePlan<Exists> {
  return {
    transaction: [
      {
        op: 'create',
        entity: 'notification',
        item: { ...notificationItemKey(key), reason, status: 'sending', attempts: 1, created_at: at, updated_at: at },
        refusal: 'exists',
      },
    ],
    afterCommit: [],
  };
}

/** Another delivery holds the notification (it sends now, or took it again first). */
export type Busy = 'busy';

/**
 * Taking again a notification that exists (`found`, read consistently): `sent` when it went out
 * before; `busy` while another delivery holds it (gone, or `sending` since `staleBefore` or later);
 * else, for one that `failed` or was left `sending` by a delivery that died, the plan that takes it
 * again only as it was read (a delivery that got there first wins: `busy`).
 */
export function retakePlan(
  found: NotificationRecord | null,
  at: string,
  staleBefore: string,
): WritePlan<Busy> | 'sent' | Busy {
  if (!found) return 'busy';
  if (found.status === 'sent') return 'sent';
  if (found.status === 'sending' && found.updatedAt >= staleBefore) return 'busy';
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'notification',
        key: notificationItemKey(found),
        set: { status: 'sending', updated_at: at },
        add: { attempts: 1 },
        remove: ['error_code'],
        when: { equal: { status: found.status, updated_at: found.updatedAt } },
        refusal: 'busy',
      },
    ],
    afterCommit: [],
  };
}

/** The vendor took the message: sent, with its id, and no error left from an earlier attempt. */
export function sentPlan(key: NotificationKey, providerMessageId: string, at: string): WritePlan {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'notification',
        key: notificationItemKey(key),
        set: { status: 'sent', provider_message_id: providerMessageId, updated_at: at },
        remove: ['error_code'],
      },
    ],
    afterCommit: [],
  };
}

/** The message went out before (another delivery marked it sent): a failure never undoes that. */
export type AlreadySent = 'already_sent';

/** The send failed: failed, with its code, unless another delivery sent it meanwhile. */
export function failedPlan(key: NotificationKey, errorCode: string, at: string): WritePlan<AlreadySent> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'notification',
        key: notificationItemKey(key),
        set: { status: 'failed', error_code: errorCode, updated_at: at },
        when: { notEqual: { status: 'sent' } },
        refusal: 'already_sent',
      },
    ],
    afterCommit: [],
  };
}
