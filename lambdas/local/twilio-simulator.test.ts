import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageSendError } from '../application/ports';
import { createTwilioSmsSender } from '../adapters/twilio/twilio-sms-sender';
import type { SmsEnv } from '../platform/env';
import type { OutboxMessage } from './outbox';
import { startTwilioSimulator, type SimulatedMessage, type TwilioSimulator } from './twilio-simulator';

const ACCOUNT = `AC${'1'.repeat(32)}`;
const TOKEN = 'local-auth-token';
const SERVICE = `MG${'a'.repeat(32)}`;
const NUMBER = '+18135550142';

let simulator: TwilioSimulator;
const outbox: Omit<OutboxMessage, 'id' | 'createdAt'>[] = [];

beforeAll(async () => {
  simulator = await startTwilioSimulator({
    port: 0,
    accountSid: ACCOUNT,
    authToken: TOKEN,
    numbers: [NUMBER],
    messagingServiceSids: [SERVICE],
    outbox: { add: (message) => outbox.push(message) },
    log: () => undefined,
  });
});
afterAll(() => simulator.stop());

const basic = (user = ACCOUNT, password = TOKEN) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** POST …/Messages.json as Twilio's API takes it: a form body, Basic auth. */
async function create(fields: Record<string, string>, auth = basic(), account = ACCOUNT) {
  const res = await fetch(`${simulator.url}/2010-04-01/Accounts/${account}/Messages.json`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const twilioError = (status: number, code: number) => ({
  status,
  body: { code, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const smsEnv = (sender: SmsEnv['sender']): SmsEnv => ({
  region: 'us-east-1',
  secretId: 'careloop-local/twilio',
  secretsEndpoint: undefined,
  sender,
  baseUrl: simulator.url,
});

describe('the Twilio simulator', () => {
  it('accepts a text from a Messaging Service, answers a Message resource and puts the text in the outbox', async () => {
    const answer = await create({ To: '+18135550190', MessagingServiceSid: SERVICE, Body: 'Hi https://x.test/a' });

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      account_sid: ACCOUNT,
      messaging_service_sid: SERVICE,
      to: '+18135550190',
      status: 'accepted',
      num_segments: '1',
    });
    expect(outbox.at(-1)).toEqual({
      channel: 'sms',
      to: '+18135550190',
      subject: '',
      body: 'Hi https://x.test/a',
      links: ['https://x.test/a'],
    });
    const fetched = await fetch(`${simulator.url}${String(answer.body.uri)}`, { headers: { Authorization: basic() } });
    expect(((await fetched.json()) as SimulatedMessage).sid).toBe(answer.body.sid);
  });

  it("refuses what Twilio refuses, with Twilio's error numbers", async () => {
    expect(await create({ MessagingServiceSid: SERVICE, Body: 'x' })).toMatchObject(twilioError(400, 21604));
    expect(await create({ To: '8135550190', MessagingServiceSid: SERVICE, Body: 'x' })).toMatchObject(
      twilioError(400, 21211),
    );
    expect(await create({ To: '+18135550190', Body: 'x' })).toMatchObject(twilioError(400, 21603));
    expect(await create({ To: '+18135550190', MessagingServiceSid: `MG${'b'.repeat(32)}`, Body: 'x' })).toMatchObject(
      twilioError(400, 21701),
    );
    expect(await create({ To: '+18135550190', From: '+18135550999', Body: 'x' })).toMatchObject(
      twilioError(400, 21606),
    );
    expect(await create({ To: '+18135550190', From: NUMBER })).toMatchObject(twilioError(400, 21602));
    expect(await create({ To: '+18135550190', From: NUMBER, Body: 'x'.repeat(1601) })).toMatchObject(
      twilioError(400, 21617),
    );
    expect(await create({ To: '+18135550190', From: NUMBER, Body: 'x'.repeat(1600) })).toMatchObject({
      status: 201,
      body: { status: 'queued', from: NUMBER, num_segments: '11' },
    });
  });

  it("refuses other credentials and other accounts' paths", async () => {
    const text = { To: '+18135550190', From: NUMBER, Body: 'x' };
    expect(await create(text, basic(ACCOUNT, 'wrong'))).toMatchObject(twilioError(401, 20003));
    expect(await create(text, 'Bearer x')).toMatchObject(twilioError(401, 20003));
    expect(await create(text, basic(), `AC${'2'.repeat(32)}`)).toMatchObject(twilioError(404, 20404));
  });
});

describe('TwilioSmsSender against the simulator', () => {
  it("sends through twilio's own client: form body, Basic auth, the Messaging Service as sender", async () => {
    const sender = createTwilioSmsSender(smsEnv({ messagingServiceSid: SERVICE }), {
      accountSid: ACCOUNT,
      authToken: TOKEN,
    });

    const { messageSid } = await sender.send({ to: '+18135550191', body: 'CareLoop: hello', idempotencyKey: 'k' });

    expect(simulator.messages()[0]).toMatchObject({ sid: messageSid, to: '+18135550191', body: 'CareLoop: hello' });
  });

  it("reports Twilio's error number, or the status of a failure without one, never Twilio's text", async () => {
    const sender = createTwilioSmsSender(smsEnv({ from: NUMBER }), { accountSid: ACCOUNT, authToken: TOKEN });

    const invalid = await sender.send({ to: '555-0100', body: 'x', idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(MessageSendError);
    expect(invalid).toMatchObject({ code: 'twilio.21211' });
    expect((invalid as Error).message).not.toContain('555');

    const fault = await fetch(`${simulator.url}/__simulator/faults`, {
      method: 'POST',
      headers: { Authorization: basic(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ next: ['http-503'] }),
    });
    expect(fault.status).toBe(200);
    const unavailable = await sender
      .send({ to: '+18135550191', body: 'x', idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ code: 'twilio.20503' });

    const wrongToken = createTwilioSmsSender(smsEnv({ from: NUMBER }), { accountSid: ACCOUNT, authToken: 'stale' });
    expect(
      await wrongToken.send({ to: '+18135550191', body: 'x', idempotencyKey: 'k' }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'twilio.20003',
    });

    const closed = createTwilioSmsSender(
      { ...smsEnv({ from: NUMBER }), baseUrl: 'http://127.0.0.1:9' },
      {
        accountSid: ACCOUNT,
        authToken: TOKEN,
      },
    );
    expect(
      await closed.send({ to: '+18135550191', body: 'x', idempotencyKey: 'k' }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'twilio.network',
    });
  });
});
