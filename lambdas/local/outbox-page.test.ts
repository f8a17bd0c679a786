import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileOutbox, type OutboxMessage } from './outbox';
import { escapeHtml, handleOutboxRoutes, prefersHtml } from './outbox-page';
import { startTwilioSimulator, type TwilioSimulator } from '../vendors/twilio/twilio-simulator';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const ACCOUNT = `AC${'1'.repeat(32)}`;
const TOKEN = 'local-auth-token';
const SERVICE = `MG${'a'.repeat(32)}`;
const NUMBER = '+18135550100';
const PATIENT = '+18135550196';
/** A practice's own number: replies to its texts go back to it. */
const PRACTICE = '+18135550101';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';

let dir: string;
let outbox: FileOutbox;
let webhooks: WebhookReceiver;
let simulator: TwilioSimulator;
/** The outbox routes as the gateway serves them (the gateway itself needs Cognito). */
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbox-page-'));
  outbox = new FileOutbox(join(dir, 'outbox.json'));
  webhooks = await startWebhookReceiver();
  simulator = await startTwilioSimulator({
    port: 0,
    accountSid: ACCOUNT,
    authToken: TOKEN,
    numbers: [NUMBER, PRACTICE],
    messagingServiceSids: [SERVICE],
    outbox,
    inboundUrl: `${webhooks.url}/webhooks/twilio/inbound`,
    callbackDelayMs: 0,
    log: () => undefined,
  });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void handleOutboxRoutes(req, res, url, { outbox, receiveInbound: (text) => simulator.receiveInbound(text) }).then(
      (handled) => {
        if (handled) return;
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await simulator.stop();
  await webhooks.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  webhooks.received.length = 0;
  webhooks.respond = () => ({
    status: 200,
    contentType: 'text/xml',
    body: '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Your care team will call you.</Message></Response>',
  });
});

