/**
 * The local stand-in for Twilio's Messages API, used by local mode and tests: the real
 * `TwilioSmsSender` (twilio's own client) talks to it through TWILIO_BASE_URL (ARCHITECTURE
 * "Triggers", "Fidelity").
 *
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded, as Twilio takes it) and
 *   `GET …/Messages/{Sid}.json`; every request needs HTTP Basic auth with the account SID and auth
 *   token (401, error 20003, otherwise), and the path's account must be that account (404, 20404).
 * - A create is checked the way Twilio checks it, with Twilio's error numbers and its error body
 *   `{ code, message, more_info, status }`: To required (21604) and E.164 (21211); From or
 *   MessagingServiceSid required (21603); a From the account does not own (21606) or that is not a
 *   number (21212); an unknown Messaging Service (21701); Body (or media) required (21602); Body at
 *   most 1600 characters (21617).
 * - An accepted text lands in the local outbox and is answered with a Message resource: `queued`
 *   from a number, `accepted` through a Messaging Service (Twilio picks the number later).
 * - A create with `StatusCallback` (an absolute http(s) URL, else 21609) gets Twilio's status
 *   callbacks after the answer: `sent`, then `delivered`, each POSTed form-encoded and signed with
 *   `X-Twilio-Signature` exactly as Twilio signs (twilio's own `getExpectedTwilioSignature`). As on
 *   Twilio they are not retried; a failed one is logged and dropped. `messages()` follows the status.
 * - The account owns a pool of numbers (one per organization, the first also the Messaging
 *   Service's): a send From a number outside it is refused (21606), as Twilio refuses it.
 * - Inbound texts (`receiveInbound`, the outbox page's "Reply as the patient"): Twilio's inbound
 *   params, signed, POSTed to the number's inbound URL, `To` the account's number the patient
 *   replies to (one it does not own is refused); a TwiML `<Message>` in the answer is sent back to
 *   the patient from that number (it lands in the outbox), as Twilio does with a TwiML reply.
 * - Test hook `POST /__simulator/faults` (same Basic auth), `{ "next": [...] }`: the next sends
 *   fail with `http-500`, `http-503` or `http-429`, or are answered too late (`timeout`: 12 s, the
 *   text still goes out, as when Twilio's answer is lost on the way), or are accepted but never reach
 *   the handset (`undelivered`: callbacks `sent` then `undelivered` with ErrorCode 30003, and the
 *   text is not in the outbox, which stands for the patients' phones).
 *
 * Logs carry message SIDs, HTTP statuses and error numbers only: never numbers or bodies.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import type { SimulatedOutbox } from '../simulated-outbox';

export interface TwilioSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** The account's credentials (the Twilio secret's `accountSid` and `authToken` in local mode). */
  accountSid: string;
  authToken: string;
  /** Numbers the account owns (E.164): the only From values Twilio accepts; the first is the Messaging Service's. */
  numbers: readonly string[];
  /** Messaging Services of the account (`MG…`). */
  messagingServiceSids: readonly string[];
  outbox: SimulatedOutbox;
  /**
   * Where texts to the account's number are POSTed (the number's or Messaging Service's inbound
   * request URL in Twilio's console): `${TWILIO_WEBHOOK_BASE_URL}/inbound` in local mode. Without
   * it `receiveInbound` refuses.
   */
  inboundUrl?: string;
  /** Wait before each status callback (Twilio takes a moment to hand a text on); default 300 ms, 0 in tests. */
  callbackDelayMs?: number;
  log: (line: string) => void;
}

export type TwilioFault = 'http-500' | 'http-503' | 'http-429' | 'timeout' | 'undelivered';
const FAULTS: readonly TwilioFault[] = ['http-500', 'http-503', 'http-429', 'timeout', 'undelivered'];

/** The statuses a text goes through here (Twilio's names). */
export type SimulatedMessageStatus = 'queued' | 'accepted' | 'sent' | 'delivered' | 'undelivered';

/** A Message resource as Twilio answers it (the fields CareLoop and twilio's client read). */
export interface SimulatedMessage {
  sid: string;
  account_sid: string;
  messaging_service_sid: string | null;
  from: string | null;
  to: string;
  body: string;
  status: SimulatedMessageStatus;
  direction: 'outbound-api';
  num_segments: string;
  num_media: string;
  price: null;
  price_unit: 'USD';
  error_code: number | null;
  error_message: string | null;
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  uri: string;
  subresource_uris: { media: string };
}

