import { describe, expect, it } from 'vitest';
import type { TextRecord } from './ports';
import {
  acceptedPlan,
  deliveryPlan,
  inboundPlan,
  refusedPlan,
  reminderDeclinedPlan,
  reminderPlan,
  reminderRetryPlan,
  reservePlan,
  resolvedPlan,
  textItem,
} from './text-plans';
import { auditEventWrite } from '../kernel/audit-event-item';
import { systemEvent } from '../kernel/audit-actors';

const AT = '2026-03-04T15:00:00.000Z';
const KEY = { patientId: 'p-1', id: '20260304T150000000Z-1a2b3c4d' };
const messageKey = { patient_id: 'p-1', message_id: KEY.id };
const inbound = (patientId: string, providerId: string, kind: TextRecord['kind']): TextRecord => ({
  patientId,
  id: `20260304T150000000Z-${patientId}`,
  providerId,
  direction: 'inbound',
  kind,
  status: 'received',
  body: 'Call me',
  includedCallLink: false,
  month: null,
  messageSid: 'SM1',
  errorCode: null,
  sentBy: null,
  sentByName: null,
  callbackStatus: kind === 'callback_request' ? 'open' : null,
  resolvedAt: null,
  resolvedBy: null,
  resolvedByName: null,
  createdAt: AT,
  updatedAt: AT,
});

describe('outbound texts', () => {
  it('reserves a text while the number is not opted out, within the month and the day, and remembers the number', () => {
    const text: TextRecord = {
      ...inbound('p-1', 'o-1', 'check_in'),
      id: KEY.id,
      direction: 'outbound',
      status: 'sending',
      month: '2026-03',
      messageSid: null,
      sentBy: 'u-1',
      sentByName: 'Ann Lee',
    };
    const cap = { organizationId: 'o-1', kind: 'texts' as const, day: '2026-03-04', limit: 40 };
    expect(reservePlan(text, '+18135550142', 10, cap)).toEqual({
      transaction: [
        {
          op: 'check',
          entity: 'smsPreference',
          key: { phone_number: '+18135550142' },
          when: { missingOr: { equal: { opted_out: false } } },
          refusal: 'opted_out',
        },
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'patient#p-1', name: 'texts#2026-03' },
          add: { value: 1 },
          when: { missingOr: { below: { value: 10 } } },
          refusal: 'limit',
        },
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'daily#o-1', name: 'texts#2026-03-04' },
          add: { value: 1 },
          when: { missingOr: { below: { value: 40 } } },
          refusal: 'daily_limit',
        },
        { op: 'create', entity: 'textMessage', item: textItem(text) },
        {
          op: 'put',
          entity: 'smsContact',
          item: { phone_number: '+18135550142', patient_id: 'p-1', provider_id: 'o-1', last_texted_at: AT },
        },
      ],
      afterCommit: [],
    });
    expect(textItem(text)).toMatchObject({
      status: 'sending',
      month: '2026-03',
      sent_by: 'u-1',
      direction: 'outbound',
    });
  });

  it("records Twilio's MessageSid while the text is sending, and the MessageSid's lookup", () => {
    expect(acceptedPlan(KEY, 'SM1', 'queued', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'textMessage',
          key: messageKey,
          set: { status: 'queued', message_sid: 'SM1', updated_at: AT },
          when: { equal: { status: 'sending' } },
        },
        {
          op: 'put',
          entity: 'textSid',
          item: { message_sid: 'SM1', patient_id: 'p-1', message_id: KEY.id, created_at: AT },
        },
      ],
      afterCommit: [],
    });
  });

  it("fails a refused text and gives the month's allowance back", () => {
    expect(refusedPlan(KEY, '2026-03', 'twilio.30007', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'textMessage',
          key: messageKey,
          set: { status: 'failed', error_code: 'twilio.30007', updated_at: AT },
          when: { equal: { status: 'sending' } },
        },
        { op: 'upsert', entity: 'counter', key: { scope: 'patient#p-1', name: 'texts#2026-03' }, add: { value: -1 } },
      ],
      afterCommit: [],
    });
  });

  it('opts the number out with a text refused because it replied STOP (Twilio 21610), in the same transaction', () => {
    const optOut = { phoneNumber: '+18135550142', optedOut: true };
    expect(refusedPlan(KEY, '2026-03', 'twilio.21610', AT, optOut)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'textMessage',
          key: messageKey,
          set: { status: 'failed', error_code: 'twilio.21610', updated_at: AT },
          when: { equal: { status: 'sending' } },
        },
        { op: 'upsert', entity: 'counter', key: { scope: 'patient#p-1', name: 'texts#2026-03' }, add: { value: -1 } },
        {
          op: 'put',
          entity: 'smsPreference',
          item: { phone_number: '+18135550142', opted_out: true, changed_at: AT },
        },
      ],
      afterCommit: [],
    });
  });
});

