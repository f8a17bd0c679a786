/**
 * The local stand-in for Vapi's REST API, used by local mode and tests: the real `VapiVoiceAgent`
 * talks to it through VAPI_BASE_URL (ARCHITECTURE "Triggers", "Fidelity").
 *
 * - `POST /call` (the server SDK's create route), `POST /call/web` (web calls, created by the server),
 *   `GET /call/{id}`, `GET /call`; every request needs the bearer API key (401 otherwise).
 * - A create body is checked against `CreateCallDTO` (`CreateWebCallDTO` for a web call) of the
 *   vendored contract (`shared/vendor/vapi-openapi.json`) the way Vapi's API checks it: unknown
 *   properties are refused ("property x should not exist"), types, enums and lengths are enforced,
 *   and the answer is Vapi's `{ message: [...], error: 'Bad Request', statusCode: 400 }`.
 * - A create without HIPAA mode (`compliancePlan.hipaaEnabled`) or without its `serverMessages` is
 *   refused (complianceProblemOf), phone and web calls alike, as a HIPAA-only Vapi organization would.
 * - An accepted call is answered with a `Call` (status `queued`) and then played: status updates
 *   `ringing` → `in-progress` → `ended`, then an end-of-call report, each POSTed (only the types the
 *   call lists in `serverMessages`) to the call's server URL (`assistantOverrides.server.url`, else
 *   `webhookUrl`) and signed as Vapi signs them. The conversation goes through the care plan found
 *   in the system prompt.
 * - The last digit of the customer's number chooses the ending: 0 no answer, 1 busy, 2 a pipeline
 *   failure, 3 Emergent, 4 Urgent, 5 Elective, 6–9 Normal. An Emergent call that carries a
 *   transferCall tool plays the warm transfer: the digit before the last, 9 nobody answers, 8 the
 *   transfer fails, anything else the clinician answers (artifact `transfers`, as Vapi reports it).
 *   An enrollment call ends the same way by 0–2, and an answered one answers by the digit: 4
 *   declined, 5 unclear, any other interested (enrollment-call-script.ts).
 * - A web call is answered with its `webCallUrl` (a room on this server) and waits there: a browser
 *   joins it with `POST {webCallUrl}` (the URL is the only credential, as a Daily room's is) and gets
 *   the conversation's turns to play, while the call is played as a phone call from `in-progress` on
 *   (no ringing), with the same signed messages. A room is joined once; one never joined stays queued.
 * - Concurrency (docs.vapi.ai/calls/call-concurrency): the account has `concurrencyLimit` slots
 *   (VAPI_CONCURRENCY through readCallLines, as the deployment's budget; default 10), shared by phone
 *   and web calls; a call holds one from its create until it has ended. Every create is answered
 *   with `subscriptionLimits`; a create with every slot busy is answered as Vapi answers it, 201
 *   with a call that never starts: `subscriptionLimits.concurrencyBlocked: true`, status `ended`,
 *   endedReason `call.start.error-subscription-concurrency-limit-reached`. Nothing is posted after
 *   it: the call never rang, and Vapi documents no message for it ("New calls receive a
 *   concurrencyBlocked: true response and do not connect"); `GET /call/{id}` answers it ended.
 *   A web call nobody joins ends after WEB_ROOM_MS (`customer-did-not-answer`, nothing posted), so
 *   an abandoned room does not hold a slot for ever.
 * - `GET /call/{id}` keeps answering the ended call with its analysis and artifact, so a report lost
 *   on the way (`dropWebhooks`) can be reconciled.
 *
 * Logs carry call ids and statuses only: never numbers, names, prompts or transcripts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Vapi } from '@vapi-ai/server-sdk';
import { readCallLines, type VapiWebhookAuth } from '../../../kernel/env';
import { CONCURRENCY_LIMIT_REACHED } from '../vapi-voice-agent';
import {
  ENDED_REASONS,
  artifactFor,
  scriptFor,
  simulatedTransferOf,
  simulatedEndingOf,
  simulatedTimeline,
  simulatedWebTimeline,
  stopScriptFor,
  WEB_CALL_TURN_MS,
  type Script,
  type SimulatorSpeed,
  type Turn,
} from './call-script';
import { createRefusals, vapiContractErrors, validatorFor, type CreateRequest } from './contract-validator';
import { inCallLanguage } from './spanish-script';
import { enrollmentScriptFor, isEnrollmentCall } from './enrollment-call-script';

export interface VoiceSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** The bearer key every request must carry (the `apiKey` of the Vapi secret in local mode). */
  apiKey: string;
  /** Where messages go when a call names no server URL (Vapi's organization-level server URL). */
  webhookUrl: string;
  /** Read before every delivery, so a rotated secret is picked up. */
  getWebhookSecret: () => Promise<string>;
  /** `hmac`: `x-timestamp` + `x-signature` (Vapi's HMAC plan defaults); `bearer`: `Authorization`. */
  auth: VapiWebhookAuth;
  /** `realtime`: 10–20 s per call, for people watching; `instant`: a few hundred ms, for tests. */
  speed: SimulatorSpeed;
  log: (line: string) => void;
  /** Messages that are "lost" on the way (never posted); the call still ends normally in GET /call/{id}. */
  dropWebhooks?: 'none' | 'end-of-call-report' | 'all';
  /** The account's concurrent-call slots; default readCallLines() (VAPI_CONCURRENCY, else 10). */
  concurrencyLimit?: number;
}

