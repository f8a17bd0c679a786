import { readTwilioSecrets } from '../secrets/secrets-manager-secrets';
import { MessageSendError } from '../../kernel/vendor-errors';
import type { OutboundText, SmsSender } from '../../texts/ports';
import type { SmsEnv, TwilioSender } from '../../kernel/env';

// Types only: twilio's client itself loads on the first send (twilioSmsSender below).
import type { TwilioMessages } from './twilio-client';

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
  // No HTTP answer: the client (twilio-client.ts) names its timeout as Node names a socket's, ETIMEDOUT.
  const timedOut = fields.code === 'ETIMEDOUT';
  return new MessageSendError(timedOut ? 'twilio.timeout' : 'twilio.network', 'unavailable');
}

/**
 * Twilio with the credentials of its secret, read (and cached) per send so a rotation reaches warm
 * containers. Only the functions that send texts build it (composition per function), and the
 * client loads on the first send, not on a cold start (issue 27: a bundle's import time).
 */
export function twilioSmsSender(env: SmsEnv): SmsSender {
  let current: { credentials: string; sender: TwilioSmsSender } | undefined;
  return {
    send: async (text) => {
      const secrets = await readTwilioSecrets(env);
      const credentials = `${secrets.accountSid}:${secrets.authToken}`;
      if (current?.credentials !== credentials) {
        const { createTwilioMessages } = await import('./twilio-client');
        current = { credentials, sender: new TwilioSmsSender(createTwilioMessages(env, secrets), env.sender) };
      }
      return current.sender.send(text);
    },
  };
}
