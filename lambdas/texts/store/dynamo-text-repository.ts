import type { EntityItem } from 'electrodb';
import type { TextStatus } from '../../../shared/values/texts';
import type { DailyCap } from '../../kernel/records/organization';
import type { OptOutChange, SmsContact, TextKey, TextRecord, TextRepository } from '../ports';
import type { Page } from '../../kernel/ports';
import { COUNTER, GLOBAL_SCOPE, organizationScope } from '../../kernel/read-models/counters';
import { isConditionFailure } from '../../platform/dynamodb/conditions';
import { refusedAt, slotTaken, takeDailySlot } from '../../platform/dynamodb/writes/daily-cap';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type TextItem = EntityItem<CareLoopService['entities']['textMessage']>;

/** The patient's monthly allowance counter (product-rules.md "Texts"): `texts#2026-11` in `patient#<id>`. */
export const patientScope = (patientId: string) => `patient#${patientId}`;
export const monthlyTexts = (month: string) => `texts#${month}`;

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

function toRecord(item: TextItem): TextRecord {
  return {
    patientId: item.patient_id,
    id: item.message_id,
    providerId: item.provider_id,
    direction: item.direction,
    kind: item.kind,
    status: item.status,
    body: item.body,
    includedCallLink: item.included_call_link,
    month: item.month ?? null,
    messageSid: item.message_sid ?? null,
    errorCode: item.error_code ?? null,
    sentBy: item.sent_by ?? null,
    sentByName: item.sent_by_name ?? null,
    callbackStatus: item.callback_status ?? null,
    resolvedAt: item.resolved_at ?? null,
    resolvedBy: item.resolved_by ?? null,
    resolvedByName: item.resolved_by_name ?? null,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
  };
}

