/**
 * Vendor webhook credentials, checked in constant time before the body is parsed
 * (ARCHITECTURE "Triggers"). Vapi signs with its HMAC authentication plan (defaults: header
 * `x-signature` = hex HMAC-SHA256 of `{timestamp}.{body}`, timestamp in `x-timestamp`), or sends a
 * bearer secret, whichever credential the deployment configured. Twilio signs with
 * `X-Twilio-Signature`: HMAC-SHA1 of the URL it called and the sorted form parameters, keyed with
 * the account's auth token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
// The validator alone (ARCHITECTURE toolchain): the whole `twilio` package is 3.7 MB.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

/** Older (or further in the future) signed timestamps are refused: a captured request can't be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Compare equal-length buffers always, so the time does not tell the length either.
  const same = timingSafeEqual(
    Buffer.concat([left, Buffer.alloc(Math.max(0, right.length - left.length))]).subarray(0, right.length),
    right,
  );
  return same && left.length === right.length;
}

/** `x-timestamp` in milliseconds or seconds since the epoch. */
function timestampMs(value: string): number | null {
  if (!/^\d{9,16}$/.test(value)) return null;
  const n = Number(value);
  return value.length <= 10 ? n * 1000 : n;
}

export function verifyVapiHmac(
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  secret: string,
  now: Date,
): boolean {
  const signature = headers['x-signature'];
  const timestamp = headers['x-timestamp'];
  if (!signature || !timestamp || !secret) return false;
  const at = timestampMs(timestamp);
  if (at === null || Math.abs(now.getTime() - at) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return safeEqual(signature.replace(/^sha256=/, '').toLowerCase(), expected);
}

export function verifyBearer(headers: Readonly<Record<string, string | undefined>>, secret: string): boolean {
  const value = headers.authorization;
  if (!value || !secret) return false;
  const match = /^Bearer (.+)$/i.exec(value);
  return match ? safeEqual(match[1] ?? '', secret) : false;
}

/** Twilio's form body as the flat record its signature covers (a repeated key keeps its last value). */
export function twilioParams(rawBody: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(rawBody));
}

/**
 * Twilio's signature over `url` (the public URL Twilio was given: configuration, never the
 * request's Host header) and the form parameters, checked with twilio's own validator.
 */
export function verifyTwilioSignature(
  rawBody: string,
  headers: Readonly<Record<string, string | undefined>>,
  url: string,
  authToken: string,
): boolean {
  const signature = headers['x-twilio-signature'];
  if (!signature || !authToken) return false;
  const contentType = headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) return false;
  return validateRequest(authToken, signature, url, twilioParams(rawBody));
}
