/**
 * The local outbox over HTTP (local mode only), served by the local gateway:
 *
 * - `GET /local/outbox`: JSON `{ messages }` (newest first) for programs and tests; a browser (an
 *   Accept header that prefers text/html) gets a page listing them, with a "Reply as the patient"
 *   box for each number that was texted, from each sender that texted it.
 * - `POST /local/outbox/reply` (`from`, `to`, `body`; form-encoded from the page, or JSON; `to`
 *   is the practice's number that texted the patient, the account's first when absent): the text goes
 *   to the Twilio simulator, which posts it to the inbound webhook signed as Twilio signs it and
 *   sends a TwiML `<Message>` reply back to the patient (into the outbox). The page's form is sent
 *   back to the page (303); JSON gets `{ sid, status, twiml, reply, errorCode }`.
 *
 * Message bodies are patient texts: everything shown is HTML-escaped, and the page allows no
 * scripts (Content-Security-Policy). Nothing here is logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OutboxMessage } from './outbox';
import { InvalidInboundText, type InboundResult, type InboundText } from '../vendors/twilio/twilio-simulator';

export interface OutboxRoutesOptions {
  outbox: { list(): OutboxMessage[] };
  /** The Twilio simulator's inbound texts; without it there are no reply boxes and replies answer 503. */
  receiveInbound?: (text: InboundText) => Promise<InboundResult>;
}

export const OUTBOX_PATH = '/local/outbox';
export const REPLY_PATH = '/local/outbox/reply';
const REQUEST_LIMIT = 64 * 1024;
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** Answers the outbox routes; false when the request is not one of them. */
export async function handleOutboxRoutes(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: OutboxRoutesOptions,
): Promise<boolean> {
  if (req.method === 'GET' && url.pathname === OUTBOX_PATH) {
    const messages = options.outbox.list();
    if (!prefersHtml(req.headers.accept)) {
      // Programs read the list; of browser pages, only the web app's may (the gateway's CORS decides).
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ messages }));
      return true;
    }
    res.writeHead(200, PAGE_HEADERS);
    res.end(renderOutboxPage(messages, { replies: Boolean(options.receiveInbound), notice: noticeOf(url) }));
    return true;
  }
  if (req.method === 'POST' && url.pathname === REPLY_PATH) {
    await reply(req, res, options);
    return true;
  }
  return false;
}

async function reply(req: IncomingMessage, res: ServerResponse, options: OutboxRoutesOptions) {
  // A page on another origin must not make "the patient" text the local API.
  if (!sameOrigin(req)) {
    return json(res, 403, { error: 'Replies come from the outbox page only.', code: 'reply.cross_origin' });
  }
  const receiveInbound = options.receiveInbound;
  if (!receiveInbound) {
    return json(res, 503, { error: 'This gateway has no Twilio simulator.', code: 'reply.unavailable' });
  }
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const fromForm = mediaType === 'application/x-www-form-urlencoded';
  if (!fromForm && mediaType !== 'application/json') {
    return json(res, 415, { error: 'Send a form or JSON body.', code: 'reply.unsupported_media_type' });
  }
  const raw = await readBody(req);
  if (raw === null) return json(res, 413, { error: 'The request is too large.', code: 'reply.too_large' });
  const fields = fromForm ? Object.fromEntries(new URLSearchParams(raw)) : parseJson(raw);
  if (!fields) return json(res, 400, { error: 'The body is not a JSON object.', code: 'reply.invalid_json' });
  let result: InboundResult;
  try {
    const to = stringField(fields.to);
    result = await receiveInbound({
      from: stringField(fields.from),
      ...(to ? { to } : {}),
      body: stringField(fields.body),
    });
  } catch (error) {
    if (!(error instanceof InvalidInboundText)) throw error;
    return json(res, error.code === 'reply.no_inbound_url' ? 503 : 400, { error: error.message, code: error.code });
  }
  if (!fromForm) return json(res, 200, result);
  res.writeHead(303, { Location: `${OUTBOX_PATH}?${noticeQuery(result)}` });
  res.end();
}

/** Browsers send Origin on cross-site form posts; programs (curl, Node's fetch) send none. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // `null` (sandboxed or privacy-sensitive contexts) and garbage
  }
}

const stringField = (value: unknown) => (typeof value === 'string' ? value : '');

function parseJson(raw: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > REQUEST_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Whether the Accept header ranks text/html above JSON (a browser's navigation does; `fetch`'s
 * default `*\/*` and an absent header do not, so programs keep getting JSON).
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    return { range, quality: Number.isFinite(quality) ? quality : 0 };
  });
  /** The quality of the most specific range that matches (exact, then type/*, then *\/*). */
  const qualityOf = (type: string) => {
    const match =
      ranges.find((r) => r.range === type) ??
      ranges.find((r) => r.range === `${type.split('/')[0]}/*`) ??
      ranges.find((r) => r.range === '*/*');
    return match?.quality ?? 0;
  };
  const html = qualityOf('text/html');
  return html > 0 && html > qualityOf('application/json');
}

/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The reply's outcome, carried to the page in the redirect (numbers only). */
function noticeQuery(result: InboundResult): string {
  const query = new URLSearchParams({ reply: result.reply === null ? 'none' : 'sent' });
  if (result.status !== null) query.set('status', String(result.status));
  if (result.errorCode !== null) query.set('error', String(result.errorCode));
  return query.toString();
}

