/**
 * Notifications on the local stack (product-rules.md "Summaries, escalations and notifications"): a
 * call's report → `call.completed` on the bus → the notify-call job → e-mail through (local) SES
 * and texts through the Twilio simulator, into the local outbox, each with a working summary link.
 * Each notification goes out once per call, user and channel, whatever the deliveries and retries.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SummaryLinkResponse } from '../../shared/summary-link';
import { call, DEMO } from '../support/api';
import {
  callableNumber,
  createCallablePatient,
  createOrganization,
  createUser,
  operatorToken,
  vapiSecret,
  demoOrganizations,
  eventually,
  expectStatus,
  sunriseToken,
  tableOf,
} from '../support/fixtures';
import type { OutboxMessage } from '../../lambdas/local/outbox';

const stack = inject('stack');

interface BusEvent {
  id: string;
  detailType: string;
  detail: Record<string, unknown>;
  deliveries: { job: string; status: string; attempts: number }[];
}

/** The demo staff of Sunrise and what their preferences send them (`escalations: ['email', 'sms']`). */
const SUNRISE_STAFF = [
  { email: DEMO.sunrise, phone: '+18135550190' },
  { email: 'dr.patel@sunrise.example', phone: '+18135550191' },
];

let nurse: string;
let sunrise: string;
/** Messages of earlier test files are left out (their links need not be opened). */
let startedAt: string;
/** What each summary token opens: its call log id (resolved once through the link route). */
const callOfToken = new Map<string, string>();

beforeAll(async () => {
  startedAt = new Date(Date.now() - 1000).toISOString();
  nurse = await sunriseToken(stack);
  sunrise = (await demoOrganizations(stack)).sunrise;
});

const aws = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${stack.awsUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};

const tokenIn = (message: OutboxMessage) =>
  /\/summary\/([A-Za-z0-9_-]{43})$/.exec(message.links.find((l) => l.includes('/summary/')) ?? '')?.[1] ?? null;

