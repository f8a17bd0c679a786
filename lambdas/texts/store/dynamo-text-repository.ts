import type { EntityItem } from 'electrodb';
import type { SmsContact, TextKey, TextRecord, TextRepository } from '../ports';
import type { Page } from '../../kernel/ports';
import { monthlyTexts, patientScope, textKey } from '../text-plans';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type TextItem = EntityItem<CareLoopService['entities']['textMessage']>;

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

  async findBySid(messageSid: string): Promise<TextKey | null> {
    const { data } = await this.db.entities.textSid.get({ message_sid: messageSid }).go();
    return data?.patient_id && data.message_id ? { patientId: data.patient_id, id: data.message_id } : null;
  }

  async optOutOf(phoneNumber: string): Promise<{ optedOut: boolean; changedAt: string } | null> {
    const { data } = await this.db.entities.smsPreference.get({ phone_number: phoneNumber }).go();
    return data ? { optedOut: data.opted_out, changedAt: data.changed_at } : null;
  }

  async contactsOf(phoneNumber: string): Promise<SmsContact[]> {
    const { data } = await this.db.entities.smsContact.query
      .byPhone({ phone_number: phoneNumber })
      .go({ pages: 'all' });
    return data.map((c) => ({ patientId: c.patient_id, providerId: c.provider_id, lastTextedAt: c.last_texted_at }));
  }
}
