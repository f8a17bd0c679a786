import type { APIGatewayProxyResult } from 'aws-lambda';
import { logRefusal, logUnknownFailure } from './core';
import { AppError, badRequest } from '../kernel/app-error';
import { SECURITY_HEADERS } from './security-headers';

const JSON_HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': process.env.CORS_ALLOW_ORIGIN ?? '*',
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  ...SECURITY_HEADERS,
};

export interface HttpResult {
  readonly status: number;
  readonly body: unknown;
  /** A body that is not JSON (Twilio's TwiML, a CSV export): sent as is with this content type. */
  readonly contentType?: string;
  /** A file to save rather than show: its name (Content-Disposition: attachment). */
  readonly attachment?: string;
}

export const ok = (body: unknown): HttpResult => ({ status: 200, body });
export const created = (body: unknown): HttpResult => ({ status: 201, body });

export function toResponse({ status, body, contentType, attachment }: HttpResult): APIGatewayProxyResult {
  if (contentType) {
    const disposition: Record<string, string> = attachment
      ? { 'Content-Disposition': `attachment; filename=${attachment}` }
      : {};
    return {
      statusCode: status,
      headers: { ...JSON_HEADERS, 'Content-Type': contentType, ...disposition },
      body: String(body),
    };
  }
  return { statusCode: status, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function errorResponse(status: number, error: string, code: string): APIGatewayProxyResult {
  return toResponse({ status, body: { error, code } });
}

/**
 * The answer to a request that failed: a domain error's status, message and code; anything else a
 * generic 500 (its details go to the log as frames only, never its message).
 */
export function failureResponse(error: unknown, what: string): APIGatewayProxyResult {
  if (error instanceof AppError) {
    logRefusal(error);
    return errorResponse(error.status, error.message, error.code);
  }
  logUnknownFailure(what, error);
  return errorResponse(500, 'Something went wrong. Please try again.', 'internal');
}

/**
 * How deep a JSON body may nest. CareLoop's own bodies nest 3 levels, and Vapi's reports about 15
 * (a call carries its assistant's tool and structured-data schemas); nothing legitimate comes near.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `raw` holds more than `max` opening brackets and braces in all: found natively, by indexOf. */
function opensMoreThan(raw: string, max: number): boolean {
  let count = 0;
  for (const opener of ['[', '{']) {
    for (let i = raw.indexOf(opener); i !== -1; i = raw.indexOf(opener, i + 1)) if (++count > max) return true;
  }
  return false;
}

/**
 * Whether a JSON text opens more than `max` arrays or objects inside one another, strings skipped (a
 * bracket inside a string is text). JSON.parse itself takes 60 to 90 ms for a body nested 100,000
 * deep (measured on this machine kind), and whatever walks the result afterwards recurses as deep.
 * Most bodies hold fewer brackets than `max` in all and are passed by a native count; the others
 * get a pass over their characters, which stops at the first level too deep.
 */
export function nestsDeeperThan(raw: string, max: number): boolean {
  if (!opensMoreThan(raw, max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A JSON body, or 400 `request.invalid_json` (not JSON) or `request.too_deep` (nested over 64 levels). */
export function parseJson(raw: string): unknown {
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    throw badRequest('request.too_deep', `The request body nests more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('request.invalid_json', 'The request body is not valid JSON');
  }
}

/** The raw body of a proxy event, decoded when API Gateway base64-encoded it. */
export const rawBodyOf = (event: { body: string | null; isBase64Encoded?: boolean }): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