function noticeOf(url: URL): string | null {
  const outcome = url.searchParams.get('reply');
  if (outcome !== 'sent' && outcome !== 'none') return null;
  const status = /^\d{3}$/.exec(url.searchParams.get('status') ?? '')?.[0];
  const error = /^\d{5}$/.exec(url.searchParams.get('error') ?? '')?.[0];
  if (!status)
    return `The inbound webhook could not be reached (Twilio error ${error ?? '11200'}); nothing was sent back.`;
  const answered = `The inbound webhook answered HTTP ${status}`;
  if (error) return `${answered}: Twilio would log error ${error} and send nothing back.`;
  return outcome === 'sent' ? `${answered} with a reply; it is the newest text below.` : `${answered} without a reply.`;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fff; }
  header, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin: 1.5rem 0 0.25rem; }
  h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
  h3 { font-size: 1.05rem; margin: 0 0 0.25rem; overflow-wrap: anywhere; }
  ol, ul.numbers { list-style: none; padding: 0; margin: 0; }
  article { border: 1px solid #8a8a8a; border-radius: 6px; padding: 0.75rem 1rem; margin: 0 0 0.75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.75rem; margin: 0 0 0.5rem; color: #333; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 0.5rem; margin: 0 0 0.5rem; }
  a { color: #0645ad; overflow-wrap: anywhere; }
  form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0 0 0.75rem; }
  label { flex-basis: 100%; font-weight: 600; }
  input[type=text] { flex: 1 1 20rem; font: inherit; padding: 0.35rem 0.5rem; border: 1px solid #595959; border-radius: 4px; }
  button { font: inherit; padding: 0.35rem 1rem; border: 0; border-radius: 4px; background: #1d4f91; color: #fff; cursor: pointer; }
  :focus-visible { outline: 3px solid #1d4f91; outline-offset: 2px; }
  .notice { border-left: 4px solid #1d4f91; padding: 0.5rem 0.75rem; background: #eef3fa; }
`;

/** A patient's number and the practice sender that texted it: a reply goes back to that sender. */
interface Conversation {
  number: string;
  sender: string | null;
}

/** The outbox as a page: newest first, with a reply box for each number texted, per sender that texted it. */
export function renderOutboxPage(
  messages: readonly OutboxMessage[],
  options: { replies: boolean; notice: string | null },
): string {
  const conversations = new Map<string, Conversation>();
  for (const m of messages) {
    if (m.channel !== 'sms') continue;
    const sender = m.from ?? null;
    conversations.set(`${m.to} ${sender ?? ''}`, { number: m.to, sender });
  }
  const numbers = [...conversations.values()];
  const replySection = options.replies && numbers.length > 0 ? renderReplies(numbers) : '';
  const list = messages.length
    ? `<ol>${messages.map((m, i) => `<li>${renderMessage(m, i)}</li>`).join('')}</ol>`
    : '<p>No messages yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox – CareLoop</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Local outbox</h1>
<p>E-mails and texts the local simulators sent, newest first. Local mode only.</p>
</header>
<main>
${options.notice ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>` : ''}
${replySection}
<section aria-labelledby="messages-title">
<h2 id="messages-title">Messages (${messages.length})</h2>
${list}
</section>
</main>
</body>
</html>
`;
}

function renderReplies(conversations: readonly Conversation[]): string {
  const forms = conversations.map(
    ({ number, sender }, i) => `<li><form method="post" action="${REPLY_PATH}">
<input type="hidden" name="from" value="${escapeHtml(number)}">
${sender ? `<input type="hidden" name="to" value="${escapeHtml(sender)}">` : ''}
<label for="reply-${i}">Reply as the patient at ${escapeHtml(number)}${sender ? ` to ${escapeHtml(sender)}` : ''}</label>
<input type="text" id="reply-${i}" name="body" required maxlength="1600" autocomplete="off">
<button type="submit">Send</button>
</form></li>`,
  );
  return `<section aria-labelledby="reply-title">
<h2 id="reply-title">Reply as the patient</h2>
<p>The text goes to CareLoop's inbound webhook as Twilio sends it (signed); a reply comes back into this outbox.</p>
<ul class="numbers">${forms.join('')}</ul>
</section>`;
}

function renderMessage(message: OutboxMessage, index: number): string {
  const title = message.channel === 'sms' ? `Text to ${message.to}` : `E-mail to ${message.to}`;
  const links = message.links.length ? `<ul aria-label="Links">${message.links.map(renderLink).join('')}</ul>` : '';
  return `<article aria-labelledby="message-${index}">
<h3 id="message-${index}">${escapeHtml(title)}</h3>
<dl>
<dt>Channel</dt><dd>${message.channel === 'sms' ? 'SMS' : 'E-mail'}</dd>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
${message.from ? `<dt>From</dt><dd>${escapeHtml(message.from)}</dd>` : ''}
${message.subject ? `<dt>Subject</dt><dd>${escapeHtml(message.subject)}</dd>` : ''}
<dt>Sent</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(readableTime(message.createdAt))}</time></dd>
</dl>
<p class="body">${escapeHtml(message.body)}</p>
${links}
</article>`;
}

/** A link as an anchor when it is http(s); anything else (mailto:, javascript:…) stays text. */
function renderLink(link: string): string {
  let safe = false;
  try {
    safe = ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    safe = false;
  }
  return safe ? `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>` : `<li>${escapeHtml(link)}</li>`;
}

function readableTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