/** How long a web call's room waits for a browser before the call ends unanswered. */
export const WEB_ROOM_MS = { instant: 30_000, realtime: 5 * 60_000 } as const;

/** A created call as POST /call and POST /call/web answer it: the call and the account's limits. */
export type CreatedCall = Vapi.Call & { subscriptionLimits: Vapi.SubscriptionLimits; webCallUrl?: string };

/**
 * A fault for the next call created (test hook `POST /__simulator/faults`, same API key): Vapi
 * refusing (`http-400`), failing (`http-500`), not answering in time (`timeout`), or the call's
 * webhooks lost on the way (`drop-report`, `drop-all`); or the person asking not to be called again
 * (`stop-calls`: the assistant says the call's end-call phrase and Vapi hangs up).
 */
export type SimulatorFault = 'http-400' | 'http-500' | 'timeout' | 'drop-report' | 'drop-all' | 'stop-calls';
const FAULTS: readonly SimulatorFault[] = ['http-400', 'http-500', 'timeout', 'drop-report', 'drop-all', 'stop-calls'];

export interface VoiceSimulator {
  url: string;
  /** Every call placed, newest first, as GET /call/{id} answers it. */
  calls(): Vapi.Call[];
  /** Resolves once every call placed so far has been played to its end (and its messages delivered). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The server

const ORG_ID = '00000000-0000-4000-8000-00000000ca11';
const BODY_LIMIT = 5 * 1024 * 1024;

class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}
const problem = (statusCode: number, error: string, message: string | string[]) =>
  new HttpProblem(statusCode, { message, error, statusCode });

export async function startVoiceSimulator(options: VoiceSimulatorOptions): Promise<VoiceSimulator> {
  const calls = new Map<string, Vapi.Call>();
  /** Web calls not joined yet: call id → what to play once a browser joins. */
  const rooms = new Map<string, { script: Script; serverUrl: string }>();
  const playing = new Set<Promise<void>>();
  const stopping = new AbortController();
  const drop = options.dropWebhooks ?? 'none';
  const faults: SimulatorFault[] = [];
  /** Calls whose messages are lost by a fault: call id → what is dropped. */
  const droppedFor = new Map<string, 'end-of-call-report' | 'all'>();
  const concurrencyLimit = options.concurrencyLimit ?? readCallLines();
  /** Calls holding a slot: created and not ended (a blocked create is stored ended). */
  const inProgress = () => [...calls.values()].filter((call) => call.status !== 'ended').length;
  const roomTimers = new Set<NodeJS.Timeout>();
  // Compiled before the first request: a cold compile takes seconds, as long as a client's timeout.
  validatorFor('CreateCallDTO');
  validatorFor('CreateWebCallDTO');
  let baseUrl = '';

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => send(response, answer.statusCode, answer.body))
      .catch((error: unknown) => {
        if (error instanceof HttpProblem) return send(response, error.statusCode, error.body);
        options.log(`voice simulator: ${request.method ?? ''} failed: ${(error as Error).name}`);
        send(response, 500, { message: 'Internal server error', statusCode: 500 });
      });
  });

  async function handle(request: IncomingMessage): Promise<{ statusCode: number; body: unknown }> {
    const room = /^\/web-call\/([^/]+)$/.exec(new URL(request.url ?? '/', 'http://simulator').pathname)?.[1];
    // A browser joins a web call by its room URL alone: it never holds an API key.
    if (request.method === 'POST' && room) return { statusCode: 200, body: join(decodeURIComponent(room)) };
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      throw problem(401, 'Unauthorized', 'Invalid Key. Send your private API key as a bearer token.');
    }
    const url = new URL(request.url ?? '/', 'http://simulator');
    const method = request.method ?? 'GET';
    const callId = /^\/call\/([^/]+)$/.exec(url.pathname)?.[1];
    if (method === 'POST' && url.pathname === '/__simulator/faults') {
      const { next } = (await readJson(request)) as { next?: unknown };
      const list = Array.isArray(next) ? next : [];
      if (!list.every((f): f is SimulatorFault => FAULTS.includes(f as SimulatorFault))) {
        throw problem(400, 'Bad Request', `faults are ${FAULTS.join(', ')}`);
      }
      faults.push(...list);
      return { statusCode: 200, body: { queued: faults.length } };
    }
    if (method === 'POST' && (url.pathname === '/call' || url.pathname === '/call/web')) {
      const body = await readJson(request);
      const fault = faults.shift();
      if (fault === 'http-400') throw problem(400, 'Bad Request', ['simulated refusal']);
      if (fault === 'http-500') throw problem(500, 'Internal Server Error', 'simulated failure');
      if (fault === 'timeout') await sleep(12_000, undefined, { signal: stopping.signal }).catch(() => undefined);
      const call = url.pathname === '/call' ? create(body, fault === 'stop-calls') : createWeb(body);
      if (fault === 'drop-report') droppedFor.set(call.id, 'end-of-call-report');
      if (fault === 'drop-all') droppedFor.set(call.id, 'all');
      return { statusCode: 201, body: call };
    }
    if (method === 'GET' && url.pathname === '/call') {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return { statusCode: 200, body: listCalls().slice(0, Number.isFinite(limit) ? limit : 100) };
    }
    if (method === 'GET' && callId) {
      const call = calls.get(decodeURIComponent(callId));
      if (!call) throw problem(404, 'Not Found', 'Call not found');
      return { statusCode: 200, body: call };
    }
    throw problem(404, 'Not Found', `Cannot ${method} ${url.pathname}`);
  }

  /** The body checked as Vapi checks it: the contract's schema, then the rules beyond it. */
  function accept(request: CreateRequest): void {
    const errors = vapiContractErrors(request.kind === 'phone' ? 'CreateCallDTO' : 'CreateWebCallDTO', request.body);
    if (errors.length > 0) throw problem(400, 'Bad Request', errors);
    const refusals = createRefusals(request);
    if (refusals.length > 0) throw problem(400, 'Bad Request', refusals);
  }

  /** The `subscriptionLimits` of a create's answer; call it once the call is stored. */
  const limitsAfter = (blocked: boolean): Vapi.SubscriptionLimits => ({
    concurrencyBlocked: blocked,
    concurrencyLimit,
    remainingConcurrentCalls: blocked ? 0 : Math.max(0, concurrencyLimit - inProgress()),
  });

  /**
   * A create with every slot busy: stored as a call that ended before it started (GET /call/{id}
   * answers it), answered with `concurrencyBlocked`, and never played.
   */
  function blocked(kind: 'phone' | 'web', dto: Vapi.CreateCallDto | Vapi.CreateWebCallDto): CreatedCall {
    const now = new Date().toISOString();
    const phone = kind === 'phone' ? (dto as Vapi.CreateCallDto) : null;
    const call: Vapi.Call = {
      id: randomUUID(),
      orgId: ORG_ID,
      createdAt: now,
      updatedAt: now,
      type: phone ? 'outboundPhoneCall' : 'webCall',
      status: 'ended',
      endedReason: CONCURRENCY_LIMIT_REACHED,
      endedAt: now,
      ...(dto.assistantId ? { assistantId: dto.assistantId } : {}),
      ...(dto.assistantOverrides ? { assistantOverrides: dto.assistantOverrides } : {}),
      ...(phone?.phoneNumberId ? { phoneNumberId: phone.phoneNumberId } : {}),
      ...(phone?.customer ? { customer: phone.customer } : {}),
    };
    calls.set(call.id, call);
    options.log(`voice simulator: call ${call.id} blocked (${concurrencyLimit} calls in progress)`);
    return { ...structuredClone(call), subscriptionLimits: limitsAfter(true) };
  }

  function create(body: unknown, askedToStop: boolean): CreatedCall {
    const dto = body as Vapi.CreateCallDto;
    accept({ kind: 'phone', body: dto });
    if (inProgress() >= concurrencyLimit) return blocked('phone', dto);
    const now = new Date().toISOString();
    const call: Vapi.Call = {
      id: randomUUID(),
      orgId: ORG_ID,
      createdAt: now,
      updatedAt: now,
      type: 'outboundPhoneCall',
      status: 'queued',
      phoneCallProvider: 'twilio',
      phoneCallTransport: 'pstn',
      ...(dto.assistantId ? { assistantId: dto.assistantId } : {}),
      ...(dto.assistantOverrides ? { assistantOverrides: dto.assistantOverrides } : {}),
      ...(dto.phoneNumberId ? { phoneNumberId: dto.phoneNumberId } : {}),
      ...(dto.customer ? { customer: dto.customer } : {}),
      ...(dto.name ? { name: dto.name } : {}),
    };
    calls.set(call.id, call);
    const number = dto.customer?.number ?? '';
    const script = inCallLanguage(
      dto.assistantOverrides,
      askedToStop
        ? stopScriptFor(dto)
        : isEnrollmentCall(dto.assistantOverrides)
          ? enrollmentScriptFor(dto.assistantOverrides, number)
          : scriptFor(dto.assistantOverrides, simulatedEndingOf(number), simulatedTransferOf(number)),
    );
    options.log(`voice simulator: call ${call.id} queued (${script.ending})`);
    playInBackground(call, script, dto.assistantOverrides?.server?.url ?? options.webhookUrl);
    return { ...structuredClone(call), subscriptionLimits: limitsAfter(false) };
  }

  /** A web call: queued until a browser joins its room, then played as an answered check-in. */
  function createWeb(body: unknown): CreatedCall {
    const dto = body as Vapi.CreateWebCallDto;
    accept({ kind: 'web', body: dto });
    if (inProgress() >= concurrencyLimit) return blocked('web', dto);
    const now = new Date().toISOString();
    const id = randomUUID();
    const webCallUrl = `${baseUrl}/web-call/${id}`;
    const call: Vapi.Call = Object.assign(
      {
        id,
        orgId: ORG_ID,
        createdAt: now,
        updatedAt: now,
        type: 'webCall',
        status: 'queued',
        transport: { provider: 'daily', callUrl: webCallUrl },
        ...(dto.assistantId ? { assistantId: dto.assistantId } : {}),
        ...(dto.assistantOverrides ? { assistantOverrides: dto.assistantOverrides } : {}),
      } satisfies Vapi.Call,
      // Not in the contract's `Call`, but in Vapi's answer to POST /call/web (what `@vapi-ai/web` reads).
      { webCallUrl },
    );
    calls.set(id, call);
    rooms.set(id, {
      script: inCallLanguage(dto.assistantOverrides, scriptFor(dto.assistantOverrides, 'Normal')),
      serverUrl: dto.assistantOverrides?.server?.url ?? options.webhookUrl,
    });
    const timer = setTimeout(() => {
      roomTimers.delete(timer);
      if (!rooms.delete(id)) return;
      const ended = new Date().toISOString();
      Object.assign(call, {
        status: 'ended',
        endedReason: 'customer-did-not-answer',
        endedAt: ended,
        updatedAt: ended,
      });
      options.log(`voice simulator: web call ${id} ended (nobody joined)`);
    }, WEB_ROOM_MS[options.speed]);
    roomTimers.add(timer);
    options.log(`voice simulator: web call ${id} queued`);
    return { ...structuredClone(call), subscriptionLimits: limitsAfter(false) };
  }

  /** A browser joins a web call's room: the call is played, and the browser gets the turns to play. */
  function join(id: string): { id: string; turns: { role: Turn['role']; text: string; ms: number }[] } {
    const room = rooms.get(id);
    const call = calls.get(id);
    if (!room || !call) throw problem(404, 'Not Found', 'This web call has ended or does not exist');
    rooms.delete(id);
    options.log(`voice simulator: web call ${id} joined`);
    playInBackground(call, room.script, room.serverUrl);
    return { id, turns: room.script.turns.map((turn) => ({ ...turn, ms: WEB_CALL_TURN_MS })) };
  }

  function playInBackground(call: Vapi.Call, script: Script, serverUrl: string): void {
    const played = play(call, script, serverUrl)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) options.log(`voice simulator: call ${call.id} stopped: ${(error as Error).name}`);
      })
      .finally(() => playing.delete(played));
    playing.add(played);
  }

  async function play(call: Vapi.Call, script: Script, serverUrl: string) {
    const start = Date.now();
    const at = async (offset: number) =>
      sleep(Math.max(0, start + offset - Date.now()), undefined, { signal: stopping.signal });
    const update = (changes: Partial<Vapi.Call>) =>
      Object.assign(call, changes, { updatedAt: new Date().toISOString() });
    const web = call.type === 'webCall';
    const timeline = web
      ? { ringing: 0, answered: 0, ...simulatedWebTimeline(script.turns.length, options.speed) }
      : simulatedTimeline(script.ending, options.speed);
    const answered = script.ending !== 'no_answer' && script.ending !== 'busy';
    const endedReason = script.endedReason ?? ENDED_REASONS[script.ending];
    // Vapi posts only the server messages the call asks for.
    const wanted = new Set<string>(call.assistantOverrides?.serverMessages ?? []);
    const post = async (url: string, message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport) => {
      if (wanted.has(message.type)) await deliverMessage(url, message);
    };

    // A web call does not ring: it is in progress once the browser has joined.
    if (!web) {
      await at(timeline.ringing);
      update({ status: 'ringing', startedAt: new Date().toISOString() });
      await post(serverUrl, statusUpdate(call));
    }
    let answeredAt = Date.now();
    if (answered) {
      await at(timeline.answered);
      answeredAt = Date.now();
      update({ status: 'in-progress', ...(web ? { startedAt: new Date().toISOString() } : {}) });
      await post(serverUrl, statusUpdate(call));
    }
    await at(timeline.ended);
    update({ status: 'ended', endedReason, endedAt: new Date().toISOString() });
    await post(serverUrl, statusUpdate(call));
    await at(timeline.report);
    // Vapi's analysis runs after the call: the call carries it from the report on.
    const artifact = artifactFor(call, script, answeredAt);
    const seconds = (Date.parse(call.endedAt ?? '') - Date.parse(call.startedAt ?? '')) / 1000;
    update({
      artifact,
      analysis: script.analysis,
      cost: answered ? Math.round((0.02 + seconds * 0.0018) * 1e4) / 1e4 : 0,
    });
    await post(serverUrl, endOfCallReport(call, endedReason));
    options.log(`voice simulator: call ${call.id} ended (${endedReason})`);
  }

  function statusUpdate(call: Vapi.Call): Vapi.ServerMessageStatusUpdate {
    return {
      type: 'status-update',
      status: call.status ?? 'queued',
      ...(call.status === 'ended' && call.endedReason ? { endedReason: call.endedReason } : {}),
      timestamp: Date.now(),
      ...(call.customer ? { customer: call.customer } : {}),
      call: structuredClone(call),
    };
  }

  function endOfCallReport(call: Vapi.Call, endedReason: Vapi.CallEndedReason): Vapi.ServerMessageEndOfCallReport {
    return {
      type: 'end-of-call-report',
      endedReason,
      timestamp: Date.now(),
      ...(call.customer ? { customer: call.customer } : {}),
      call: structuredClone(call),
      artifact: call.artifact ?? {},
      analysis: call.analysis ?? {},
      ...(call.startedAt ? { startedAt: call.startedAt } : {}),
      ...(call.endedAt ? { endedAt: call.endedAt } : {}),
      ...(call.cost !== undefined ? { cost: call.cost } : {}),
    };
  }

  /** Posts one message the way Vapi does: `{ message }`, signed; retried twice, then given up. */
  async function deliverMessage(
    url: string,
    message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport,
  ) {
    const callId = message.call?.id ?? '';
    const what = message.type === 'status-update' ? `status-update ${message.status}` : message.type;
    const dropped = droppedFor.get(callId) ?? drop;
    if (dropped === 'all' || dropped === message.type) {
      options.log(`voice simulator: ${what} of call ${callId} dropped (dropWebhooks)`);
      return;
    }
    const body = JSON.stringify({ message });
    const backoff = options.speed === 'instant' ? [50, 200] : [1000, 3000];
    for (let attempt = 0; ; attempt++) {
      const outcome = await deliver(url, body);
      if (outcome === 'delivered' || stopping.signal.aborted) return;
      const wait = backoff[attempt];
      if (wait === undefined) {
        options.log(`voice simulator: ${what} of call ${callId} not delivered (${outcome}); giving up`);
        return;
      }
      options.log(`voice simulator: ${what} of call ${callId} not delivered (${outcome}); retrying`);
      await sleep(wait, undefined, { signal: stopping.signal });
    }
  }

  async function deliver(url: string, body: string): Promise<string> {
    try {
      const secret = await options.getWebhookSecret();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.auth === 'hmac') {
        const timestamp = String(Date.now());
        headers['x-timestamp'] = timestamp;
        headers['x-signature'] = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
      } else {
        headers.authorization = `Bearer ${secret}`;
      }
      const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(5000)]);
      const response = await fetch(url, { method: 'POST', headers, body, signal });
      await response.arrayBuffer();
      return response.ok ? 'delivered' : String(response.status);
    } catch (error) {
      return (error as Error).name;
    }
  }

  function listCalls() {
    return [...calls.values()].reverse().map((call) => structuredClone(call));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  options.log(`voice simulator: listening on http://127.0.0.1:${port} (${options.speed}, ${options.auth})`);

  return {
    url: baseUrl,
    calls: listCalls,
    idle: async () => {
      while (playing.size > 0) await Promise.all([...playing]);
    },
    stop: async () => {
      stopping.abort();
      roomTimers.forEach(clearTimeout);
      await Promise.all([...playing]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw problem(413, 'Payload Too Large', 'request entity too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw problem(400, 'Bad Request', 'Unexpected token in JSON body');
  }
}

function send(response: ServerResponse, statusCode: number, body: unknown) {
  // The web app joins web calls from its own origin, as browsers join Vapi's rooms.
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
  });
  response.end(JSON.stringify(body));
}
