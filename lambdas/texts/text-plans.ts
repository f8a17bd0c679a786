/**
 * How texts change their records (docs/architecture.md "Writes as plans"): a text reserved before
 * it is sent, a text Twilio accepted or refused (with the number's opt-out when Twilio knows it
 * replied STOP), a delivery status that moves a text forward, an inbound text with the number's
 * STOP/START and the callbacks it opens, and a callback resolved.
 */
import type { TextStatus } from '../../shared/values/texts';
import { COUNTER, GLOBAL_SCOPE, counterAdd, organizationScope } from '../kernel/read-models/counters';
import { dailySlotWrite } from '../kernel/read-models/daily-caps';
import type { DailyCap } from '../kernel/records/organization';
import type { ItemWrite, WritePlan } from '../kernel/write-plan';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditEvent } from '../kernel/audit-entry';

/** DynamoDB's most items in one transaction. */
const TRANSACTION_ITEMS = 100;
import type { OptOutChange, TextKey, TextRecord } from './ports';

/** The patient's monthly allowance counter (product-rules.md "Texts"): `texts#2026-11` in `patient#<id>`. */
export const patientScope = (patientId: string) => `patient#${patientId}`;
export const monthlyTexts = (month: string) => `texts#${month}`;

export const textKey = (key: TextKey) => ({ patient_id: key.patientId, message_id: key.id });

/** A text as its table item (the textMessage entity), without the values it does not have. */
export function textItem(text: TextRecord) {
  return {
    patient_id: text.patientId,
    message_id: text.id,
    provider_id: text.providerId,
    direction: text.direction,
    kind: text.kind,
    status: text.status,
    body: text.body,
    included_call_link: text.includedCallLink,
    ...(text.month ? { month: text.month } : {}),
    ...(text.messageSid ? { message_sid: text.messageSid } : {}),
    ...(text.errorCode ? { error_code: text.errorCode } : {}),
    ...(text.sentBy ? { sent_by: text.sentBy } : {}),
    ...(text.sentByName ? { sent_by_name: text.sentByName } : {}),
    ...(text.callbackStatus ? { callback_status: text.callbackStatus } : {}),
    created_at: text.createdAt,
    updated_at: text.updatedAt,
  };
}

/** Why a text is not sent: the number opted out, the patient's month or the organization's day is used up. */
export type ReserveRefusal = 'opted_out' | 'limit' | 'daily_limit';

/**
 * An outbound text stored as `sending` before it goes to Twilio: it takes one of the patient's
 * month's `limit` texts and one slot of the organization's day (`cap`), and remembers the number as
 * the patient's. The refusals come in this order: `opted_out` while the number is opted out (checked
 * in the same step as the send is recorded), `limit`, `daily_limit`; nothing is written then.
 */
export function reservePlan(
  text: TextRecord,
  phoneNumber: string,
  limit: number,
  cap: DailyCap,
): WritePlan<ReserveRefusal> {
  return {
    transaction: [
      {
        op: 'check',
        entity: 'smsPreference',
        key: { phone_number: phoneNumber },
        when: { missingOr: { equal: { opted_out: false } } },
        refusal: 'opted_out',
      },
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: patientScope(text.patientId), name: monthlyTexts(text.month ?? '') },
        add: { value: 1 },
        when: { missingOr: { below: { value: limit } } },
        refusal: 'limit',
      },
      dailySlotWrite(cap, 'daily_limit'),
      { op: 'create', entity: 'textMessage', item: textItem(text) },
      {
        op: 'put',
        entity: 'smsContact',
        item: {
          phone_number: phoneNumber,
          patient_id: text.patientId,
          provider_id: text.providerId,
          last_texted_at: text.createdAt,
        },
      },
    ],
    afterCommit: [],
  };
}

/**
 * How far each status is along Twilio's message lifecycle: a callback only moves a text forward
 * (Twilio posts `sent` and `delivered` without ordering guarantees).
 */
const STATUS_RANK: Record<TextStatus, number> = {
  sending: 0,
  accepted: 1,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  received: 3,
};

