/**
 * Patient texts and call links against the local stack (DynamoDB Local, the Twilio and voice
 * simulators, the real handlers): the monthly cap, STOP / START / HELP, callback requests, delivery
 * statuses, Twilio failing, duplicate webhooks, and call links that place one call per 15 minutes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoAuditLog } from '../../lambdas/audit/store/dynamo-audit-log';
import type { Actor } from '../../lambdas/kernel/actor';
import { MessageSendError } from '../../lambdas/kernel/vendor-errors';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { DynamoTextRepository } from '../../lambdas/texts/store/dynamo-text-repository';
import { sendPatientText, type SendTextDeps } from '../../lambdas/texts/texts';
import { DynamoUserProfileRepository } from '../../lambdas/users/store/dynamo-user-profile-repository';
import type { PatientTextsResponse, SendTextResponse } from '../../shared/texts';
import type { WorklistAnswer } from '../../shared/dashboard';
import { call } from '../support/api';
import {
  createTextingOrganization,
  createPatient,
  demoOrganizations,
  eventually,
  expectStatus,
  inboundText,
  postTwilioWebhook,
  sunriseToken,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  twilioMessageSid,
  twilioSecret,
} from '../support/fixtures';

const stack = inject('stack');
let sunrise: string;
let nurse: string;

beforeAll(async () => {
  sunrise = (await demoOrganizations(stack)).sunrise;
  nurse = await sunriseToken(stack);
});

/** A valid NANP number (exchange 200-999) no other test uses, ending in `lastDigit`. */
const randomNanpNumber = (lastDigit = 6) => `+1727${200_000 + Math.floor(Math.random() * 800_000)}${lastDigit}`;

/** A patient with a number no other test uses (ends in 6: the voice simulator answers it). */
async function textablePatient() {
  return createPatient(stack, sunrise, { phone_number: randomNanpNumber() });
}

const send = (patientId: string, body = 'Checking in', includeMagicLink = false) =>
  call<SendTextResponse & { error?: string; code?: string }>(stack, 'POST', `/patients/${patientId}/texts`, {
    token: nurse,
    body: { body, includeMagicLink },
  });
const textsOf = async (patientId: string) =>
  expectStatus(await call<PatientTextsResponse>(stack, 'GET', `/patients/${patientId}/texts`, { token: nurse }), 200);

async function twilioFaults(next: string[]) {
  const { accountSid, authToken } = await twilioSecret(stack);
  const answer = await fetch(`${stack.twilioUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` },
    body: JSON.stringify({ next }),
  });
  expect(answer.status).toBe(200);
}

async function outboxTo(phone: string): Promise<{ body: string; links: string[] }[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { channel: string; to: string; body: string; links: string[] }[];
  };
  return messages.filter((m) => m.channel === 'sms' && m.to === phone);
}