const reply = (body: BodyInit, contentType: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/local/outbox/reply`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...headers },
    body,
    redirect: 'manual',
  });

describe('GET /local/outbox', () => {
  it('answers JSON to programs and a page to browsers, escaping every message', async () => {
    outbox.add({
      channel: 'sms',
      to: PATIENT,
      subject: '',
      body: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
      links: ['https://app.test/call/abc?x=1&y="2"', 'javascript:alert(1)'],
    });
    outbox.add({ channel: 'email', to: 'nurse@sunrise.example', subject: 'New <b>summary</b>', body: 'Hi', links: [] });

    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const res = await fetch(`${base}/local/outbox`, { headers: accept ? { Accept: accept } : {} });
      expect(res.headers.get('content-type'), String(accept)).toBe('application/json');
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      expect(messages.map((m) => m.to).slice(0, 2)).toEqual(['nurse@sunrise.example', PATIENT]);
    }

    const page = await fetch(`${base}/local/outbox`, { headers: { Accept: BROWSER_ACCEPT } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;img src=x onerror=alert(1)&#62;',
    );
    expect(html).toContain('New &#60;b&#62;summary&#60;/b&#62;');
    // http(s) links are links; anything else stays text.
    expect(html).toContain(
      '<a href="https://app.test/call/abc?x=1&#38;y=&#34;2&#34;">https://app.test/call/abc?x=1&#38;y=&#34;2&#34;</a>',
    );
    expect(html).toContain('<li>javascript:alert(1)</li>');
    // Newest first, and a labelled reply box for the number texted.
    expect(html.indexOf('nurse@sunrise.example')).toBeLessThan(html.indexOf(`Text to ${PATIENT}`));
    expect(html).toContain(`<input type="hidden" name="from" value="${PATIENT}">`);
    expect(html).toMatch(
      /<label for="reply-0">Reply as the patient at \+18135550196<\/label>\n<input type="text" id="reply-0" name="body" required/,
    );
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Local outbox</h1>');
  });
});

describe('POST /local/outbox/reply', () => {
  it('posts the text signed to the inbound webhook and puts the TwiML reply in the outbox (JSON)', async () => {
    const res = await reply(JSON.stringify({ from: PATIENT, body: 'Call me please' }), 'application/json');

    expect(res.status).toBe(200);
    const result = (await res.json()) as Record<string, unknown>;
    expect(result).toMatchObject({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      status: 200,
      twiml: expect.stringContaining('<Message>Your care team will call you.</Message>'),
      reply: 'Your care team will call you.',
      errorCode: null,
    });
    const [request] = webhooks.received;
    expect(request?.params).toMatchObject({
      From: PATIENT,
      To: NUMBER,
      Body: 'Call me please',
      MessageSid: result.sid,
    });
    const url = `${webhooks.url}/webhooks/twilio/inbound`;
    expect(validateRequest(TOKEN, String(request?.headers['x-twilio-signature']), url, request?.params ?? {})).toBe(
      true,
    );
    expect(outbox.list()[0]).toMatchObject({ channel: 'sms', to: PATIENT, body: 'Your care team will call you.' });
  });

  it("sends the page's form back to the page (303) with the outcome shown", async () => {
    const res = await reply(
      new URLSearchParams({ from: PATIENT, body: 'STOP' }).toString(),
      'application/x-www-form-urlencoded',
    );

    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe('/local/outbox?reply=sent&status=200');
    expect(webhooks.received[0]?.params.Body).toBe('STOP');
    const page = await (await fetch(`${base}${location}`, { headers: { Accept: BROWSER_ACCEPT } })).text();
    expect(page).toContain('<p class="notice" role="status">The inbound webhook answered HTTP 200 with a reply');
  });

  it('refuses a from that is not E.164 or an empty body with 400 {error, code}, posting nothing', async () => {
    for (const [fields, code] of [
      [{ from: '813-555-0196', body: 'hi' }, 'reply.invalid_from'],
      [{ body: 'hi' }, 'reply.invalid_from'],
      [{ from: PATIENT, body: '' }, 'reply.body_required'],
      [{ from: PATIENT, body: 'x'.repeat(1601) }, 'reply.body_too_long'],
    ] as const) {
      const res = await reply(JSON.stringify(fields), 'application/json');
      expect(res.status, code).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String), code });
    }
    const form = await reply('from=12345&body=hi', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(((await form.json()) as { code: string }).code).toBe('reply.invalid_from');
    expect(webhooks.received).toEqual([]);
  });

  it("refuses other origins' pages, other media types and non-objects", async () => {
    const body = JSON.stringify({ from: PATIENT, body: 'hi' });
    expect((await reply(body, 'application/json', { Origin: 'https://evil.test' })).status).toBe(403);
    expect((await reply(body, 'application/json', { Origin: base })).status).toBe(200);
    expect((await reply(body, 'text/plain')).status).toBe(415);
    expect((await reply('[1]', 'application/json')).status).toBe(400);
  });
});

describe('prefersHtml and escapeHtml', () => {
  it('replies to the number that texted the patient: one reply box per sender, each posting To that sender', async () => {
    outbox.add({ channel: 'sms', to: PATIENT, from: PRACTICE, subject: '', body: 'From the practice', links: [] });
    outbox.add({ channel: 'sms', to: PATIENT, from: NUMBER, subject: '', body: 'From the shared number', links: [] });
    const html = await (await fetch(`${base}/local/outbox`, { headers: { Accept: BROWSER_ACCEPT } })).text();
    expect(html).toContain(`<input type="hidden" name="to" value="${PRACTICE}">`);
    expect(html).toContain(`<input type="hidden" name="to" value="${NUMBER}">`);
    expect(html).toContain(`Reply as the patient at ${PATIENT} to ${PRACTICE}</label>`);

    const res = await reply(JSON.stringify({ from: PATIENT, to: PRACTICE, body: 'Call me' }), 'application/json');
    expect(res.status).toBe(200);
    expect(webhooks.received.at(-1)?.params).toMatchObject({ From: PATIENT, To: PRACTICE });
    expect(outbox.list()[0]).toMatchObject({ to: PATIENT, from: PRACTICE });
    const elsewhere = await reply(JSON.stringify({ from: PATIENT, to: '+18135550999', body: 'x' }), 'application/json');
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ code: 'reply.invalid_to' });
  });

  it("prefers HTML only when the Accept header ranks it above JSON (browsers' navigations)", () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('text/*, application/json;q=0.5')).toBe(true);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('text/html, application/json')).toBe(false);
    expect(prefersHtml('text/html;q=0, */*')).toBe(false);
  });

  it('escapes the characters that end text or an attribute', () => {
    expect(escapeHtml(`<a href='x' title="y">&\``)).toBe('&#60;a href=&#39;x&#39; title=&#34;y&#34;&#62;&#38;&#96;');
  });
});