/** Twilio accepted the text: its MessageSid and first status, while it is sending; the MessageSid's lookup item. */
export function acceptedPlan(key: TextKey, messageSid: string, status: TextStatus, at: string): WritePlan {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'textMessage',
        key: textKey(key),
        set: { status, message_sid: messageSid, updated_at: at },
        when: { equal: { status: 'sending' } },
      },
      {
        op: 'put',
        entity: 'textSid',
        item: { message_sid: messageSid, patient_id: key.patientId, message_id: key.id, created_at: at },
      },
    ],
    afterCommit: [],
  };
}

/** The number's preference as STOP or START (or a carrier's refusal) set it, at `at`. */
function optOutWrite(change: OptOutChange, at: string): ItemWrite {
  return {
    op: 'put',
    entity: 'smsPreference',
    item: { phone_number: change.phoneNumber, opted_out: change.optedOut, changed_at: at },
  };
}

/**
 * Twilio refused the text: failed while it is sending, and the month's allowance given back. A
 * refusal because the number replied STOP to the sender (Twilio 21610) gives `optOut`: the number is
 * opted out on our side too, with the refusal.
 */
export function refusedPlan(
  key: TextKey,
  month: string,
  errorCode: string,
  at: string,
  optOut: OptOutChange | null = null,
): WritePlan {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'textMessage',
        key: textKey(key),
        set: { status: 'failed', error_code: errorCode, updated_at: at },
        when: { equal: { status: 'sending' } },
      },
      counterAdd(patientScope(key.patientId), monthlyTexts(month), -1),
      ...(optOut ? [optOutWrite(optOut, at)] : []),
    ],
    afterCommit: [],
  };
}

/** The status does not move the text forward (or the text is not an outbound one). */
export type Ignored = 'ignored';

/**
 * A delivery status on an outbound text, only if it moves the text forward (callbacks arrive out
 * of order); `ignored` when no status is behind it.
 */
export function deliveryPlan(
  key: TextKey,
  status: TextStatus,
  errorCode: string | null,
  at: string,
): WritePlan<Ignored> | Ignored {
  const behind = (Object.keys(STATUS_RANK) as TextStatus[]).filter((s) => STATUS_RANK[s] < STATUS_RANK[status]);
  if (behind.length === 0) return 'ignored';
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'textMessage',
        key: textKey(key),
        set: { status, updated_at: at, ...(errorCode ? { error_code: errorCode } : {}) },
        when: { equal: { direction: 'outbound' }, oneOf: { status: behind } },
        refusal: 'ignored',
      },
    ],
    afterCommit: [],
  };
}

/** The MessageSid was stored before: a retry of an inbound text already recorded. */
export type Duplicate = 'duplicate';

/**
 * An inbound text: its MessageSid once, the number's STOP/START with the record that says it was
 * received (a retry never loses it), one text per patient, and for a callback request its open
 * callback and the open-callback counters, and the webhook's audit event on each patient it was
 * stored for. A transaction never names one item twice: one text per patient, and each counter once
 * with the total.
 */
export function inboundPlan(
  messageSid: string,
  texts: readonly TextRecord[],
  optOut: OptOutChange | null,
  at: string,
  audit: readonly AuditEvent[],
): WritePlan<Duplicate> {
  const once = [...new Map(texts.map((t) => [t.patientId, t])).values()];
  const callbacks = once.filter((t) => t.kind === 'callback_request');
  const perOrganization = new Map<string, number>();
  for (const t of callbacks) perOrganization.set(t.providerId, (perOrganization.get(t.providerId) ?? 0) + 1);
  const first = once[0];
  const writes: ItemWrite<Duplicate>[] = [
    {
      op: 'create',
      entity: 'textSid',
      item: {
        message_sid: messageSid,
        ...(first ? { patient_id: first.patientId, message_id: first.id } : {}),
        created_at: at,
      },
      refusal: 'duplicate',
    },
    ...(optOut ? [optOutWrite(optOut, at)] : []),
    ...once.map((t): ItemWrite => ({ op: 'create', entity: 'textMessage', item: textItem(t) })),
    ...callbacks.map((t): ItemWrite => ({
      op: 'create',
      entity: 'openCallback',
      item: { provider_id: t.providerId, message_id: t.id, patient_id: t.patientId, created_at: at },
    })),
    ...[...perOrganization].map(([providerId, count]) =>
      counterAdd(organizationScope(providerId), COUNTER.openCallbacks, count),
    ),
    ...(callbacks.length > 0 ? [counterAdd(GLOBAL_SCOPE, COUNTER.openCallbacks, callbacks.length)] : []),
  ];
  const events = audit.map(auditEventWrite);
  // Dozens of patients sharing one number can outgrow a transaction: their events then follow it.
  return writes.length + events.length <= TRANSACTION_ITEMS
    ? { transaction: [...writes, ...events], afterCommit: [] }
    : { transaction: writes, afterCommit: events };
}