/** A text "from the patient" to the account's number (the outbox page's reply box). */
export interface InboundText {
  /** The patient's number (E.164): the number CareLoop texted. */
  from: string;
  /** The account's number the patient replies to (the sender that texted them); the first number when absent. */
  to?: string;
  body: string;
}

/** What became of an inbound text: the webhook's answer and the TwiML reply sent back, if any. */
export interface InboundResult {
  /** The inbound message's SID (`SM…`). */
  sid: string;
  /** The webhook's HTTP status; null when it could not be reached. */
  status: number | null;
  /** The webhook's answer body (TwiML), as received. */
  twiml: string;
  /** The first `<Message>` of the TwiML, sent back to the patient (in the outbox); null when none. */
  reply: string | null;
  /**
   * Twilio's debugger error for a webhook it could not use: 11200 (unreachable or not 2xx), 12300
   * (not an XML content type), 12100 (not a TwiML document); null when the answer was usable.
   */
  errorCode: 11200 | 12100 | 12300 | null;
}

/** An inbound text refused before it reaches the webhook (the reply box's input). */
export class InvalidInboundText extends Error {
  constructor(
    readonly code:
      | 'reply.invalid_from'
      | 'reply.invalid_to'
      | 'reply.body_required'
      | 'reply.body_too_long'
      | 'reply.no_inbound_url',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidInboundText';
  }
}

