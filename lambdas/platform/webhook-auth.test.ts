import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_MS, verifyBearer, verifyTwilioSignature, verifyVapiHmac } from './webhook-auth';

const SECRET = 'whsec-test-0123456789';
const BODY = '{"message":{"type":"status-update","status":"in-progress"}}';
const NOW = new Date('2026-11-23T12:00:00.000Z');

const sign = (timestamp: string, body = BODY, secret = SECRET) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

describe('verifyVapiHmac (Vapi HMAC plan defaults: x-signature over `{timestamp}.{body}`)', () => {
  const ts = String(NOW.getTime());

  it('accepts the signature of the exact body and a fresh timestamp (ms or s, with a sha256= prefix)', () => {
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts, 'x-signature': sign(ts) }, SECRET, NOW)).toBe(true);
    const seconds = String(NOW.getTime() / 1000);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': seconds, 'x-signature': sign(seconds) }, SECRET, NOW)).toBe(true);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts, 'x-signature': `sha256=${sign(ts)}` }, SECRET, NOW)).toBe(true);
  });

  it('refuses a changed body, another secret, a missing header, or a truncated signature', () => {
    expect(verifyVapiHmac(`${BODY} `, { 'x-timestamp': ts, 'x-signature': sign(ts) }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts, 'x-signature': sign(ts, BODY, 'other') }, SECRET, NOW)).toBe(
      false,
    );
    expect(verifyVapiHmac(BODY, { 'x-signature': sign(ts) }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts, 'x-signature': sign(ts).slice(0, 32) }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': ts, 'x-signature': sign(ts) }, '', NOW)).toBe(false);
  });

  it('refuses timestamps older or newer than the tolerance, and ones that are not numbers', () => {
    const stale = String(NOW.getTime() - SIGNATURE_TOLERANCE_MS - 1000);
    const future = String(NOW.getTime() + SIGNATURE_TOLERANCE_MS + 1000);
    const edge = String(NOW.getTime() - SIGNATURE_TOLERANCE_MS + 1000);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': stale, 'x-signature': sign(stale) }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': future, 'x-signature': sign(future) }, SECRET, NOW)).toBe(false);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': edge, 'x-signature': sign(edge) }, SECRET, NOW)).toBe(true);
    expect(verifyVapiHmac(BODY, { 'x-timestamp': 'yesterday', 'x-signature': sign('yesterday') }, SECRET, NOW)).toBe(
      false,
    );
  });
});

describe('verifyBearer', () => {
  it('accepts exactly the secret as a bearer token', () => {
    expect(verifyBearer({ authorization: `Bearer ${SECRET}` }, SECRET)).toBe(true);
    expect(verifyBearer({ authorization: `bearer ${SECRET}` }, SECRET)).toBe(true);
  });
  it('refuses another token, a prefix of the secret, a missing header or an empty secret', () => {
    expect(verifyBearer({ authorization: 'Bearer nope' }, SECRET)).toBe(false);
    expect(verifyBearer({ authorization: `Bearer ${SECRET.slice(0, -1)}` }, SECRET)).toBe(false);
    expect(verifyBearer({ authorization: `Bearer ${SECRET}x` }, SECRET)).toBe(false);
    expect(verifyBearer({}, SECRET)).toBe(false);
    expect(verifyBearer({ authorization: 'Bearer ' }, '')).toBe(false);
  });
});

describe('verifyTwilioSignature (X-Twilio-Signature: HMAC-SHA1 of the URL and sorted params)', () => {
  const TOKEN = 'twilio-auth-token-0123456789abcdef';
  const URL = 'https://api.example.test/prod/webhooks/twilio/inbound';
  const params = { MessageSid: `SM${'1'.repeat(32)}`, From: '+18135550111', Body: 'STOP' };
  const raw = new URLSearchParams(params).toString();
  // Twilio's documented algorithm, written out independently of its library.
  const signature = (url = URL, token = TOKEN, p: Record<string, string> = params) =>
    createHmac('sha1', token)
      .update(
        Object.keys(p)
          .sort()
          .reduce((acc, k) => acc + k + (p[k] ?? ''), url),
      )
      .digest('base64');
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('accepts the signature of the configured URL and the exact parameters', () => {
    expect(verifyTwilioSignature(raw, { ...form, 'x-twilio-signature': signature() }, URL, TOKEN)).toBe(true);
  });

  it('refuses a missing header, another token, another URL, changed parameters or a JSON body', () => {
    expect(verifyTwilioSignature(raw, form, URL, TOKEN)).toBe(false);
    expect(verifyTwilioSignature(raw, { ...form, 'x-twilio-signature': signature(URL, 'other') }, URL, TOKEN)).toBe(
      false,
    );
    expect(
      verifyTwilioSignature(raw, { ...form, 'x-twilio-signature': signature('https://evil.test/x') }, URL, TOKEN),
    ).toBe(false);
    const changed = new URLSearchParams({ ...params, Body: 'START' }).toString();
    expect(verifyTwilioSignature(changed, { ...form, 'x-twilio-signature': signature() }, URL, TOKEN)).toBe(false);
    expect(
      verifyTwilioSignature(raw, { 'content-type': 'application/json', 'x-twilio-signature': signature() }, URL, TOKEN),
    ).toBe(false);
    expect(verifyTwilioSignature(raw, { ...form, 'x-twilio-signature': signature() }, URL, '')).toBe(false);
  });
});
