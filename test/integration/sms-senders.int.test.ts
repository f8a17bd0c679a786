import { randomUUID } from 'node:crypto';
/**
 * One SMS sender per organization (issue 21 items 3 and 4) against the local stack: operators set
 * each organization's sender (validated, owned by one organization); patient texts go from it;
 * inbound texts and status callbacks are resolved by the sender to exactly one organization; a
 * reply from a number shared by several of its patients reaches each once; STOP is stored with the
 * inbound record.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { VALIDATION } from '../../shared/messages';
import type { ProviderOrganization } from '../../shared/domain';
import type { PatientTextsResponse, SendTextResponse } from '../../shared/texts';
import { INBOUND_PATIENT_LIMIT, receiveInboundText } from '../../lambdas/texts/texts';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { DynamoTextRepository } from '../../lambdas/texts/store/dynamo-text-repository';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { LOCAL_TWILIO_MESSAGING_SERVICE } from '../../lambdas/local/stack';
import { call } from '../support/api';
import {
  createOrganization,
  createPatient,
  createTextingOrganization,
  eventually,
  expectStatus,
  inboundText,
  operatorToken,
  organizationOf,
  postTwilioWebhook,
  tableOf,
  throwawayToken,
  twilioMessageSid,
} from '../support/fixtures';

const stack = inject('stack');
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
let orgs: { sunrise: string; lakeside: string };
let tokens: { sunrise: string; lakeside: string; operator: string };
let senders: { sunrise: string; lakeside: string };

beforeAll(async () => {
  // Two practices of their own (A, B): their replies and open callbacks stay out of the demo
  // practices' worklists, which other test files read.
  const [sunrise, lakeside] = await Promise.all([createTextingOrganization(stack), createTextingOrganization(stack)]);
  orgs = { sunrise: sunrise.id, lakeside: lakeside.id };
  tokens = {
    sunrise: await throwawayToken(stack, 'provider', sunrise.id),
    lakeside: await throwawayToken(stack, 'provider', lakeside.id),
    operator: await operatorToken(stack),
  };
  senders = { sunrise: sunrise.sms_sender ?? '', lakeside: lakeside.sms_sender ?? '' };
});

/** A NANP number nobody else has (exchange 2-9), ending in 6: a simulated call to it is a normal check-in. */
const freshNumber = () =>
  `+1727${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}6`;

const send = (token: string, patientId: string, body = 'Checking in') =>
  call<SendTextResponse & { error?: string; code?: string }>(stack, 'POST', `/patients/${patientId}/texts`, {
    token,
    body: { body, includeMagicLink: false },
  });
const textsOf = async (token: string, patientId: string) =>
  expectStatus(await call<PatientTextsResponse>(stack, 'GET', `/patients/${patientId}/texts`, { token }), 200);
const callbacksOf = async (token: string, patientId: string) =>
  (await textsOf(token, patientId)).messages.filter((m) => m.kind === 'callback_request');

async function outboxTo(phone: string): Promise<{ from?: string; body: string }[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { channel: string; to: string; from?: string; body: string }[];
  };
  return messages.filter((m) => m.channel === 'sms' && m.to === phone);
}