describe('sending texts', () => {
  it('sends through Twilio with the footer and a working call link, and follows delivery statuses', async () => {
    const patient = await textablePatient();
    const sent = expectStatus(await send(patient.id, 'How are you feeling?', true), 201);
    expect(sent.includedMagicLink).toBe(true);
    const [delivered] = await outboxTo(patient.phone_number ?? '');
    expect(delivered?.body).toContain('How are you feeling?');
    expect(delivered?.body).toContain('Reply STOP to opt out, HELP for help.');
    expect(delivered?.links).toEqual([sent.magicLink]);
    // The link itself is never stored: only that one was sent.
    const { data } = await tableOf(stack).entities.textMessage.query.byPatient({ patient_id: patient.id }).go();
    expect(JSON.stringify(data)).not.toContain(sent.magicLink?.split('/').pop());
    // The simulator posts `sent` then `delivered`, signed, to the status webhook.
    const after = await eventually(
      () => textsOf(patient.id),
      (t) => t.messages[0]?.status === 'delivered',
    );
    expect(after.messages[0]).toMatchObject({ status: 'delivered', included_call_link: true, direction: 'outbound' });
    expect(after.sent_this_month).toBe(1);
  });

  it('refuses the sixth text of the month, and two concurrent sends cannot both take the fifth', async () => {
    const patient = await textablePatient();
    for (let i = 0; i < 3; i++) expectStatus(await send(patient.id), 201);
    const [a, b, c] = await Promise.all([send(patient.id), send(patient.id), send(patient.id)]);
    const statuses = [a, b, c].map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409]);
    const sixth = await send(patient.id);
    expect(sixth).toMatchObject({ status: 409, body: { code: 'text.monthly_limit' } });
    expect(sixth.body.error).toMatch(/already received 5 text messages this month/);
    expect((await textsOf(patient.id)).sent_this_month).toBe(5);
    expect(await outboxTo(patient.phone_number ?? '')).toHaveLength(5);
  });

  it("marks a text Twilio refuses failed, says 'Failed to send SMS', and gives the month's slot back", async () => {
    const patient = await textablePatient();
    await twilioFaults(['http-500']);
    const failed = await send(patient.id);
    expect(failed).toEqual({ status: 503, body: { error: 'Failed to send SMS', code: 'text.send_failed' } });
    const texts = await textsOf(patient.id);
    expect(texts.messages[0]).toMatchObject({ status: 'failed', error_code: 'twilio.20500' });
    expect(texts.sent_this_month).toBe(0);
    expect(await outboxTo(patient.phone_number ?? '')).toHaveLength(0);
    expectStatus(await send(patient.id), 201);
  });

  it('opts the number out when Twilio refuses the text because it replied STOP to the sender (21610)', async () => {
    const patient = await textablePatient();
    const db = tableOf(stack);
    const clock = { now: () => new Date() };
    const ids = { newId: () => randomUUID() };
    const deps: SendTextDeps = {
      patients: new DynamoPatientRepository(db),
      organizations: new DynamoOrganizationRepository(db),
      profiles: new DynamoUserProfileRepository(db),
      texts: new DynamoTextRepository(db),
      audit: new DynamoAuditLog(db, clock, ids),
      clock,
      committer: new DynamoWriteCommitter(db),
      // Twilio's answer for a number that replied STOP to this sender: it never reaches the simulator.
      sms: { send: () => Promise.reject(new MessageSendError('twilio.21610', 'unsubscribed')) },
      webOrigin: stack.apiUrl,
      statusCallbackUrl: `${stack.twilioUrl}/status`,
    };
    const actor: Actor = {
      userId: 'texts.int.test',
      email: 'nurse@sunrise.example',
      role: 'provider',
      providerId: sunrise,
    };
    const refused = await sendPatientText(deps, actor, patient.id, {
      body: 'Checking in',
      includeMagicLink: false,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'text.opted_out' });
    const texts = await textsOf(patient.id);
    expect(texts).toMatchObject({ opted_out: true, sent_this_month: 0 });
    expect(texts.messages[0]).toMatchObject({ status: 'failed', error_code: 'twilio.21610' });
    expect(await send(patient.id)).toMatchObject({ status: 409, body: { code: 'text.opted_out' } });
  });

  it('refuses a patient without a phone number', async () => {
    const patient = await createPatient(stack, sunrise, { phone_number: undefined });
    expect(await send(patient.id)).toMatchObject({ status: 400, body: { code: 'text.no_phone' } });
  });
});

