import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessageSendError } from '../../kernel/vendor-errors';
import { createTwilioMessages } from './twilio-client';
import type { TwilioSecrets } from '../secrets/secrets-manager-secrets';
import { TwilioSmsSender } from './twilio-sms-sender';
import type { SmsEnv } from '../../kernel/env';
import type { SimulatedDelivery } from '../simulated-outbox';
import {
  InvalidInboundText,
  readTwiml,
  startTwilioSimulator,
  type SimulatedMessage,
  type TwilioSimulator,
} from './twilio-simulator';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../../local/webhook-receiver';

/** The adapter on twilio's own client, as `twilioSmsSender` builds it on the first send. */
const createTwilioSmsSender = (env: SmsEnv, secrets: TwilioSecrets) =>
  new TwilioSmsSender(createTwilioMessages(env, secrets), env.sender);

const ACCOUNT = `AC${'1'.repeat(32)}`;
const TOKEN = 'local-auth-token';
const SERVICE = `MG${'a'.repeat(32)}`;
const NUMBER = '+18135550142';
/** A practice's own number (not in the Messaging Service). */
const PRACTICE_NUMBER = '+18135550101';

let simulator: TwilioSimulator;
/** CareLoop's Twilio webhooks, faked: records what the simulator posts. */
let webhooks: WebhookReceiver;
const outbox: SimulatedDelivery[] = [];
const logs: string[] = [];

beforeAll(async () => {
  webhooks = await startWebhookReceiver();
  simulator = await startTwilioSimulator({
    port: 0,
    accountSid: ACCOUNT,
    authToken: TOKEN,
    numbers: [NUMBER, PRACTICE_NUMBER],
    messagingServiceSids: [SERVICE],
    outbox: { add: (message) => outbox.push(message) },
    inboundUrl: `${webhooks.url}/webhooks/twilio/inbound`,
    callbackDelayMs: 0,
    log: (line) => logs.push(line),
  });
});
afterAll(async () => {
  await simulator.stop();
  await webhooks.stop();
});
beforeEach(() => {
  webhooks.received.length = 0;
  webhooks.respond = () => ({ status: 200 });
});

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
  webhookBaseUrl: `${webhooks.url}/webhooks/twilio`,
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
      from: NUMBER,
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

/** Whether a request the simulator posted carries Twilio's signature for `url` under `token` (twilio's own check). */
const signedFor = (request: ReceivedRequest, url: string, token = TOKEN) =>
  validateRequest(token, String(request.headers['x-twilio-signature'] ?? ''), url, request.params);

const fault = (next: string[]) =>
  fetch(`${simulator.url}/__simulator/faults`, {
    method: 'POST',
    headers: { Authorization: basic(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ next }),
  });