/** "The patient" replies through the outbox page's endpoint: the Twilio simulator posts it signed. */
async function replyThroughSimulator(from: string, to: string, body: string) {
  const res = await fetch(`${stack.apiUrl}/local/outbox/reply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, to, body }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { status: number | null; reply: string | null };
}

describe("an organization's sender", () => {
  const putOrganization = (id: string, body: Record<string, unknown>, token = tokens.operator) =>
    call<{ provider: ProviderOrganization; error?: string; code?: string }>(stack, 'PUT', `/providers/${id}`, {
      token,
      body,
    });

  it('is validated, belongs to one organization, moves when changed, and only operators set it', async () => {
    for (const bad of ['8135550101', '+1 813 555 0101', `MG${'z'.repeat(32)}`, 'MG123']) {
      const answer = await call(stack, 'POST', '/providers', {
        token: tokens.operator,
        body: { name: 'Sender Clinic', sms_sender: bad },
      });
      expect(answer).toEqual({ status: 400, body: { error: VALIDATION.invalidSmsSender, code: expect.any(String) } });
    }
    const taken = await call(stack, 'POST', '/providers', {
      token: tokens.operator,
      body: { name: 'Copycat Clinic', sms_sender: senders.sunrise },
    });
    expect(taken).toEqual({
      status: 409,
      body: { error: VALIDATION.smsSenderTaken, code: 'organization.sms_sender_taken' },
    });

    const first = freshNumber();
    const service = `MG${crypto.randomUUID().replace(/-/g, '')}`;
    const org = await createOrganization(stack, { sms_sender: first });
    expect(org.sms_sender).toBe(first);
    expect((await organizationOf(stack, org.id)).sms_sender).toBe(first);
    // Another organization cannot take it on edit either.
    const other = await createOrganization(stack);
    expect(await putOrganization(other.id, { name: other.name, sms_sender: first })).toMatchObject({
      status: 409,
      body: { code: 'organization.sms_sender_taken' },
    });
    // Moving to a Messaging Service frees the number for another organization.
    const moved = expectStatus(await putOrganization(org.id, { name: org.name, sms_sender: service }), 200);
    expect(moved.provider.sms_sender).toBe(service);
    const took = expectStatus(await putOrganization(other.id, { name: other.name, sms_sender: first }), 200);
    expect(took.provider.sms_sender).toBe(first);
    // A provider user cannot set a sender, not even their own organization's.
    expect(
      (await putOrganization(orgs.sunrise, { name: 'Practice A', sms_sender: freshNumber() }, tokens.sunrise)).status,
    ).toBe(403);
    expect((await organizationOf(stack, orgs.sunrise)).sms_sender).toBe(senders.sunrise);
    const table = tableOf(stack);
    expect((await table.entities.smsSender.get({ sender: service }).go()).data?.organization_id).toBe(org.id);
    expect((await table.entities.smsSender.get({ sender: first }).go()).data?.organization_id).toBe(other.id);
  });

  it('an organization without one cannot text patients (no fall-back to the shared number)', async () => {
    const org = await createOrganization(stack);
    const patient = await createPatient(stack, org.id, { phone_number: freshNumber() });
    const refused = await send(tokens.operator, patient.id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'text.no_sender' } });
    expect(refused.body.error).toMatch(/no texting number yet/);
    expect(await outboxTo(patient.phone_number ?? '')).toEqual([]);
  });
});

describe('replies reach one organization', () => {
  it("a reply to practice A's sender never reaches practice B, with both practices texting one number", async () => {
    const phone = freshNumber();
    const atSunrise = await createPatient(stack, orgs.sunrise, { phone_number: phone });
    const atLakeside = await createPatient(stack, orgs.lakeside, { phone_number: phone });
    expectStatus(await send(tokens.sunrise, atSunrise.id), 201);
    expectStatus(await send(tokens.lakeside, atLakeside.id), 201);
    // Each practice's text came from its own number.
    expect((await outboxTo(phone)).map((m) => m.from).sort()).toEqual([senders.sunrise, senders.lakeside].sort());

    const toSunrise = await postTwilioWebhook(
      stack,
      'inbound',
      inboundText(phone, 'Please call me, Sunrise', twilioMessageSid(), senders.sunrise),
    );
    expect(toSunrise.body).toContain('Your care team has your message');
    expect((await callbacksOf(tokens.sunrise, atSunrise.id)).map((m) => m.body)).toEqual(['Please call me, Sunrise']);
    expect(await callbacksOf(tokens.lakeside, atLakeside.id)).toEqual([]);

    // Through the simulator, as the outbox page's reply box sends it: to the number that texted.
    const viaOutbox = await replyThroughSimulator(phone, senders.lakeside, 'Lakeside, call me');
    expect(viaOutbox.status).toBe(200);
    expect((await callbacksOf(tokens.lakeside, atLakeside.id)).map((m) => m.body)).toEqual(['Lakeside, call me']);
    expect((await callbacksOf(tokens.sunrise, atSunrise.id)).map((m) => m.body)).toEqual(['Please call me, Sunrise']);
  });

  it('a reply to the old shared sender goes only to the organization that texted the number most recently', async () => {
    const phone = freshNumber();
    const atSunrise = await createPatient(stack, orgs.sunrise, { phone_number: phone });
    const atLakeside = await createPatient(stack, orgs.lakeside, { phone_number: phone });
    expectStatus(await send(tokens.sunrise, atSunrise.id), 201);
    expectStatus(await send(tokens.lakeside, atLakeside.id), 201);
    const legacy = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'Who texted me?'));
    expect(legacy.status).toBe(200);
    expect(await callbacksOf(tokens.sunrise, atSunrise.id)).toEqual([]);
    expect((await callbacksOf(tokens.lakeside, atLakeside.id)).map((m) => m.body)).toEqual(['Who texted me?']);
  });

  it('a text to a number no organization owns changes nothing and answers 200', async () => {
    const phone = freshNumber();
    const patient = await createPatient(stack, orgs.sunrise, { phone_number: phone });
    expectStatus(await send(tokens.sunrise, patient.id), 201);
    const params = inboundText(phone, 'STOP', twilioMessageSid(), '+15005550199');
    const answer = await postTwilioWebhook(stack, 'inbound', params);
    expect(answer).toMatchObject({ status: 200, body: EMPTY_TWIML });
    const texts = await textsOf(tokens.sunrise, patient.id);
    expect(texts.opted_out).toBe(false);
    expect(texts.messages.filter((m) => m.direction === 'inbound')).toEqual([]);
    expect((await tableOf(stack).entities.textSid.get({ message_sid: params.MessageSid }).go()).data).toBeNull();
  });

  it("a status callback from another practice's sender does not move a text", async () => {
    const patient = await createPatient(stack, orgs.sunrise, { phone_number: freshNumber() });
    expectStatus(await send(tokens.sunrise, patient.id), 201);
    await eventually(
      () => textsOf(tokens.sunrise, patient.id),
      (t) => t.messages[0]?.status === 'delivered',
    );
    const table = tableOf(stack);
    const { data } = await table.entities.textMessage.query.byPatient({ patient_id: patient.id }).go();
    const sid = data[0]?.message_sid ?? '';
    // Back to `sent`, so that a later status could move it.
    await table.entities.textMessage
      .patch({ patient_id: patient.id, message_id: data[0]?.message_id ?? '' })
      .set({ status: 'sent' })
      .go();
    const status = (from: string) => ({ MessageSid: sid, MessageStatus: 'delivered', From: from });
    expect((await postTwilioWebhook(stack, 'status', status(senders.lakeside))).status).toBe(200);
    expect((await textsOf(tokens.sunrise, patient.id)).messages[0]?.status).toBe('sent');
    expect((await postTwilioWebhook(stack, 'status', status(senders.sunrise))).status).toBe(200);
    expect((await textsOf(tokens.sunrise, patient.id)).messages[0]?.status).toBe('delivered');
  });
});

describe('every reply kept', () => {
  /** Two patients of Sunrise on one number, both texted; their callback requests after `params` is posted twice. */
  async function sharedPhoneReply(storedForms: (phone: string) => [string, string]) {
    const phone = freshNumber();
    const [firstForm, secondForm] = storedForms(phone);
    const first = await createPatient(stack, orgs.sunrise, { phone_number: firstForm });
    const second = await createPatient(stack, orgs.sunrise, { phone_number: secondForm });
    expectStatus(await send(tokens.sunrise, first.id), 201);
    expectStatus(await send(tokens.sunrise, second.id), 201);
    const stats = async () =>
      expectStatus(
        await call<{ callbackRequests: number }>(stack, 'GET', '/dashboard-stats', { token: tokens.sunrise }),
        200,
      ).callbackRequests;
    const before = await stats();
    const params = inboundText(phone, 'One of us needs a call', twilioMessageSid(), senders.sunrise);
    const answer = await postTwilioWebhook(stack, 'inbound', params);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Your care team has your message');
    // Twilio's retry: nothing more.
    expect(await postTwilioWebhook(stack, 'inbound', params)).toMatchObject({ status: 200, body: EMPTY_TWIML });
    expect(await callbacksOf(tokens.sunrise, first.id)).toHaveLength(1);
    expect(await callbacksOf(tokens.sunrise, second.id)).toHaveLength(1);
    // The counters were added once, with the total.
    expect(await stats()).toBe(before + 2);
  }

  it('a reply from a home phone shared by two patients of one practice reaches both, once each', async () => {
    await sharedPhoneReply((phone) => [phone, phone]);
  });

  it('a shared number reaches a patient whose number was stored before E.164 (compared in canonical form)', async () => {
    // 727…: stored without +1, as numbers typed the usual way were before E.164.
    await sharedPhoneReply((phone) => [phone, phone.slice(2)]);
  });

  it('a number shared by more patients than one transaction holds reaches the 40 most recently texted, and nothing fails', async () => {
    const phone = freshNumber();
    const patients = [];
    for (let i = 0; i < INBOUND_PATIENT_LIMIT + 1; i++) {
      const patient = await createPatient(stack, orgs.sunrise, { phone_number: phone });
      expectStatus(await send(tokens.sunrise, patient.id), 201);
      patients.push(patient);
    }
    const answer = await postTwilioWebhook(
      stack,
      'inbound',
      inboundText(phone, 'Call the house', twilioMessageSid(), senders.sunrise),
    );
    expect(answer.status).toBe(200);
    const reached = await Promise.all(patients.map(async (p) => (await callbacksOf(tokens.sunrise, p.id)).length));
    // The first patient texted is the one left out.
    expect(reached).toEqual([0, ...Array<number>(INBOUND_PATIENT_LIMIT).fill(1)]);
  });

  it('STOP is opted out with the inbound record that says it, once across a retry of the webhook', async () => {
    const phone = freshNumber();
    const patient = await createPatient(stack, orgs.sunrise, { phone_number: phone });
    expectStatus(await send(tokens.sunrise, patient.id), 201);
    const db = tableOf(stack);
    // The texts store has no opt-out write of its own any more: STOP's is in the inbound plan.
    const deps = {
      texts: new DynamoTextRepository(db),
      patients: new DynamoPatientRepository(db),
      organizations: new DynamoOrganizationRepository(db),
      clock: { now: () => new Date() },
      ids: { newId: () => randomUUID() },
      committer: new DynamoWriteCommitter(db),
      legacySender: LOCAL_TWILIO_MESSAGING_SERVICE,
    };
    const inbound = {
      messageSid: twilioMessageSid(),
      from: phone,
      body: 'STOP',
      number: senders.sunrise,
      messagingServiceSid: null,
    };
    // Twilio's retry of a webhook that failed: the same MessageSid again.
    const attempt = () => receiveInboundText(deps, inbound).catch(() => 'failed' as const);
    const firstAttempt = await attempt();
    if (firstAttempt === 'failed') await attempt();
    const after = await textsOf(tokens.sunrise, patient.id);
    expect(after.opted_out).toBe(true);
    expect(after.messages.filter((m) => m.kind === 'stop')).toHaveLength(1);
    expect(await send(tokens.sunrise, patient.id)).toMatchObject({ status: 409, body: { code: 'text.opted_out' } });
  });
});