/** Outbox messages that carry a summary link to this call (the link is opened to tell). */
async function messagesFor(callLogId: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${stack.apiUrl}/local/outbox`);
  const { messages } = (await res.json()) as { messages: OutboxMessage[] };
  const found: OutboxMessage[] = [];
  for (const message of messages.filter((m) => m.createdAt >= startedAt)) {
    const token = tokenIn(message);
    if (!token) continue;
    if (!callOfToken.has(token)) {
      const opened = await call<SummaryLinkResponse>(stack, 'GET', `/summary-links/${token}`, { token: nurse });
      callOfToken.set(token, opened.status === 200 ? opened.body.callLog.id : '');
    }
    if (callOfToken.get(token) === callLogId) found.push(message);
  }
  return found;
}

/**
 * The call's e-mail and text notifications (spoken alerts leave no outbox message; staff that other
 * test files left without a phone number get a `recipient.` failure, which is never retried).
 */
const notificationRecords = async (callLogId: string) =>
  (
    await tableOf(stack).entities.notification.query.byCall({ call_log_id: callLogId }).go({ pages: 'all' })
  ).data.filter((r) => r.channel !== 'call' && !r.error_code?.startsWith('recipient.'));

/** The call.completed event of a call, once the notifier's delivery has settled (delivered or dead-lettered). */
async function notifierSettled(callLogId: string): Promise<BusEvent> {
  const events = await eventually(
    async () =>
      (await aws<{ events: BusEvent[] }>('GET', '/local/events')).body.events.filter(
        (e) => e.detailType === 'call.completed' && e.detail.callLogId === callLogId,
      ),
    (found) => found.some((e) => e.deliveries.some((d) => d.job === 'notify-call' && d.status !== 'pending')),
    20_000,
  );
  const event = events[0];
  if (!event) throw new Error(`no call.completed event for ${callLogId}`);
  return event;
}

/** An Emergent call of a new Sunrise patient, placed by the nurse and played to its end. */
async function emergentCall() {
  const patient = await createCallablePatient(stack, sunrise, 3, nurse);
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: nurse }),
    201,
  ).call;
  return { patient, callLogId: placed.id };
}

const runNotifier = (event: BusEvent) =>
  aws<{ result?: unknown; error?: string }>('POST', '/local/jobs/notify-call/run', {
    version: '0',
    id: event.id,
    source: 'careloop',
    'detail-type': 'call.completed',
    detail: event.detail,
  });

const byRecipient = (messages: OutboxMessage[]) =>
  messages.map((m) => `${m.channel}:${m.to}`).sort((a, b) => a.localeCompare(b));
const expectedRecipients = SUNRISE_STAFF.flatMap((s) => [`email:${s.email}`, `sms:${s.phone}`]);

describe('an Emergent call of a Sunrise patient', () => {
  let emergent: Awaited<ReturnType<typeof emergentCall>>;
  let event: BusEvent;

  beforeAll(async () => {
    emergent = await emergentCall();
    event = await notifierSettled(emergent.callLogId);
  });

  it('e-mails and texts the demo staff per their escalation preferences, with a working summary link', async () => {
    expect(event.deliveries.find((d) => d.job === 'notify-call')).toEqual({
      job: 'notify-call',
      status: 'delivered',
      attempts: 1,
    });
    const messages = await messagesFor(emergent.callLogId);
    const sent = (await notificationRecords(emergent.callLogId)).filter((r) => r.status === 'sent');
    expect(messages).toHaveLength(sent.length);
    expect(byRecipient(messages)).toEqual(expect.arrayContaining(expectedRecipients));
    for (const staff of SUNRISE_STAFF) {
      const mail = messages.filter((m) => m.channel === 'email' && m.to === staff.email);
      expect(mail.map((m) => m.subject)).toEqual([`Emergent escalation: ${emergent.patient.first_name}`]);
      expect(mail[0]?.body).toContain(`${stack.apiUrl}/summary/`);
      const texts = messages.filter((m) => m.channel === 'sms' && m.to === staff.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]?.body).toMatch(/^CareLoop: Emergent escalation for \S+\. http:\/\/127\.0\.0\.1:\d+\/summary\//);
    }
    for (const message of messages) {
      expect(message.body).not.toContain(emergent.patient.last_name);
      expect(message.body).not.toContain(emergent.patient.phone_number ?? 'none');
    }

    const token = tokenIn(messages[0] as OutboxMessage) ?? '';
    const opened = expectStatus(
      await call<SummaryLinkResponse>(stack, 'GET', `/summary-links/${token}`, { token: nurse }),
      200,
    );
    expect(opened.callLog).toMatchObject({ id: emergent.callLogId, escalationLevel: 'Emergent' });
  });

  it('sends nothing more when the same call.completed event is delivered twice more', async () => {
    const before = await messagesFor(emergent.callLogId);

    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await runNotifier(event)).status).toBe(200);
    }

    expect(byRecipient(await messagesFor(emergent.callLogId))).toEqual(byRecipient(before));
    for (const record of await notificationRecords(emergent.callLogId)) {
      expect(record).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: expect.any(String) });
    }
  });
});

describe('an e-mail SES refuses', () => {
  it('fails the run; the retry Lambda makes sends only the missing e-mail, and nothing twice', async () => {
    const faults = await aws<{ queued: number }>('POST', '/local/ses/faults', { next: ['MessageRejected'] });
    expect(faults).toEqual({ status: 200, body: { queued: 1 } });
    const { callLogId } = await emergentCall();

    const event = await notifierSettled(callLogId);

    // The first run tried every channel and failed for one e-mail; the second sent that e-mail alone.
    expect(event.deliveries.find((d) => d.job === 'notify-call')).toEqual({
      job: 'notify-call',
      status: 'delivered',
      attempts: 2,
    });
    const records = await notificationRecords(callLogId);
    expect(records.every((r) => r.status === 'sent')).toBe(true);
    expect(records.filter((r) => r.attempts === 2)).toEqual([expect.objectContaining({ channel: 'email' })]);
    expect(records.filter((r) => r.attempts !== 1 && r.attempts !== 2)).toEqual([]);
    const messages = await messagesFor(callLogId);
    expect(messages).toHaveLength(records.length);
    expect(new Set(byRecipient(messages)).size).toBe(messages.length);
    expect(byRecipient(messages)).toEqual(expect.arrayContaining(expectedRecipients));

    // A later delivery of the same event finds everything sent.
    expect((await runNotifier(event)).status).toBe(200);
    expect(await messagesFor(callLogId)).toHaveLength(messages.length);
  });
});

describe('a spoken alert to a staff phone', () => {
  it('holds a call line under a lease while it rings and speaks, and gives it back when Vapi says it ended', async () => {
    const operator = await operatorToken(stack);
    const organization = await createOrganization(stack);
    const staff = await createUser(stack, {
      provider_id: organization.id,
      phone_number: callableNumber(7),
      notification_preferences: { new_summaries: [], escalations: ['call'] },
    });
    const patient = await createCallablePatient(stack, organization.id, 4);
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: operator }),
      201,
    ).call;
    const db = tableOf(stack);
    const record = await eventually(
      async () =>
        (await db.entities.notification.get({ call_log_id: placed.id, user_id: staff.id, channel: 'call' }).go()).data,
      (r) => r?.status === 'sent' || r?.status === 'failed',
      30_000,
    );
    expect(record).toMatchObject({ status: 'sent', provider_message_id: expect.any(String) });

    // The alert Vapi received: its lease, its length, and its status updates only (no report, no transcript).
    const { apiKey } = await vapiSecret(stack);
    const vendorCall = (await (
      await fetch(`${stack.voiceUrl}/call/${record?.provider_message_id}`, {
        headers: { Authorization: `Bearer ${apiKey}` },
      })
    ).json()) as {
      assistantOverrides: { metadata: Record<string, string>; maxDurationSeconds: number; serverMessages: string[] };
    };
    const leaseId = vendorCall.assistantOverrides.metadata.lineLeaseId ?? '';
    expect(leaseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(vendorCall.assistantOverrides).toMatchObject({ maxDurationSeconds: 120, serverMessages: ['status-update'] });

    // Its line comes back once it ended: the lease is gone.
    const lease = async () => (await db.entities.lineLease.get({ shard: 'leases', lease_id: leaseId }).go()).data;
    expect(await eventually(lease, (held) => held === null, 20_000)).toBeNull();
  });
});
