import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessageSendError } from '../../kernel/vendor-errors';
import type { SmsEnv } from '../../kernel/env';
import { createTwilioMessages } from './twilio-client';
import type { TwilioSecrets } from '../secrets/secrets-manager-secrets';
import { TwilioSmsSender, twilioErrorOf } from './twilio-sms-sender';

/** The adapter on its Twilio client, as `twilioSmsSender` builds it on the first send. */
const createTwilioSmsSender = (env: SmsEnv, secrets: TwilioSecrets) =>
  new TwilioSmsSender(createTwilioMessages(env, secrets), env.sender);

const ACCOUNT = `AC${'3'.repeat(32)}`;

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/** Stands where api.twilio.com would: records each request and answers what the test queued. */
let server: Server;
let url: string;
const received: Received[] = [];
let answers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const answer = answers.shift() ?? { status: 201, body: { sid: `SM${'f'.repeat(32)}`, status: 'queued' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answers = [];
});

const env = (sender: SmsEnv['sender'], baseUrl: string | undefined = url): SmsEnv => ({
  region: 'us-east-1',
  secretId: 'careloop-test/twilio',
  secretsEndpoint: undefined,
  webhookBaseUrl: 'https://api.example.test/prod/webhooks/twilio',
  sender,
  baseUrl,
});
const text = {
  to: '+18135550190',
  body: 'CareLoop: Urgent escalation for Margaret. https://app.test/summary/t',
  idempotencyKey: 'k',
};

describe('TwilioSmsSender', () => {
  it('creates one Message on the account, form-encoded with Basic auth, at the configured API origin', async () => {
    const sender = createTwilioSmsSender(env({ messagingServiceSid: `MG${'a'.repeat(32)}` }), {
      accountSid: ACCOUNT,
      authToken: 'token-1',
    });

    const sent = await sender.send(text);

    expect(sent).toEqual({ messageSid: `SM${'f'.repeat(32)}` });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${ACCOUNT}/Messages.json`,
      form: { To: '+18135550190', Body: text.body, MessagingServiceSid: `MG${'a'.repeat(32)}` },
    });
    expect(received[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:token-1`).toString('base64')}`);
  });

  it('sends from the configured number when there is no Messaging Service', async () => {
    await createTwilioSmsSender(env({ from: '+18135550142' }), { accountSid: ACCOUNT, authToken: 't' }).send(text);

    expect(received[0]?.form).toEqual({ To: '+18135550190', Body: text.body, From: '+18135550142' });
  });

  it("sends a patient text from the organization's own sender, never the deployment's", async () => {
    const sender = createTwilioSmsSender(env({ messagingServiceSid: `MG${'a'.repeat(32)}` }), {
      accountSid: ACCOUNT,
      authToken: 't',
    });

    await sender.send({ ...text, sender: '+18135550101' });
    await sender.send({ ...text, sender: `MG${'b'.repeat(32)}` });

    expect(received.map((r) => r.form)).toEqual([
      { To: '+18135550190', Body: text.body, From: '+18135550101' },
      { To: '+18135550190', Body: text.body, MessagingServiceSid: `MG${'b'.repeat(32)}` },
    ]);
  });

  it("keeps Twilio's error number (or the status when there is none), never its message", async () => {
    answers = [
      {
        status: 400,
        body: { code: 21610, message: 'Attempt to send to unsubscribed recipient +18135550190', status: 400 },
      },
      { status: 502, body: '<html>Bad gateway</html>' },
    ];
    const sender = createTwilioSmsSender(env({ from: '+18135550142' }), { accountSid: ACCOUNT, authToken: 't' });

    const unsubscribed = await sender.send(text).catch((e: unknown) => e);
    const gateway = await sender.send(text).catch((e: unknown) => e);

    expect(unsubscribed).toBeInstanceOf(MessageSendError);
    expect(unsubscribed).toMatchObject({ code: 'twilio.21610', reason: 'unsubscribed' });
    expect((unsubscribed as Error).message).not.toContain('+1813');
    expect(gateway).toMatchObject({ code: 'twilio.http_502', reason: 'unavailable' });
  });

  it('tells a refusal from a failure worth a later try, by number or else by status', () => {
    const answer = (status: number, code?: number) => twilioErrorOf(Object.assign(new Error('x'), { status, code }));

    expect(answer(400, 21211)).toMatchObject({ code: 'twilio.21211', reason: 'rejected' });
    expect(answer(429, 20429)).toMatchObject({ code: 'twilio.20429', reason: 'unavailable' });
    expect(answer(503, 20503)).toMatchObject({ code: 'twilio.20503', reason: 'unavailable' });
    expect(answer(500, 30001)).toMatchObject({ code: 'twilio.30001', reason: 'rejected' });
    expect(answer(429)).toMatchObject({ code: 'twilio.http_429', reason: 'unavailable' });
    expect(answer(404)).toMatchObject({ code: 'twilio.http_404', reason: 'rejected' });
  });

  it('names failures without an answer: no answer in time, no connection', async () => {
    // A server that takes the request and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const secrets = { accountSid: ACCOUNT, authToken: 't' };
    try {
      const slow = new TwilioSmsSender(createTwilioMessages(env({ from: '+18135550142' }, silentUrl), secrets, 200), {
        from: '+18135550142',
      });
      await expect(slow.send(text)).rejects.toMatchObject({ code: 'twilio.timeout', reason: 'unavailable' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    // The same port, closed now: nothing listens.
    const gone = createTwilioSmsSender(env({ from: '+18135550142' }, silentUrl), secrets);
    await expect(gone.send(text)).rejects.toMatchObject({ code: 'twilio.network', reason: 'unavailable' });
  });

  it('refuses an answer without a message SID', async () => {
    const sender = new TwilioSmsSender({ create: () => Promise.resolve({ sid: '' }) }, { from: '+18135550142' });

    await expect(sender.send(text)).rejects.toMatchObject({ code: 'twilio.no_sid', reason: 'rejected' });
  });
});