describe('deliveryPlan', () => {
  it('moves an outbound text forward only, from the statuses behind the new one', () => {
    expect(deliveryPlan(KEY, 'sent', null, AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'textMessage',
          key: messageKey,
          set: { status: 'sent', updated_at: AT },
          when: { equal: { direction: 'outbound' }, oneOf: { status: ['sending', 'accepted', 'queued'] } },
          refusal: 'ignored',
        },
      ],
      afterCommit: [],
    });
  });

  it("keeps Twilio's error code with a failure", () => {
    const plan = deliveryPlan(KEY, 'undelivered', 'twilio.30003', AT);
    expect(plan !== 'ignored' && plan.transaction[0]).toMatchObject({
      set: { status: 'undelivered', error_code: 'twilio.30003' },
      when: { oneOf: { status: ['sending', 'accepted', 'queued', 'sent'] } },
    });
  });

  it('ignores a status nothing is behind', () => {
    expect(deliveryPlan(KEY, 'sending', null, AT)).toBe('ignored');
  });
});

describe('inboundPlan', () => {
  it('stores the MessageSid once, the opt-out with it, and each text once', () => {
    const stop = [inbound('p-1', 'o-1', 'stop'), inbound('p-1', 'o-1', 'stop'), inbound('p-2', 'o-1', 'stop')];

    const events = ['p-1', 'p-2'].map((id) =>
      systemEvent('twilio-webhook', 'text.opt_out', { type: 'patient', id }, id, `evt-${id}`, AT),
    );
    expect(inboundPlan('SM1', stop, { phoneNumber: '+18135550142', optedOut: true }, AT, events)).toEqual({
      transaction: [
        {
          op: 'create',
          entity: 'textSid',
          item: { message_sid: 'SM1', patient_id: 'p-1', message_id: stop[1]?.id, created_at: AT },
          refusal: 'duplicate',
        },
        {
          op: 'put',
          entity: 'smsPreference',
          item: { phone_number: '+18135550142', opted_out: true, changed_at: AT },
        },
        { op: 'create', entity: 'textMessage', item: textItem(stop[1] as TextRecord) },
        { op: 'create', entity: 'textMessage', item: textItem(stop[2] as TextRecord) },
        // The STOP is in each patient's history, as CareLoop naming Twilio, with the opt-out.
        ...events.map(auditEventWrite),
      ],
      afterCommit: [],
    });
  });

  it('lets the events follow a transaction they would overflow (dozens of patients on one number)', () => {
    const many = Array.from({ length: 40 }, (_, n) => inbound(`p-${n}`, 'o-1', 'callback_request'));
    const events = many.map((t) =>
      systemEvent('twilio-webhook', 'text.receive', { type: 'patient', id: t.patientId }, t.patientId, t.id, AT),
    );
    const plan = inboundPlan('SM1', many, null, AT, events);
    expect(plan.transaction.length).toBeLessThanOrEqual(100);
    expect(plan.transaction.some((w) => w.entity === 'auditEvent')).toBe(false);
    expect(plan.afterCommit).toEqual(events.map(auditEventWrite));
  });

  it('opens a callback per patient and counts them once per organization and in total', () => {
    const texts = [inbound('p-1', 'o-1', 'callback_request'), inbound('p-2', 'o-1', 'callback_request')];
    const plan = inboundPlan('SM1', texts, null, AT, []);

    expect(plan.transaction.filter((w) => w.entity === 'openCallback')).toEqual([
      {
        op: 'create',
        entity: 'openCallback',
        item: { provider_id: 'o-1', message_id: texts[0]?.id, patient_id: 'p-1', created_at: AT },
      },
      {
        op: 'create',
        entity: 'openCallback',
        item: { provider_id: 'o-1', message_id: texts[1]?.id, patient_id: 'p-2', created_at: AT },
      },
    ]);
    expect(plan.transaction.filter((w) => w.entity === 'counter')).toEqual([
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: 'organization#o-1', name: 'open_callbacks' },
        add: { value: 2 },
      },
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'open_callbacks' }, add: { value: 2 } },
    ]);
    expect(plan.transaction.some((w) => w.entity === 'smsPreference')).toBe(false);
  });

  it('records the MessageSid alone for a number no patient has', () => {
    expect(inboundPlan('SM1', [], null, AT, []).transaction).toEqual([
      { op: 'create', entity: 'textSid', item: { message_sid: 'SM1', created_at: AT }, refusal: 'duplicate' },
    ]);
  });
});