function toItem(text: TextRecord): TextItem {
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

const textKey = (key: TextKey) => ({ patient_id: key.patientId, message_id: key.id });

/** Patient texts, their Twilio ids, the numbers' STOP/START state and the monthly allowance. */
export class DynamoTextRepository implements TextRepository {
  constructor(private readonly db: CareLoopService) {}

  async pageByPatient(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<TextRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.textMessage.query.byPatient({ patient_id: patientId }),
      limit,
      cursor,
    );
    return page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };
  }

  async get(key: TextKey): Promise<TextRecord | null> {
    const { data } = await this.db.entities.textMessage.get(textKey(key)).go();
    return data ? toRecord(data) : null;
  }

  async monthCount(patientId: string, month: string): Promise<number> {
    const { data } = await this.db.entities.counter
      .get({ scope: patientScope(patientId), name: monthlyTexts(month) })
      .go();
    return Math.max(0, data?.value ?? 0);
  }

  async reserveOutbound(
    text: TextRecord,
    phoneNumber: string,
    limit: number,
    cap: DailyCap,
  ): Promise<'reserved' | 'opted_out' | 'limit' | 'daily_limit'> {
    const month = text.month ?? '';
    const result = await this.db.transaction
      .write(({ textMessage, counter, smsPreference, smsContact }) => [
        // The number must not have opted out: checked in the same step as the send is recorded.
        smsPreference
          .check({ phone_number: phoneNumber })
          .where(({ opted_out }, { notExists, eq }) => `${notExists(opted_out)} OR ${eq(opted_out, false)}`)
          .commit(),
        counter
          .update({ scope: patientScope(text.patientId), name: monthlyTexts(month) })
          .add({ value: 1 })
          .where(({ value }, { notExists, lt }) => `${notExists(value)} OR ${lt(value, limit)}`)
          .commit(),
        textMessage.create(toItem(text)).commit(),
        smsContact
          .put({
            phone_number: phoneNumber,
            patient_id: text.patientId,
            provider_id: text.providerId,
            last_texted_at: text.createdAt,
          })
          .commit(),
        takeDailySlot(counter, cap),
      ])
      .go();
    if (!result.canceled) {
      slotTaken(cap);
      return 'reserved';
    }
    // The first condition that failed says why (the order of the items above).
    const reasons = result.data as readonly { rejected?: boolean; code?: string }[];
    const failed = (index: number) => reasons[index]?.code === 'ConditionalCheckFailed';
    if (failed(0)) return 'opted_out';
    if (failed(1)) return 'limit';
    if (refusedAt(result.data, 4)) return 'daily_limit';
    throw new Error('text reservation canceled');
  }

  async markAccepted(key: TextKey, messageSid: string, status: TextStatus, at: string): Promise<void> {
    await this.db.transaction
      .write(({ textMessage, textSid }) => [
        textMessage
          .patch(textKey(key))
          .set({ status, message_sid: messageSid, updated_at: at })
          .where(({ status: current }, { eq }) => eq(current, 'sending'))
          .commit(),
        textSid
          .put({ message_sid: messageSid, patient_id: key.patientId, message_id: key.id, created_at: at })
          .commit(),
      ])
      .go();
  }

  async markFailed(key: TextKey, month: string, errorCode: string, at: string): Promise<void> {
    const result = await this.db.transaction
      .write(({ textMessage, counter }) => [
        textMessage
          .patch(textKey(key))
          .set({ status: 'failed', error_code: errorCode, updated_at: at })
          .where(({ status }, { eq }) => eq(status, 'sending'))
          .commit(),
        counter
          .update({ scope: patientScope(key.patientId), name: monthlyTexts(month) })
          .subtract({ value: 1 })
          .commit(),
      ])
      .go();
    if (result.canceled) throw new Error('text was not sending');
  }

  async findBySid(messageSid: string): Promise<TextKey | null> {
    const { data } = await this.db.entities.textSid.get({ message_sid: messageSid }).go();
    return data?.patient_id && data.message_id ? { patientId: data.patient_id, id: data.message_id } : null;
  }

  async updateStatus(
    key: TextKey,
    status: TextStatus,
    errorCode: string | null,
    at: string,
  ): Promise<'updated' | 'ignored'> {
    const behind = (Object.keys(STATUS_RANK) as TextStatus[]).filter((s) => STATUS_RANK[s] < STATUS_RANK[status]);
    if (behind.length === 0) return 'ignored';
    try {
      await this.db.entities.textMessage
        .patch(textKey(key))
        .set({ status, updated_at: at, ...(errorCode ? { error_code: errorCode } : {}) })
        .where(({ status: current, direction }, { eq }) => {
          const earlier = behind.map((s) => eq(current, s)).join(' OR ');
          return `${eq(direction, 'outbound')} AND (${earlier})`;
        })
        .go();
      return 'updated';
    } catch (error) {
      if (isConditionFailure(error)) return 'ignored';
      throw error;
    }
  }

  async recordInbound(
    messageSid: string,
    texts: readonly TextRecord[],
    optOut: OptOutChange | null,
    at: string,
  ): Promise<'stored' | 'duplicate'> {
    // A transaction never names one item twice: one text per patient, and each counter once with the total.
    const once = [...new Map(texts.map((t) => [t.patientId, t])).values()];
    const callbacks = once.filter((t) => t.kind === 'callback_request');
    const perOrganization = new Map<string, number>();
    for (const t of callbacks) perOrganization.set(t.providerId, (perOrganization.get(t.providerId) ?? 0) + 1);
    const result = await this.db.transaction
      .write(({ textSid, textMessage, counter, openCallback, smsPreference }) => [
        textSid
          .create({
            message_sid: messageSid,
            ...(once[0] ? { patient_id: once[0].patientId, message_id: once[0].id } : {}),
            created_at: at,
          })
          .commit(),
        // STOP / START with the record that says it was received: a retry never loses it.
        ...(optOut
          ? [
              smsPreference
                .put({ phone_number: optOut.phoneNumber, opted_out: optOut.optedOut, changed_at: at })
                .commit(),
            ]
          : []),
        ...once.map((t) => textMessage.create(toItem(t)).commit()),
        ...callbacks.map((t) =>
          openCallback
            .create({ provider_id: t.providerId, message_id: t.id, patient_id: t.patientId, created_at: at })
            .commit(),
        ),
        ...[...perOrganization].map(([providerId, count]) =>
          counter
            .update({ scope: organizationScope(providerId), name: COUNTER.openCallbacks })
            .add({ value: count })
            .commit(),
        ),
        ...(callbacks.length > 0
          ? [
              counter
                .update({ scope: GLOBAL_SCOPE, name: COUNTER.openCallbacks })
                .add({ value: callbacks.length })
                .commit(),
            ]
          : []),
      ])
      .go();
    if (!result.canceled) return 'stored';
    // Only the MessageSid's item has a condition that a retry meets; anything else is a fault.
    const reasons = result.data as readonly { code?: string }[];
    if (reasons[0]?.code === 'ConditionalCheckFailed') return 'duplicate';
    throw new Error('inbound text transaction canceled');
  }

  async resolveCallback(
    key: TextKey,
    providerId: string,
    by: { id: string; name: string },
    at: string,
  ): Promise<'resolved' | 'conflict'> {
    const result = await this.db.transaction
      .write(({ textMessage, counter, openCallback }) => [
        textMessage
          .patch(textKey(key))
          .set({
            callback_status: 'resolved',
            resolved_at: at,
            resolved_by: by.id,
            resolved_by_name: by.name,
            updated_at: at,
          })
          .where(({ callback_status }, { eq }) => eq(callback_status, 'open'))
          .commit(),
        openCallback.delete({ provider_id: providerId, message_id: key.id }).commit(),
        counter
          .update({ scope: organizationScope(providerId), name: COUNTER.openCallbacks })
          .subtract({ value: 1 })
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.openCallbacks }).subtract({ value: 1 }).commit(),
      ])
      .go();
    return result.canceled ? 'conflict' : 'resolved';
  }

  async optOutOf(phoneNumber: string): Promise<{ optedOut: boolean; changedAt: string } | null> {
    const { data } = await this.db.entities.smsPreference.get({ phone_number: phoneNumber }).go();
    return data ? { optedOut: data.opted_out, changedAt: data.changed_at } : null;
  }

  async setOptOut(phoneNumber: string, optedOut: boolean, at: string): Promise<void> {
    await this.db.entities.smsPreference.put({ phone_number: phoneNumber, opted_out: optedOut, changed_at: at }).go();
  }

  async contactsOf(phoneNumber: string): Promise<SmsContact[]> {
    const { data } = await this.db.entities.smsContact.query
      .byPhone({ phone_number: phoneNumber })
      .go({ pages: 'all' });
    return data.map((c) => ({ patientId: c.patient_id, providerId: c.provider_id, lastTextedAt: c.last_texted_at }));
  }
}