describe('inbound texts', () => {
  it('STOP opts the number out (sends refused), START opts back in, HELP gets the help text', async () => {
    const patient = await textablePatient();
    const phone = patient.phone_number ?? '';
    expectStatus(await send(patient.id), 201);

    const stop = await postTwilioWebhook(stack, 'inbound', inboundText(phone, ' stop '));
    expect(stop.body).toContain('you are opted out');
    const optedOut = await textsOf(patient.id);
    expect(optedOut).toMatchObject({ opted_out: true, opted_out_at: expect.any(String) });
    expect(optedOut.messages[0]).toMatchObject({ direction: 'inbound', kind: 'stop', status: 'received' });
    expect(await send(patient.id)).toEqual({
      status: 409,
      body: { error: 'This patient has opted out of text messages', code: 'text.opted_out' },
    });

    const help = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'HELP'));
    expect(help.body).toContain('Reply HELP to any CareLoop text message for help.');
    const start = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'Start'));
    expect(start.body).toContain('you will receive text messages again');
    expect((await textsOf(patient.id)).opted_out).toBe(false);
    expectStatus(await send(patient.id), 201);
  });

  it('ALTO opts the number out as STOP does, answered in Spanish; AYUDA gets the Spanish help text', async () => {
    const patient = await textablePatient();
    const phone = patient.phone_number ?? '';
    expectStatus(await send(patient.id), 201);

    const alto = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'Alto.'));
    expect(alto.body).toContain('Responda START para volver a recibirlos.');
    const optedOut = await textsOf(patient.id);
    expect(optedOut).toMatchObject({ opted_out: true });
    expect(optedOut.messages[0]).toMatchObject({ direction: 'inbound', kind: 'stop', status: 'received' });
    expect(await send(patient.id)).toMatchObject({ status: 409, body: { code: 'text.opted_out' } });

    const ayuda = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'AYUDA'));
    expect(ayuda.body).toContain('Responda AYUDA para obtener ayuda.');
    expectStatus(await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'START')), 200);
    expectStatus(await send(patient.id), 201);
  });

  it('stores any other reply once as a callback request, counted on the dashboard and listed on the worklist until handled', async () => {
    const patient = await textablePatient();
    const phone = patient.phone_number ?? '';
    expectStatus(await send(patient.id), 201);
    const stats = async () =>
      expectStatus(await call<{ callbackRequests: number }>(stack, 'GET', '/dashboard-stats', { token: nurse }), 200)
        .callbackRequests;
    const worklisted = async () =>
      expectStatus(
        await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: nurse }),
        200,
      ).callback_requests.items.filter((item) => item.patient_id === patient.id);
    const before = await stats();

    const reply = inboundText(phone, 'Can someone call me about my new pills?');
    const first = await postTwilioWebhook(stack, 'inbound', reply);
    expect(first.body).toContain('Your care team has your message');
    // Twilio retries a webhook it thinks failed: the same MessageSid is stored once and gets no second reply.
    const again = await postTwilioWebhook(stack, 'inbound', reply);
    expect(again).toMatchObject({ status: 200, body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' });
    const texts = await textsOf(patient.id);
    const callbacks = texts.messages.filter((m) => m.kind === 'callback_request');
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]).toMatchObject({ body: reply.Body, callback: { status: 'open' } });
    expect(texts.open_callback_requests).toBe(1);
    expect(await stats()).toBe(before + 1);
    expect(await worklisted()).toEqual([
      expect.objectContaining({
        message_id: callbacks[0]?.id,
        patient_name: `${patient.first_name} ${patient.last_name}`,
      }),
    ]);

    const path = `/patients/${patient.id}/texts/${callbacks[0]?.id}`;
    expectStatus(await call(stack, 'PATCH', path, { token: nurse, body: { callback_status: 'resolved' } }), 200);
    expect(await call(stack, 'PATCH', path, { token: nurse, body: { callback_status: 'resolved' } })).toMatchObject({
      status: 409,
      body: { code: 'text.callback_resolved' },
    });
    expect(await stats()).toBe(before);
    expect(await worklisted()).toEqual([]);
  });

  it('answers a number CareLoop never texted with the generic help text, and stores nothing', async () => {
    const stranger = randomNanpNumber(9);
    const params = inboundText(stranger, 'Who is this?');
    const answer = await postTwilioWebhook(stack, 'inbound', params);
    expect(answer.body).toContain('CareLoop: care check-in texts from your healthcare provider.');
    const { data } = await tableOf(stack).entities.textSid.get({ message_sid: params.MessageSid }).go();
    expect(data?.patient_id).toBeUndefined();
  });

  it('ignores status callbacks for texts it does not know, and never moves a status backwards', async () => {
    const unknown = await postTwilioWebhook(stack, 'status', { MessageSid: twilioMessageSid(), MessageStatus: 'sent' });
    expect(unknown.status).toBe(200);
    const patient = await textablePatient();
    expectStatus(await send(patient.id), 201);
    await eventually(
      () => textsOf(patient.id),
      (t) => t.messages[0]?.status === 'delivered',
    );
    const { data } = await tableOf(stack).entities.textMessage.query.byPatient({ patient_id: patient.id }).go();
    const sid = data[0]?.message_sid ?? '';
    expect((await postTwilioWebhook(stack, 'status', { MessageSid: sid, MessageStatus: 'sent' })).status).toBe(200);
    expect((await textsOf(patient.id)).messages[0]?.status).toBe('delivered');
  });
});

