/**
 * Twilio's Messages API, the one request CareLoop makes of it: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, with the account's SID and auth
 * token as Basic credentials (twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * Sent with Node's own HTTP client: twilio's Messages resource on its own HTTP layer brought axios,
 * form-data, qs and semver, about 320 KB that every texting function parsed on a cold start for this
 * one request (issue 27 item 4). The answer is read as twilio's client reads it: a created message's
 * `sid`, or a failure with Twilio's error number (`code`) and the HTTP status.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TwilioSecrets } from '../secrets/secrets-manager-secrets';
import type { SmsEnv } from '../../kernel/env';

/** What a text is created with, in the names of twilio's client (sent as Twilio's form fields). */
export interface MessageToCreate {
  readonly to: string;
  readonly body: string;
  readonly from?: string;
  readonly messagingServiceSid?: string;
  readonly statusCallback?: string;
}

/** The one request the adapter makes (Twilio's Messages list, or a test double). */
export type TwilioMessages = { create(params: MessageToCreate): Promise<{ sid: string }> };

export const TWILIO_API_ORIGIN = 'https://api.twilio.com';
/** Long enough for Twilio to queue a message, short enough to leave the job time for the other channels. */
export const TWILIO_TIMEOUT_MS = 10_000;

/** Twilio's form field for each parameter. */
const FIELDS: Readonly<Record<keyof MessageToCreate, string>> = {
  to: 'To',
  body: 'Body',
  from: 'From',
  messagingServiceSid: 'MessagingServiceSid',
  statusCallback: 'StatusCallback',
};

/** A failure Twilio answered: its HTTP status and, when its body names one, its error number. */
export class TwilioRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
  ) {
    // Never Twilio's message, which quotes the phone number.
    super(`Twilio answered ${status}${code ? ` (error ${code})` : ''}`);
    this.name = 'TwilioRequestError';
  }
}

/** No answer within the time: named as Node names a timed-out socket. */
class TwilioTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor() {
    super('Twilio did not answer in time');
    this.name = 'TwilioTimeoutError';
  }
}

/** Twilio's Messages list for these credentials, through `env.baseUrl` when set (the local simulator). */
export function createTwilioMessages(
  env: SmsEnv,
  secrets: TwilioSecrets,
  timeoutMs: number = TWILIO_TIMEOUT_MS,
): TwilioMessages {
  const origin = (env.baseUrl ?? TWILIO_API_ORIGIN).replace(/\/+$/, '');
  const url = new URL(`${origin}/2010-04-01/Accounts/${encodeURIComponent(secrets.accountSid)}/Messages.json`);
  const authorization = `Basic ${Buffer.from(`${secrets.accountSid}:${secrets.authToken}`).toString('base64')}`;
  return {
    async create(params) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(params) as [keyof MessageToCreate, string | undefined][]) {
        if (value !== undefined) form.append(FIELDS[name], value);
      }
      const { status, body } = await post(url, authorization, form.toString(), timeoutMs);
      const answer = parsed(body);
      if (status < 200 || status >= 300) {
        const code = typeof answer?.code === 'number' ? answer.code : undefined;
        throw new TwilioRequestError(status, code);
      }
      return { sid: typeof answer?.sid === 'string' ? answer.sid : '' };
    },
  };
}

/** The JSON object of an answer, or null for anything else (a gateway's HTML page). */
function parsed(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** One form POST; the whole exchange (connecting included) within `timeoutMs`. */
function post(
  url: URL,
  authorization: string,
  form: string,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    // The whole exchange, connecting included, within the time (the request is made just below).
    const timer = setTimeout(() => req.destroy(new TwilioTimeoutError()), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(form),
          'User-Agent': 'careloop',
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(form);
  });
}