describe('status callbacks', () => {
  it('posts sent, then delivered, after the create, signed as Twilio signs them', async () => {
    const callbackUrl = `${webhooks.url}/webhooks/twilio/status?x=1`;
    const created = await create({
      To: '+18135550190',
      MessagingServiceSid: SERVICE,
      Body: 'Check-in',
      StatusCallback: callbackUrl,
    });
    expect(created).toMatchObject({ status: 201, body: { status: 'accepted', from: null } });
    await simulator.idle();

    const sid = String(created.body.sid);
    const expected = (status: string) => ({
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: ACCOUNT,
      // Twilio reports the number the Messaging Service picked.
      From: NUMBER,
      To: '+18135550190',
      MessageStatus: status,
      SmsStatus: status,
      ApiVersion: '2010-04-01',
      MessagingServiceSid: SERVICE,
    });
    expect(webhooks.received.map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', '/webhooks/twilio/status?x=1', expected('sent')],
      ['POST', '/webhooks/twilio/status?x=1', expected('delivered')],
    ]);
    for (const request of webhooks.received) {
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(signedFor(request, callbackUrl)).toBe(true);
      // The check can fail: another token, another URL or other params are not signed.
      expect(signedFor(request, callbackUrl, 'other-token')).toBe(false);
      expect(signedFor(request, `${webhooks.url}/webhooks/twilio/status`)).toBe(false);
      expect(
        validateRequest(TOKEN, String(request.headers['x-twilio-signature']), callbackUrl, {
          ...request.params,
          MessageStatus: 'failed',
        }),
      ).toBe(false);
    }
    expect(simulator.messages().find((m) => m.sid === sid)).toMatchObject({
      status: 'delivered',
      from: NUMBER,
      error_code: null,
      date_sent: expect.any(String),
    });
  });

  it('posts nothing without a StatusCallback', async () => {
    const created = await create({ To: '+18135550190', From: NUMBER, Body: 'x' });
    await simulator.idle();
    expect(webhooks.received).toEqual([]);
    expect(simulator.messages().find((m) => m.sid === created.body.sid)?.status).toBe('queued');
  });

  it('refuses a StatusCallback that is not an absolute http(s) URL (21609)', async () => {
    for (const StatusCallback of ['/webhooks/twilio/status', 'ftp://example.com/status', 'not a url']) {
      expect(await create({ To: '+18135550190', From: NUMBER, Body: 'x', StatusCallback })).toMatchObject(
        twilioError(400, 21609),
      );
    }
    expect(webhooks.received).toEqual([]);
  });

  it('fault `undelivered`: accepted, then sent and undelivered with ErrorCode 30003, and never in the outbox', async () => {
    expect((await fault(['undelivered'])).status).toBe(200);
    const callbackUrl = `${webhooks.url}/webhooks/twilio/status`;
    const before = outbox.length;
    const created = await create({
      To: '+18135550193',
      From: NUMBER,
      Body: 'Lost text',
      StatusCallback: callbackUrl,
    });
    expect(created).toMatchObject({ status: 201, body: { status: 'queued' } });
    await simulator.idle();

    expect(webhooks.received.map((r) => r.params)).toEqual([
      expect.not.objectContaining({ ErrorCode: expect.anything() }),
      expect.objectContaining({ MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30003' }),
    ]);
    expect(webhooks.received[0]?.params).toMatchObject({ MessageStatus: 'sent', From: NUMBER });
    expect(webhooks.received[1]?.params).not.toHaveProperty('MessagingServiceSid');
    expect(webhooks.received.every((r) => signedFor(r, callbackUrl))).toBe(true);
    expect(simulator.messages().find((m) => m.sid === created.body.sid)).toMatchObject({
      status: 'undelivered',
      error_code: 30003,
      error_message: 'Unreachable destination handset',
    });
    expect(outbox.length).toBe(before);
  });

  it('logs a failed callback with the SID and HTTP status only, and does not retry it', async () => {
    webhooks.respond = () => ({ status: 500 });
    logs.length = 0;
    const created = await create({
      To: '+18135550194',
      From: NUMBER,
      Body: 'Private words',
      StatusCallback: `${webhooks.url}/webhooks/twilio/status`,
    });
    await simulator.idle();

    expect(webhooks.received.map((r) => r.params.MessageStatus)).toEqual(['sent', 'delivered']);
    const sid = String(created.body.sid);
    expect(logs).toContain(`twilio simulator: status callback sent of ${sid} failed: HTTP 500`);
    expect(logs).toContain(`twilio simulator: status callback delivered of ${sid} failed: HTTP 500`);
    expect(logs.join('\n')).not.toMatch(/Private|\+1813555/);
  });

  it("takes the StatusCallback twilio's own client sends (through TwilioSmsSender)", async () => {
    const callbackUrl = `${webhooks.url}/webhooks/twilio/status`;
    const sender = createTwilioSmsSender(smsEnv({ messagingServiceSid: SERVICE }), {
      accountSid: ACCOUNT,
      authToken: TOKEN,
    });
    const { messageSid } = await sender.send({
      to: '+18135550195',
      body: 'x',
      idempotencyKey: 'k',
      statusCallback: callbackUrl,
    });
    await simulator.idle();
    expect(webhooks.received.map((r) => [r.params.MessageSid, r.params.MessageStatus])).toEqual([
      [messageSid, 'sent'],
      [messageSid, 'delivered'],
    ]);
    expect(webhooks.received.every((r) => signedFor(r, callbackUrl))).toBe(true);
  });
});

describe('inbound texts (the outbox page\'s "Reply as the patient")', () => {
  const inboundUrl = () => `${webhooks.url}/webhooks/twilio/inbound`;
  const twiml = (inner: string) => ({
    status: 200,
    contentType: 'text/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`,
  });

  it("posts Twilio's inbound params, signed, and sends the TwiML <Message> back to the patient", async () => {
    webhooks.respond = () => twiml('<Message>Thanks &amp; see you &lt;soon&gt; https://x.test/a</Message>');
    logs.length = 0;
    const before = outbox.length;

    const result = await simulator.receiveInbound({ from: '+18135550196', body: 'Please call me back' });

    expect(webhooks.received).toHaveLength(1);
    const [request] = webhooks.received as [ReceivedRequest];
    expect(request.path).toBe('/webhooks/twilio/inbound');
    expect(request.params).toEqual({
      MessageSid: result.sid,
      SmsMessageSid: result.sid,
      SmsSid: result.sid,
      AccountSid: ACCOUNT,
      MessagingServiceSid: SERVICE,
      From: '+18135550196',
      To: NUMBER,
      Body: 'Please call me back',
      NumMedia: '0',
      NumSegments: '1',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    });
    expect(result.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(signedFor(request, inboundUrl())).toBe(true);
    expect(signedFor(request, inboundUrl(), 'other-token')).toBe(false);
    expect(result).toMatchObject({ status: 200, reply: 'Thanks & see you <soon> https://x.test/a', errorCode: null });
    expect(outbox.slice(before)).toEqual([
      {
        channel: 'sms',
        to: '+18135550196',
        from: NUMBER,
        subject: '',
        body: 'Thanks & see you <soon> https://x.test/a',
        links: ['https://x.test/a'],
      },
    ]);
    expect(logs.join('\n')).not.toMatch(/Please|\+1813555/);
  });

  it("replies to a practice's own number: To is that number, no Messaging Service, the answer comes from it", async () => {
    webhooks.respond = () => twiml('<Message>Got it</Message>');
    const before = outbox.length;

    await simulator.receiveInbound({ from: '+18135550196', to: PRACTICE_NUMBER, body: 'Call me' });

    const [request] = webhooks.received.slice(-1) as [ReceivedRequest];
    expect(request.params).toMatchObject({ From: '+18135550196', To: PRACTICE_NUMBER });
    expect(request.params.MessagingServiceSid).toBeUndefined();
    expect(outbox.slice(before)).toMatchObject([{ to: '+18135550196', from: PRACTICE_NUMBER, body: 'Got it' }]);
    await expect(
      simulator.receiveInbound({ from: '+18135550196', to: '+18135550999', body: 'Call me' }),
    ).rejects.toMatchObject({ code: 'reply.invalid_to' });
  });

  it('sends nothing back for an empty <Response/>, or for an answer Twilio could not use', async () => {
    const before = outbox.length;
    webhooks.respond = () => ({ status: 200, contentType: 'text/xml', body: '<?xml version="1.0"?><Response/>' });
    expect(await simulator.receiveInbound({ from: '+18135550196', body: 'ok' })).toMatchObject({
      status: 200,
      reply: null,
      errorCode: null,
    });
    webhooks.respond = () => ({
      status: 200,
      contentType: 'application/json',
      body: '{"message":"<Message>x</Message>"}',
    });
    expect(await simulator.receiveInbound({ from: '+18135550196', body: 'ok' })).toMatchObject({
      reply: null,
      errorCode: 12300,
    });
    webhooks.respond = () => ({ ...twiml('<Message>x</Message>'), status: 403 });
    expect(await simulator.receiveInbound({ from: '+18135550196', body: 'ok' })).toMatchObject({
      status: 403,
      reply: null,
      errorCode: 11200,
    });
    expect(outbox.length).toBe(before);
  });

  it('refuses a from that is not E.164 and an empty or too long body, before posting', async () => {
    const refused = (from: string, body: string) =>
      simulator.receiveInbound({ from, body }).then(
        () => null,
        (error: unknown) => (error instanceof InvalidInboundText ? error.code : error),
      );
    expect(await refused('8135550196', 'hi')).toBe('reply.invalid_from');
    expect(await refused('+18135550196', '  ')).toBe('reply.body_required');
    expect(await refused('+18135550196', 'x'.repeat(1601))).toBe('reply.body_too_long');
    expect(webhooks.received).toEqual([]);
  });
});

describe('readTwiml', () => {
  const xml = (text: string) => ({ status: 200, contentType: 'text/xml; charset=utf-8', text });

  it('reads <Message> text and <Body>, CDATA and entities; skips empty messages', () => {
    expect(
      readTwiml(
        xml(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Response>\n <Message to="+1">One &#38; &#x41;</Message>' +
            '<Message><Body><![CDATA[Two <b>]]></Body><Media>https://x.test/m.png</Media></Message><Message/>' +
            '<Message>   </Message></Response>',
        ),
      ),
    ).toEqual({ replies: ['One & A', 'Two <b>'], errorCode: null });
  });

  it('refuses what is not a TwiML document (12100) or not XML (12300)', () => {
    expect(readTwiml(xml('<html><Message>x</Message></html>')).errorCode).toBe(12100);
    expect(readTwiml({ ...xml('<Response><Message>x</Message></Response>'), contentType: 'text/html' }).errorCode).toBe(
      12300,
    );
    expect(readTwiml({ ...xml(''), status: 204 })).toEqual({ replies: [], errorCode: null });
  });
});