describe('call links', () => {
  it('1,000 random tokens all get the same answer and place no call', async () => {
    const before = (await tableOf(stack).entities.counter.get({ scope: 'global', name: 'calls' }).go()).data?.value;
    const answers = new Set<string>();
    for (let batch = 0; batch < 20; batch++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
          const answer = await call(stack, 'POST', `/call-links/${token}`);
          return JSON.stringify(answer);
        }),
      );
      for (const r of results) answers.add(r);
    }
    expect([...answers]).toHaveLength(1);
    expect(JSON.parse([...answers][0] ?? '{}')).toMatchObject({ status: 404, body: { code: 'link.invalid' } });
    const after = (await tableOf(stack).entities.counter.get({ scope: 'global', name: 'calls' }).go()).data?.value;
    expect(after).toBe(before);
  });

  it('an expired link, or one whose patient was archived, is invalid', async () => {
    const patient = await textablePatient();
    const { link } = expectStatus(
      await call<{ link: string }>(stack, 'POST', `/patients/${patient.id}/call-links`, { token: nurse }),
      201,
    );
    const token = link.split('/').pop() ?? '';
    const table = tableOf(stack);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(token).digest('hex');
    await table.entities.link
      .patch({ token_hash: hash })
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .go();
    expect(await call(stack, 'POST', `/call-links/${token}`)).toMatchObject({
      status: 404,
      body: { code: 'link.invalid' },
    });

    const other = await textablePatient();
    const fresh = expectStatus(
      await call<{ link: string }>(stack, 'POST', `/patients/${other.id}/call-links`, { token: nurse }),
      201,
    );
    expectStatus(await call(stack, 'DELETE', `/patients/${other.id}`, { token: nurse }), 200);
    expect(await call(stack, 'POST', `/call-links/${fresh.link.split('/').pop() ?? ''}`)).toMatchObject({
      status: 404,
      body: { code: 'link.invalid' },
    });
  });

  it('a text with a call link: opening it places a call to that patient', async () => {
    // A practice inside the calling hours whatever time the test runs (its time zone decides).
    const organization = await createTextingOrganization(stack, { timezone: timeZoneAtHour(13) });
    const staff = await throwawayToken(stack, 'provider', organization.id);
    const patient = await createPatient(stack, organization.id, { phone_number: randomNanpNumber() }, staff);
    const answer = await call<SendTextResponse>(stack, 'POST', `/patients/${patient.id}/texts`, {
      token: staff,
      body: { body: 'Tap to talk', includeMagicLink: true },
    });
    const token = expectStatus(answer, 201).magicLink?.split('/').pop() ?? '';
    expect(await call(stack, 'POST', `/call-links/${token}`)).toEqual({
      status: 200,
      body: { isValid: true, patient: { first_name: patient.first_name }, language: 'en', call: 'placed' },
    });
    const calls = await eventually(
      async () =>
        expectStatus(
          await call<{ history: { items: { kind: string; status: string }[] } }>(
            stack,
            'GET',
            `/patients/${patient.id}/calls`,
            { token: staff },
          ),
          200,
        ).history.items,
      (h) => h.some((c) => c.kind === 'link' && c.status === 'completed'),
    );
    expect(calls.filter((c) => c.kind === 'link')).toHaveLength(1);
  });
});
