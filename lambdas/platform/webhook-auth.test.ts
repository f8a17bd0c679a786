import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_MS, verifyBearer, verifyVapiHmac } from './webhook-auth';

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