export interface TwilioSimulator {
  url: string;
  /** Every text accepted, newest first. */
  messages(): SimulatedMessage[];
  /** Sends a text from `from` to the account's number through the inbound webhook (see module comment). */
  receiveInbound(text: InboundText): Promise<InboundResult>;
  /** Resolves once every status callback scheduled so far has been posted (or given up). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const BODY_LIMIT = 1600;
const REQUEST_LIMIT = 64 * 1024;
const URL_PATTERN = /https?:\/\/[^\s]+/g;
/** How long Twilio waits for a webhook's answer (its default for messaging webhooks). */
const WEBHOOK_TIMEOUT_MS = 15_000;
const DEFAULT_CALLBACK_DELAY_MS = 300;
/** What Twilio's API says about an `undelivered` text with error 30003. */
const UNREACHABLE = { code: 30003, message: 'Unreachable destination handset' } as const;

class TwilioProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const problem = (status: number, code: number, message: string) => new TwilioProblem(status, code, message);

/** Twilio's error body. */
const errorBody = (p: TwilioProblem) => ({
  code: p.code,
  message: p.message,
  more_info: `https://www.twilio.com/docs/errors/${p.code}`,
  status: p.status,
});

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const newSid = () => `SM${randomBytes(16).toString('hex')}`;
/** Twilio's RFC 2822 dates (`Tue, 14 Jan 2025 10:00:00 +0000`). */
const twilioDate = () => new Date().toUTCString().replace('GMT', '+0000');

/** Twilio takes only absolute http(s) URLs for callbacks (error 21609 otherwise). */
function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Segments as Twilio counts them: 160 GSM-7 characters (153 when split), 70 UCS-2 (67 when split). */
function segmentsOf(body: string): number {
  const gsm = /^[\x20-\x7e\n\r]*$/.test(body);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  const length = [...body].length;
  return length <= single ? 1 : Math.ceil(length / part);
}

export async function startTwilioSimulator(options: TwilioSimulatorOptions): Promise<TwilioSimulator> {
  const messages = new Map<string, SimulatedMessage>();
  const faults: TwilioFault[] = [];
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  const base = `/2010-04-01/Accounts/${options.accountSid}`;
  const callbackDelayMs = options.callbackDelayMs ?? DEFAULT_CALLBACK_DELAY_MS;

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => {
        send(response, answer.status, answer.body);
        answer.afterwards?.();
      })
      .catch((error: unknown) => {
        if (error instanceof TwilioProblem) return send(response, error.status, errorBody(error));
        options.log(`twilio simulator: ${request.method ?? ''} failed: ${(error as Error).name}`);
        send(response, 500, errorBody(problem(500, 20500, 'Internal Server Error')));
      });
  });

  function authenticate(request: IncomingMessage): void {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    const user = separator < 0 ? '' : decoded.slice(0, separator);
    const password = separator < 0 ? '' : decoded.slice(separator + 1);
    if (!sameText(user, options.accountSid) || !sameText(password, options.authToken)) {
      throw problem(401, 20003, 'Authenticate');
    }
  }

  /** An answer, and what happens once it is sent (a create's status callbacks). */
  interface Answer {
    status: number;
    body: unknown;
    afterwards?: () => void;
  }

  async function handle(request: IncomingMessage): Promise<Answer> {
    authenticate(request);
    const url = new URL(request.url ?? '/', 'http://simulator');
    const method = request.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/__simulator/faults') {
      let next: unknown;
      try {
        next = (JSON.parse(await readBody(request)) as { next?: unknown }).next;
      } catch {
        next = undefined;
      }
      const list = Array.isArray(next) ? next : [];
      if (list.length === 0 || !list.every((f): f is TwilioFault => FAULTS.includes(f as TwilioFault))) {
        throw problem(400, 20001, `faults are ${FAULTS.join(', ')}`);
      }
      faults.push(...list);
      return { status: 200, body: { queued: faults.length } };
    }
    if (!url.pathname.startsWith(`${base}/`)) {
      throw problem(404, 20404, `The requested resource ${url.pathname} was not found`);
    }
    const rest = url.pathname.slice(base.length);
    if (method === 'POST' && rest === '/Messages.json') {
      const created = await createMessage(request);
      return { status: 201, body: created.message, afterwards: created.afterwards };
    }
    const sid = /^\/Messages\/(SM[0-9a-f]{32})\.json$/.exec(rest)?.[1];
    const message = sid ? messages.get(sid) : undefined;
    if (method === 'GET' && message) return { status: 200, body: message };
    throw problem(404, 20404, `The requested resource ${url.pathname} was not found`);
  }

  async function createMessage(
    request: IncomingMessage,
  ): Promise<{ message: SimulatedMessage; afterwards?: () => void }> {
    const form = new URLSearchParams(await readBody(request));
    const fault = faults.shift();
    if (fault === 'timeout') await sleep(12_000, undefined, { signal: stopping.signal }).catch(() => undefined);
    if (fault === 'http-429') throw problem(429, 20429, 'Too Many Requests');
    if (fault === 'http-500') throw problem(500, 20500, 'Internal Server Error');
    if (fault === 'http-503') throw problem(503, 20503, 'Service Unavailable');

    const to = form.get('To') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    const statusCallback = form.get('StatusCallback') || null;
    const hasMedia = form.has('MediaUrl') || form.has('ContentSid');
    if (!to) throw problem(400, 21604, "A 'To' phone number is required.");
    if (!E164.test(to)) throw problem(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !service) throw problem(400, 21603, "A 'From' phone number is required.");
    if (service && !options.messagingServiceSids.includes(service)) {
      throw problem(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
    }
    if (from && !E164.test(from)) throw problem(400, 21212, `The 'From' number ${from} is not a valid phone number.`);
    if (from && !options.numbers.includes(from)) {
      throw problem(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!body && !hasMedia) throw problem(400, 21602, 'Message body is required.');
    if ([...body].length > BODY_LIMIT) {
      throw problem(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    if (statusCallback && !isWebhookUrl(statusCallback)) throw problem(400, 21609, 'Invalid StatusCallback');

    const sid = newSid();
    const now = twilioDate();
    const message: SimulatedMessage = {
      sid,
      account_sid: options.accountSid,
      messaging_service_sid: service,
      from: from ?? null,
      to,
      body,
      // Through a Messaging Service Twilio accepts first and picks the sender afterwards.
      status: from ? 'queued' : 'accepted',
      direction: 'outbound-api',
      num_segments: String(segmentsOf(body)),
      num_media: '0',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `${base}/Messages/${sid}.json`,
      subresource_uris: { media: `${base}/Messages/${sid}/Media.json` },
    };
    messages.set(sid, message);
    const ending = fault === 'undelivered' ? 'undelivered' : 'delivered';
    // The outbox stands for the patients' phones: an undelivered text never reaches one.
    if (ending === 'delivered') {
      options.outbox.add({
        channel: 'sms',
        to,
        // Through the Messaging Service Twilio sends from the service's number.
        from: from ?? options.numbers[0] ?? '',
        subject: '',
        body,
        links: body.match(URL_PATTERN) ?? [],
      });
    }
    options.log(`twilio simulator: message ${sid} ${message.status}`);
    const callbackUrl = statusCallback;
    return { message, afterwards: callbackUrl ? () => reportStatuses(sid, callbackUrl, ending) : undefined };
  }

  /** After the create's answer: `sent`, then `delivered` or `undelivered`, each a status callback. */
  function reportStatuses(sid: string, callbackUrl: string, ending: 'delivered' | 'undelivered') {
    const reported: Promise<void> = (async () => {
      for (const status of ['sent', ending] as const) {
        await sleep(callbackDelayMs, undefined, { signal: stopping.signal });
        const message = messages.get(sid);
        if (!message) return;
        advance(message, status);
        await postStatusCallback(message, callbackUrl);
      }
    })()
      .catch(() => undefined) // only a stop ends it early
      .finally(() => pending.delete(reported));
    pending.add(reported);
  }

  /** The Message resource follows its text: sent (from the number a Messaging Service picked), then the ending. */
  function advance(message: SimulatedMessage, status: SimulatedMessageStatus) {
    const now = twilioDate();
    message.status = status;
    message.date_updated = now;
    message.from ??= options.numbers[0] ?? null;
    if (status === 'sent') message.date_sent = now;
    if (status === 'undelivered') {
      message.error_code = UNREACHABLE.code;
      message.error_message = UNREACHABLE.message;
    }
  }

  /** One status callback, as Twilio posts it; not retried (Twilio's default), a failure is only logged. */
  async function postStatusCallback(message: SimulatedMessage, callbackUrl: string) {
    const params: Record<string, string> = {
      MessageSid: message.sid,
      SmsSid: message.sid,
      AccountSid: message.account_sid,
      From: message.from ?? '',
      To: message.to,
      MessageStatus: message.status,
      SmsStatus: message.status,
      ApiVersion: '2010-04-01',
      ...(message.messaging_service_sid ? { MessagingServiceSid: message.messaging_service_sid } : {}),
      ...(message.error_code !== null ? { ErrorCode: String(message.error_code) } : {}),
    };
    try {
      const answer = await postSigned(callbackUrl, params);
      const outcome = answer.status >= 200 && answer.status < 300 ? 'posted' : `failed: HTTP ${answer.status}`;
      options.log(`twilio simulator: status callback ${message.status} of ${message.sid} ${outcome}`);
    } catch (error) {
      if (stopping.signal.aborted) return;
      options.log(
        `twilio simulator: status callback ${message.status} of ${message.sid} failed: ${(error as Error).name}`,
      );
    }
  }

  /**
   * A webhook request as Twilio makes it: the params form-encoded, `X-Twilio-Signature` over the
   * URL and the sorted params (twilio's own function), Twilio's user agent and idempotency token.
   */
  async function postSigned(url: string, params: Record<string, string>) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': getExpectedTwilioSignature(options.authToken, url, params),
        'I-Twilio-Idempotency-Token': randomUUID(),
        'User-Agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }

  /**
   * A text from the patient to the account's number: Twilio's inbound params, signed, POSTed to the
   * inbound URL; each `<Message>` of the TwiML answer goes back to the patient (into the outbox).
   */
  async function receiveInbound(text: InboundText): Promise<InboundResult> {
    checkInbound(text);
    const inboundUrl = options.inboundUrl;
    if (!inboundUrl) throw new InvalidInboundText('reply.no_inbound_url', 'This Twilio simulator has no inbound URL.');
    const sid = newSid();
    const to = text.to ?? options.numbers[0] ?? '';
    // Only the service's number is in the Messaging Service; Twilio names the service for it alone.
    const service = to === options.numbers[0] ? options.messagingServiceSids[0] : undefined;
    const params: Record<string, string> = {
      MessageSid: sid,
      SmsMessageSid: sid,
      SmsSid: sid,
      AccountSid: options.accountSid,
      ...(service ? { MessagingServiceSid: service } : {}),
      From: text.from,
      To: to,
      Body: text.body,
      NumMedia: '0',
      NumSegments: String(segmentsOf(text.body)),
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    };
    let answer: Awaited<ReturnType<typeof postSigned>>;
    try {
      answer = await postSigned(inboundUrl, params);
    } catch (error) {
      options.log(`twilio simulator: inbound ${sid} not delivered: ${(error as Error).name} (error 11200)`);
      return { sid, status: null, twiml: '', reply: null, errorCode: 11200 };
    }
    const { replies, errorCode } = readTwiml(answer);
    for (const reply of replies) {
      options.outbox.add({
        channel: 'sms',
        to: text.from,
        from: to,
        subject: '',
        body: reply,
        links: reply.match(URL_PATTERN) ?? [],
      });
    }
    const problemNote = errorCode ? ` (error ${errorCode})` : '';
    options.log(
      `twilio simulator: inbound ${sid} answered HTTP ${answer.status}${problemNote}, ${replies.length} reply(s)`,
    );
    return { sid, status: answer.status, twiml: answer.text, reply: replies[0] ?? null, errorCode };
  }

  function checkInbound(text: InboundText) {
    if (typeof text.from !== 'string' || !E164.test(text.from)) {
      throw new InvalidInboundText(
        'reply.invalid_from',
        "'from' must be a phone number in E.164 form, like +18135550190.",
      );
    }
    if (text.to !== undefined && !options.numbers.includes(text.to)) {
      throw new InvalidInboundText('reply.invalid_to', "'to' must be one of this Twilio account's numbers.");
    }
    if (typeof text.body !== 'string' || text.body.trim() === '') {
      throw new InvalidInboundText('reply.body_required', "'body' is required.");
    }
    if ([...text.body].length > BODY_LIMIT) {
      throw new InvalidInboundText('reply.body_too_long', `'body' can be at most ${BODY_LIMIT} characters.`);
    }
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > REQUEST_LIMIT) throw problem(413, 20001, 'Request entity too large');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  options.log(`twilio simulator: listening on http://127.0.0.1:${port}`);

  return {
    url: `http://127.0.0.1:${port}`,
    messages: () => [...messages.values()].reverse().map((m) => structuredClone(m)),
    receiveInbound,
    idle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stop: async () => {
      stopping.abort();
      await Promise.all([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What Twilio does with a webhook's answer to an inbound text: not 2xx is error 11200; an empty body
 * sends nothing; otherwise the answer must be XML (12300) with a `<Response>` root (12100), and each
 * `<Message>` (its text, or its `<Body>`) is sent back.
 */
export function readTwiml(answer: { status: number; contentType: string; text: string }): {
  replies: string[];
  errorCode: InboundResult['errorCode'];
} {
  if (answer.status < 200 || answer.status > 299) return { replies: [], errorCode: 11200 };
  if (answer.text.trim() === '') return { replies: [], errorCode: null };
  const mediaType = answer.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== 'text/xml' && mediaType !== 'application/xml') return { replies: [], errorCode: 12300 };
  const document = answer.text
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (!/^<Response(\s[^>]*)?(\/>|>[\s\S]*<\/Response>)$/.test(document)) return { replies: [], errorCode: 12100 };
  const replies = [...document.matchAll(/<Message(?:\s[^>]*?)?(?<!\/)>([\s\S]*?)<\/Message>/g)]
    .map((match) => {
      const inner = match[1] ?? '';
      const body =
        /<Body(?:\s[^>]*?)?(?<!\/)>([\s\S]*?)<\/Body>/.exec(inner)?.[1] ??
        inner.replace(/<Media(?:\s[^>]*?)?(?:\/>|>[\s\S]*?<\/Media>)/g, '');
      return decodeXml(body).trim();
    })
    .filter((reply) => reply !== '');
  return { replies, errorCode: null };
}

/** XML's five named entities, numeric references and CDATA sections. */
function decodeXml(text: string): string {
  return text.replace(
    /<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi,
    (_all, cdata, entity) => {
      if (typeof cdata === 'string') return cdata;
      const name = String(entity).toLowerCase();
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name] ?? '';
    },
  );
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