describe('resolvedPlan', () => {
  it('resolves an open callback, off the open callbacks and their counters', () => {
    expect(resolvedPlan(KEY, 'o-1', { id: 'u-1', name: 'Nurse Joy' }, AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'textMessage',
          key: messageKey,
          set: {
            callback_status: 'resolved',
            resolved_at: AT,
            resolved_by: 'u-1',
            resolved_by_name: 'Nurse Joy',
            updated_at: AT,
          },
          when: { equal: { callback_status: 'open' } },
          refusal: 'not_open',
        },
        { op: 'delete', entity: 'openCallback', key: { provider_id: 'o-1', message_id: KEY.id } },
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'organization#o-1', name: 'open_callbacks' },
          add: { value: -1 },
        },
        { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'open_callbacks' }, add: { value: -1 } },
      ],
      afterCommit: [],
    });
  });
});

describe('reminders', () => {
  const DUE = '2026-03-05T14:00:00.000Z';
  const call = { id: 'c-1', scheduledAt: DUE };
  const text: TextRecord = {
    ...inbound('p-1', 'o-1', 'reminder'),
    id: KEY.id,
    direction: 'outbound',
    status: 'sending',
    month: '2026-03',
    messageSid: null,
  };
  const cap = { organizationId: 'o-1', kind: 'texts' as const, day: '2026-03-04', limit: 40 };
  const reminded = {
    op: 'patch',
    entity: 'callLog',
    key: { call_log_id: 'c-1' },
    set: { reminded_for: DUE },
    when: { equal: { status: 'scheduled', scheduled_at: DUE }, notEqual: { reminded_for: DUE } },
    refusal: 'not_remindable',
  };

  it('marks the call reminded for its due time, first, in the transaction that reserves the text and audits it', () => {
    const event = systemEvent('call-reminders', 'text.remind', { type: 'call', id: 'c-1' }, 'p-1', 'e-1', AT);
    expect(reminderPlan(text, '+18135550142', 5, cap, call, event)).toEqual({
      transaction: [reminded, ...reservePlan(text, '+18135550142', 5, cap).transaction, auditEventWrite(event)],
      afterCommit: [],
    });
  });

  it('marks a declined reminder the same way, so that it is not tried again for that time', () => {
    expect(reminderDeclinedPlan('c-1', DUE)).toEqual({ transaction: [reminded], afterCommit: [] });
  });

  it('gives the slot back on a send Twilio could not take now, and reopens the call while it keeps that time', () => {
    expect(reminderRetryPlan(KEY, '2026-03', 'twilio.http_503', AT, call)).toEqual({
      transaction: refusedPlan(KEY, '2026-03', 'twilio.http_503', AT).transaction,
      afterCommit: [
        {
          op: 'patch',
          entity: 'callLog',
          key: { call_log_id: 'c-1' },
          remove: ['reminded_for'],
          when: { equal: { reminded_for: DUE } },
        },
      ],
    });
  });
});
