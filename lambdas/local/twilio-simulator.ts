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
 * - Test hook `POST /__simulator/faults` (same Basic auth), `{ "next": [...] }`: the next sends
 *   fail with `http-500`, `http-503` or `http-429`, or are answered too late (`timeout`: 12 s, the
 *   text still goes out, as when Twilio's answer is lost on the way).
 *
 * Logs carry message SIDs and error numbers only: never numbers or bodies.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OutboxMessage } from './outbox';

export interface TwilioSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** The account's credentials (the Twilio secret's `accountSid` and `authToken` in local mode). */
  accountSid: string;
  authToken: string;
  /** Numbers the account owns (E.164): the only From values Twilio accepts. */
  numbers: readonly string[];
  /** Messaging Services of the account (`MG…`). */
  messagingServiceSids: readonly string[];
  outbox: { add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): unknown };
  log: (line: string) => void;
}

export type TwilioFault = 'http-500' | 'http-503' | 'http-429' | 'timeout';
const FAULTS: readonly TwilioFault[] = ['http-500', 'http-503', 'http-429', 'timeout'];

/** A Message resource as Twilio answers it (the fields CareLoop and twilio's client read). */
export interface SimulatedMessage {
  sid: string;
  account_sid: string;
  messaging_service_sid: string | null;
  from: string | null;
  to: string;
  body: string;
  status: 'queued' | 'accepted';
  direction: 'outbound-api';
  num_segments: string;
  num_media: string;
  price: null;
  price_unit: 'USD';
  error_code: null;
  error_message: null;
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: null;
  uri: string;
  subresource_uris: { media: string };
}

export interface TwilioSimulator {
  url: string;
  /** Every text accepted, newest first. */
  messages(): SimulatedMessage[];
  stop(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const BODY_LIMIT = 1600;
const REQUEST_LIMIT = 64 * 1024;
const URL_PATTERN = /https?:\/\/[^\s]+/g;

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
  const stopping = new AbortController();
  const base = `/2010-04-01/Accounts/${options.accountSid}`;

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => send(response, answer.status, answer.body))
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

  async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
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
    if (method === 'POST' && rest === '/Messages.json') return { status: 201, body: await createMessage(request) };
    const sid = /^\/Messages\/(SM[0-9a-f]{32})\.json$/.exec(rest)?.[1];
    const message = sid ? messages.get(sid) : undefined;
    if (method === 'GET' && message) return { status: 200, body: message };
    throw problem(404, 20404, `The requested resource ${url.pathname} was not found`);
  }

  async function createMessage(request: IncomingMessage): Promise<SimulatedMessage> {
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

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const now = new Date().toUTCString().replace('GMT', '+0000');
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
    options.outbox.add({ channel: 'sms', to, subject: '', body, links: body.match(URL_PATTERN) ?? [] });
    options.log(`twilio simulator: message ${sid} ${message.status}`);
    return message;
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
    stop: async () => {
      stopping.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
