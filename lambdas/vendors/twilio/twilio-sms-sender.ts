// The Messages resource alone, on twilio's own client and HTTP layer (what `twilio()` is made of):
// about 0.4 MB in a function's bundle where the whole `twilio()` client brings 3.7 MB.
import BaseTwilio from 'twilio/lib/base/BaseTwilio.js';
import DomainExport from 'twilio/lib/base/Domain.js';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import VersionExport from 'twilio/lib/base/Version.js';
import type V2010 from 'twilio/lib/rest/api/V2010.js';
import {
  MessageListInstance,
  type MessageListInstanceCreateOptions,
} from 'twilio/lib/rest/api/v2010/account/message.js';
import { readTwilioSecrets, type TwilioSecrets } from '../secrets/secrets-manager-secrets';
import { MessageSendError } from '../../kernel/vendor-errors';
import type { OutboundText, SmsSender } from '../../texts/ports';
import type { SmsEnv, TwilioSender } from '../../kernel/env';

export const TWILIO_API_ORIGIN = 'https://api.twilio.com';
/** Long enough for Twilio to queue a message, short enough to leave the job time for the other channels. */
export const TWILIO_TIMEOUT_MS = 10_000;

/** The one request the adapter makes (a Messages list of the twilio client, or a test double). */
export type TwilioMessages = { create(params: MessageListInstanceCreateOptions): Promise<{ sid: string }> };

/**
 * Twilio's compiled `export default` classes: Node's ESM loader (and the esbuild bundle) hand over
 * `module.exports`, which holds the class as `default`; Vitest hands over the class itself.
 */
function compiledDefault<T>(imported: T): T {
  return typeof imported === 'function' ? imported : (imported as { default: T }).default;
}
const Domain = compiledDefault(DomainExport);
const Version = compiledDefault(VersionExport);

/** Twilio as the SMS sender: one outbound text from the configured Messaging Service or number. */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly messages: TwilioMessages,
    private readonly sender: TwilioSender,
  ) {}

  /** Twilio's Messages API keeps no idempotency key; the notification record keeps each text to one send. */
  async send(text: OutboundText): Promise<{ messageSid: string }> {
    let created: { sid: string };
    try {
      created = await this.messages.create({
        to: text.to,
        body: text.body,
        ...(text.sender ? senderOf(text.sender) : this.sender),
        ...(text.statusCallback ? { statusCallback: text.statusCallback } : {}),
      });
    } catch (error) {
      throw twilioErrorOf(error);
    }
    if (!created.sid) throw new MessageSendError('twilio.no_sid', 'rejected');
    return { messageSid: created.sid };
  }
}

/** A sender as Twilio's create takes it: a Messaging Service (`MG…`) or a From number. */
const senderOf = (sender: string): TwilioSender =>
  sender.startsWith('MG') ? { messagingServiceSid: sender } : { from: sender };

/** Twilio's error number for a recipient who replied STOP to this sender. */
const UNSUBSCRIBED = 21610;

/**
 * Twilio's failure as a code: its error number (21211 invalid To, 21610 unsubscribed…) or the HTTP
 * status, never its message, which quotes the number. Throttling (429, 20429) and Twilio's own
 * faults (5xx, 205xx) are `unavailable`: worth a later try.
 */
export function twilioErrorOf(error: unknown): MessageSendError {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; code?: unknown };
  if (typeof fields.status === 'number') {
    const number = typeof fields.code === 'number' && fields.code > 0 ? fields.code : null;
    const code = `twilio.${number ?? `http_${fields.status}`}`;
    if (number === UNSUBSCRIBED) return new MessageSendError(code, 'unsubscribed');
    // Twilio's number when it gives one (20429, 20503), else the HTTP status.
    const busy = (n: number) => n === 429 || (n >= 500 && n < 600);
    const unavailable = number === null ? busy(fields.status) : busy(number) || busy(number - 20000);
    return new MessageSendError(code, unavailable ? 'unavailable' : 'rejected');
  }
  // No HTTP answer: axios (under twilio's RequestClient) names timeouts ECONNABORTED or ETIMEDOUT.
  const timedOut = fields.code === 'ECONNABORTED' || fields.code === 'ETIMEDOUT';
  return new MessageSendError(timedOut ? 'twilio.timeout' : 'twilio.network', 'unavailable');
}

/** Twilio's HTTP layer, sending every request to `origin` instead of api.twilio.com (TWILIO_BASE_URL). */
class OriginRequestClient extends RequestClient {
  constructor(
    private readonly origin: string,
    options: RequestClient.RequestClientOptions,
  ) {
    super(options);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request({ ...opts, uri: `${this.origin}${url.pathname}${url.search}` });
  }
}

export function createTwilioSmsSender(env: SmsEnv, secrets: TwilioSecrets): TwilioSmsSender {
  const origin = (env.baseUrl ?? TWILIO_API_ORIGIN).replace(/\/+$/, '');
  const client = new BaseTwilio.Client(secrets.accountSid, secrets.authToken, {
    httpClient: new OriginRequestClient(origin, { timeout: TWILIO_TIMEOUT_MS }),
  });
  const api = new Version(new Domain(client, TWILIO_API_ORIGIN), '2010-04-01') as unknown as V2010;
  return new TwilioSmsSender(MessageListInstance(api, secrets.accountSid), env.sender);
}

/**
 * Twilio with the credentials of its secret, read (and cached) per send so a rotation reaches warm
 * containers. Only the functions that send texts build it (composition per function).
 */
export function twilioSmsSender(env: SmsEnv): SmsSender {
  let current: { credentials: string; sender: TwilioSmsSender } | undefined;
  return {
    send: async (text) => {
      const secrets = await readTwilioSecrets(env);
      const credentials = `${secrets.accountSid}:${secrets.authToken}`;
      if (current?.credentials !== credentials) {
        current = { credentials, sender: createTwilioSmsSender(env, secrets) };
      }
      return current.sender.send(text);
    },
  };
}