/** The callback request was not open (resolved before). */
export type NotOpen = 'not_open';

/** A callback request handled: resolved by whom and when, off the open callbacks and their counters. */
export function resolvedPlan(
  key: TextKey,
  providerId: string,
  by: { id: string; name: string },
  at: string,
): WritePlan<NotOpen> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'textMessage',
        key: textKey(key),
        set: {
          callback_status: 'resolved',
          resolved_at: at,
          resolved_by: by.id,
          resolved_by_name: by.name,
          updated_at: at,
        },
        when: { equal: { callback_status: 'open' } },
        refusal: 'not_open',
      },
      { op: 'delete', entity: 'openCallback', key: { provider_id: providerId, message_id: key.id } },
      counterAdd(organizationScope(providerId), COUNTER.openCallbacks, -1),
      counterAdd(GLOBAL_SCOPE, COUNTER.openCallbacks, -1),
    ],
    afterCommit: [],
  };
}

/** The call moved, is no longer pending, or its reminder for that time was handled already. */
export type NotRemindable = 'not_remindable';

/** A call's reminder handled for its due time: only while it is pending at that time and not handled for it yet. */
function remindedWrite(callLogId: string, scheduledAt: string): ItemWrite<NotRemindable> {
  return {
    op: 'patch',
    entity: 'callLog',
    key: { call_log_id: callLogId },
    set: { reminded_for: scheduledAt },
    when: { equal: { status: 'scheduled', scheduled_at: scheduledAt }, notEqual: { reminded_for: scheduledAt } },
    refusal: 'not_remindable',
  };
}

/**
 * A call's reminder (DECISIONS "Reminders") reserved as every outbound text is (`reservePlan`: the
 * number's opt-out, the patient's month, the organization's day) in one transaction with its call
 * marked reminded for the due time and the job's audit event: two runs, or the stream and the rate
 * job at once, send it once. The call comes first: a call moved, cancelled or reminded already
 * answers `not_remindable` whatever else holds.
 */
export function reminderPlan(
  text: TextRecord,
  phoneNumber: string,
  limit: number,
  cap: DailyCap,
  call: { id: string; scheduledAt: string },
  audit: AuditEvent,
): WritePlan<ReserveRefusal | NotRemindable> {
  return {
    transaction: [
      remindedWrite(call.id, call.scheduledAt),
      ...reservePlan(text, phoneNumber, limit, cap).transaction,
      auditEventWrite(audit),
    ],
    afterCommit: [],
  };
}

/** A reminder that is not to be sent for that time (the number opted out, the month is used up): never tried again for it. */
export function reminderDeclinedPlan(callLogId: string, scheduledAt: string): WritePlan<NotRemindable> {
  return { transaction: [remindedWrite(callLogId, scheduledAt)], afterCommit: [] };
}

/**
 * A reminder Twilio could not take now (unavailable): the text failed with its slot given back, and
 * the call open to a reminder for that time again, so the next run tries once more.
 */
export function reminderRetryPlan(
  key: TextKey,
  month: string,
  errorCode: string,
  at: string,
  call: { id: string; scheduledAt: string },
): WritePlan {
  return {
    transaction: refusedPlan(key, month, errorCode, at).transaction,
    // A call moved meanwhile has a new time to be reminded of: nothing to reopen then.
    afterCommit: [
      {
        op: 'patch',
        entity: 'callLog',
        key: { call_log_id: call.id },
        remove: ['reminded_for'],
        when: { equal: { reminded_for: call.scheduledAt } },
      },
    ],
  };
}
