import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi } from '@vapi-ai/server-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPT, STOP_CALLS_CONFIRMATION, renderPrompt } from '../../../../shared/values/settings';
import type { OutboundCallRequest } from '../../../calls/ports';
import { parseVapiWebhook } from '../vapi-messages';
import { CONCURRENCY_LIMIT_REACHED, createVapiVoiceAgent } from '../vapi-voice-agent';
import type { VapiEnv } from '../../../kernel/env';
import { vapiContractErrors } from './contract-validator';
import {
  startVoiceSimulator,
  type CreatedCall,
  type VoiceSimulator,
  type VoiceSimulatorOptions,
} from './voice-simulator';

const API_KEY = 'vapi-private-key-local';
const SECRET = 'whsec_local_0123456789';
const CARE_PLAN =
  'Condition: Type 2 diabetes mellitus.\nGoals: Walk 20 minutes daily; A1c below 7.0% within 6 months.\n' +
  'Medications: Metformin 1000 mg twice daily; Jardiance 10 mg daily.\nEscalate: glucose over 300.';

interface Delivery {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport };
  receivedAt: number;
}

/** Stands where the CareLoop webhook would: records every POST; answers `statuses` in turn, then 200. */
async function startReceiver(statuses: number[] = []) {
  const deliveries: Delivery[] = [];
  let attempts = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = statuses[attempts++] ?? 200;
      if (status === 200) {
        const raw = Buffer.concat(chunks).toString('utf8');
        deliveries.push({
          headers: req.headers,
          raw,
          body: JSON.parse(raw) as Delivery['body'],
          receivedAt: Date.now(),
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/vapi`,
    deliveries,
    attempts: () => attempts,
    of: (callId: string) => deliveries.filter((d) => d.body.message.call?.id === callId),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const envFor = (baseUrl: string, webhookUrl: string): VapiEnv => ({
  region: 'us-east-1',
  secretId: 'careloop/vapi',
  secretsEndpoint: undefined,
  baseUrl,
  assistantId: 'asst_careloop',
  phoneNumberId: 'pn_careloop',
  modelProvider: 'openai',
  model: 'gpt-4o',
  webhookUrl,
  webhookAuth: 'hmac',
  webhookCredentialId: undefined,
  recordingEnabled: false,
});

const callRequest = (customerNumber: string): OutboundCallRequest => ({
  callLogId: `cl_${customerNumber.slice(-4)}`,
  patientId: 'p_1',
  organizationId: 'o_1',
  customerNumber,
  assistantId: 'asst_careloop',
  voiceId: 'burt',
  systemPrompt: renderPrompt(DEFAULT_SYSTEM_PROMPT, {
    patientName: 'Ana',
    providerName: 'Lakeside Clinic',
    carePlan: CARE_PLAN,
    hasCarePlan: 'true',
    emrNotes: 'A1c 7.8% last quarter.',
  }),
  firstMessage: 'Hello, this is Care from Lakeside Clinic. Is this Ana?',
  audience: 'patient',
  voicemailMessage: 'Hello, this is a message from Lakeside Clinic. Please call us back at +18135550100. Thank you.',
});

async function startWith(receiver: Receiver, options: Partial<VoiceSimulatorOptions> = {}) {
  const log: string[] = [];
  const simulator = await startVoiceSimulator({
    port: 0,
    apiKey: API_KEY,
    webhookUrl: receiver.url,
    getWebhookSecret: () => Promise.resolve(SECRET),
    auth: 'hmac',
    speed: 'instant',
    log: (line) => log.push(line),
    ...options,
  });
  const agent = createVapiVoiceAgent(envFor(simulator.url, receiver.url), { apiKey: API_KEY });
  return { simulator, agent, log };
}

const postCall = (simulator: VoiceSimulator, body: unknown, key = API_KEY) =>
  fetch(`${simulator.url}/call`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const validBody = () => ({
  assistantId: 'asst_careloop',
  phoneNumberId: 'pn_careloop',
  customer: { number: '+15555550106' },
  assistantOverrides: {
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'Care plan:\nWalk\n\nRecent EMR notes:\n' }],
    },
    voice: { provider: '11labs', voiceId: 'burt' },
    firstMessage: 'Hello',
    metadata: { callLogId: 'cl_1' },
    server: { url: 'http://127.0.0.1:9/webhooks/vapi' },
    compliancePlan: { hipaaEnabled: true },
    serverMessages: ['status-update', 'end-of-call-report'],
  },
});

beforeAll(() => {
  // The hand-made body below is valid to begin with (and the contract is compiled once, up front).
  expect(vapiContractErrors('CreateCallDTO', validBody())).toEqual([]);
}, 30_000);

describe('voice simulator: the REST API', () => {
  let receiver: Receiver;
  let simulator: VoiceSimulator;
  beforeAll(async () => {
    receiver = await startReceiver();
    ({ simulator } = await startWith(receiver));
  });
  afterAll(async () => {
    await simulator.stop();
    await receiver.stop();
  });

  it.each([
    ['no key', undefined],
    ['a wrong key', 'not-the-key'],
  ])('answers 401 to a request with %s', async (_, key) => {
    const response = await fetch(`${simulator.url}/call`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
  });

  it.each([
    ['an unknown top-level property', { ...validBody(), patientName: 'Ana' }, 'property patientName should not exist'],
    ['a number that is not a string', { ...validBody(), customer: { number: 42 } }, 'customer.number must be a string'],
    [
      'an unknown property inside the voice',
      {
        ...validBody(),
        assistantOverrides: {
          ...validBody().assistantOverrides,
          voice: { provider: '11labs', voiceId: 'burt', pitch: 2 },
        },
      },
      'assistantOverrides.voice.property pitch should not exist',
    ],
    [
      'a model provider Vapi does not have',
      {
        ...validBody(),
        assistantOverrides: { ...validBody().assistantOverrides, model: { provider: 'acme', model: 'x' } },
      },
      'assistantOverrides.model.provider must be one of the following values:',
    ],
    [
      'a server URL of the wrong type',
      { ...validBody(), assistantOverrides: { ...validBody().assistantOverrides, server: { url: 7 } } },
      'assistantOverrides.server.url must be a string',
    ],
    [
      'no phone number to call from',
      { ...validBody(), phoneNumberId: undefined },
      'Need `phoneNumberId` or `phoneNumber`.',
    ],
    [
      'a number that is not E.164',
      { ...validBody(), customer: { number: '555 0106' } },
      'customer.number must be a valid phone number in E.164 format',
    ],
    [
      'a call without HIPAA mode',
      { ...validBody(), assistantOverrides: { ...validBody().assistantOverrides, compliancePlan: undefined } },
      'assistantOverrides.compliancePlan.hipaaEnabled must be true',
    ],
    [
      'a call with HIPAA mode off',
      {
        ...validBody(),
        assistantOverrides: { ...validBody().assistantOverrides, compliancePlan: { hipaaEnabled: false } },
      },
      'assistantOverrides.compliancePlan.hipaaEnabled must be true',
    ],
    [
      'a call that does not say which server messages it sends',
      { ...validBody(), assistantOverrides: { ...validBody().assistantOverrides, serverMessages: undefined } },
      'assistantOverrides.serverMessages must list',
    ],
    [
      'a server message type Vapi does not have',
      { ...validBody(), assistantOverrides: { ...validBody().assistantOverrides, serverMessages: ['everything'] } },
      'assistantOverrides.serverMessages',
    ],
  ])('refuses %s with 400 as Vapi does', async (_, body, expected) => {
    // Prepare
    const before = simulator.calls().length;

    // Act
    const response = await postCall(simulator, body);
    const answer = (await response.json()) as { message: string[]; error: string; statusCode: number };

    // Assess
    expect(response.status).toBe(400);
    expect(answer).toMatchObject({ error: 'Bad Request', statusCode: 400 });
    expect(answer.message.some((m) => m.startsWith(expected))).toBe(true);
    expect(simulator.calls()).toHaveLength(before);
  });

  it('answers a created call as a Vapi Call (queued), and lists and returns it', async () => {
    // Act
    const response = await postCall(simulator, validBody());
    const { subscriptionLimits, ...created } = (await response.json()) as CreatedCall;
    const listed = (await (
      await fetch(`${simulator.url}/call`, { headers: { authorization: `Bearer ${API_KEY}` } })
    ).json()) as Vapi.Call[];
    const one = await fetch(`${simulator.url}/call/${created.id}`, { headers: { authorization: `Bearer ${API_KEY}` } });
    const missing = await fetch(`${simulator.url}/call/unknown`, { headers: { authorization: `Bearer ${API_KEY}` } });

    // Assess
    expect(response.status).toBe(201);
    expect(created).toMatchObject({ status: 'queued', type: 'outboundPhoneCall', assistantId: 'asst_careloop' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(vapiContractErrors('Call', created)).toEqual([]);
    // Every create's answer carries the account's limits (docs.vapi.ai/calls/call-concurrency).
    expect(subscriptionLimits).toMatchObject({ concurrencyBlocked: false, concurrencyLimit: 10 });
    expect(vapiContractErrors('SubscriptionLimits', subscriptionLimits)).toEqual([]);
    expect(listed[0]?.id).toBe(created.id);
    expect(one.status).toBe(200);
    expect(missing.status).toBe(404);
  });
});

describe('voice simulator: the call it plays', () => {
  let receiver: Receiver;
  let simulator: VoiceSimulator;
  let agent: ReturnType<typeof createVapiVoiceAgent>;
  let log: string[];
  beforeAll(async () => {
    receiver = await startReceiver();
    ({ simulator, agent, log } = await startWith(receiver));
  });
  afterAll(async () => {
    await simulator.stop();
    await receiver.stop();
  });

  it('posts ringing → in-progress → ended → end-of-call-report, each a valid Vapi server message', async () => {
    // Act
    const { vendorCallId } = await agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    // Assess
    const deliveries = receiver.of(vendorCallId);
    expect(
      deliveries.map((d) => (d.body.message.type === 'status-update' ? d.body.message.status : d.body.message.type)),
    ).toEqual(['ringing', 'in-progress', 'ended', 'end-of-call-report']);
    for (const { body } of deliveries) {
      expect(Object.keys(body)).toEqual(['message']);
      expect(vapiContractErrors('ServerMessage', body)).toEqual([]);
      const schema =
        body.message.type === 'status-update' ? 'ServerMessageStatusUpdate' : 'ServerMessageEndOfCallReport';
      expect(vapiContractErrors(schema, body.message)).toEqual([]);
      expect(body.message.call?.assistantOverrides?.metadata).toMatchObject({ callLogId: 'cl_0106' });
    }
  });

  it('signs every message as Vapi’s HMAC plan does: hex HMAC-SHA256 of "{x-timestamp}.{body}"', async () => {
    const { vendorCallId } = await agent.placeCall(callRequest('+15555550107'));
    await simulator.idle();

    for (const { headers, raw, receivedAt } of receiver.of(vendorCallId)) {
      const timestamp = String(headers['x-timestamp']);
      const expected = createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest();
      const signature = Buffer.from(String(headers['x-signature']), 'hex');
      expect(signature.length).toBe(32);
      expect(timingSafeEqual(signature, expected)).toBe(true);
      expect(Math.abs(receivedAt - Number(timestamp))).toBeLessThan(5_000);
      expect(headers.authorization).toBeUndefined();
    }
  });

  it('talks through the care plan from the system prompt', async () => {
    const { vendorCallId } = await agent.placeCall(callRequest('+15555550108'));
    await simulator.idle();

    const report = receiver.of(vendorCallId).at(-1)?.body.message as Vapi.ServerMessageEndOfCallReport;
    expect(report.artifact.transcript).toContain('AI: Hello, this is Care from Lakeside Clinic. Is this Ana?');
    expect(report.artifact.transcript).toContain('Walk 20 minutes daily');
    expect(report.artifact.transcript).toContain('A1c below 7.0% within 6 months');
    expect(report.artifact.transcript).toContain('Metformin 1000 mg twice daily');
    expect(report.artifact.messages?.[0]).toMatchObject({ role: 'system' });
    expect(report.analysis.summary).toContain('Walk 20 minutes daily');
  });

  it.each([
    ['0', 'customer-did-not-answer', 'no_answer', 'Normal', undefined, false],
    ['1', 'customer-busy', 'busy', 'Normal', undefined, false],
    ['2', 'pipeline-error-openai-llm-failed', 'failed', 'Normal', undefined, true],
    ['3', 'customer-ended-call', 'answered', 'Emergent', 'false', true],
    ['4', 'customer-ended-call', 'answered', 'Urgent', 'false', true],
    ['5', 'customer-ended-call', 'answered', 'Elective', 'true', true],
    ['6', 'customer-ended-call', 'answered', 'Normal', 'true', true],
    ['9', 'customer-ended-call', 'answered', 'Normal', 'true', true],
  ])('a number ending in %s ends with %s', async (digit, endedReason, outcome, level, evaluation, spoke) => {
    // Act
    const { vendorCallId } = await agent.placeCall(callRequest(`+1555555010${digit}`));
    await simulator.idle();

    // Assess: what Vapi sent, and what CareLoop reads from it
    const body = receiver.of(vendorCallId).at(-1)?.body;
    const message = body?.message as Vapi.ServerMessageEndOfCallReport;
    expect(message).toMatchObject({ type: 'end-of-call-report', endedReason });
    expect(message.analysis.successEvaluation).toBe(evaluation);
    if (evaluation !== undefined) {
      expect(message.analysis.structuredData).toMatchObject({ flag: level, escalation_level: level });
    }
    expect(Date.parse(message.endedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(message.startedAt ?? ''));
    const parsed = parseVapiWebhook(body);
    expect(parsed.type === 'end-of-call-report' && parsed.report).toMatchObject({ outcome, escalationLevel: level });
    expect(parsed.type === 'end-of-call-report' && parsed.report.transcript.length > 0).toBe(spoke);
  });

  it('writes a note to the doctor for Emergent, Urgent and Elective calls, none for Normal', async () => {
    const notes: Record<string, string | null> = {};
    for (const digit of ['3', '4', '5', '7']) {
      const { vendorCallId } = await agent.placeCall(callRequest(`+1555555020${digit}`));
      await simulator.idle();
      const parsed = parseVapiWebhook(receiver.of(vendorCallId).at(-1)?.body);
      notes[digit] = parsed.type === 'end-of-call-report' ? parsed.report.noteToDoctor : 'not a report';
    }

    expect(notes['3']).toMatch(/chest pain/i);
    expect(notes['4']).toMatch(/dizziness/i);
    expect(notes['5']).toMatch(/refill/i);
    expect(notes['7']).toBeNull();
  });

  it('keeps the ended call, with analysis and artifact, for GET /call/{id}', async () => {
    const { vendorCallId } = await agent.placeCall(callRequest('+15555550304'));
    await simulator.idle();

    const call = await agent.getCall(vendorCallId);
    const stored = simulator.calls().find((c) => c.id === vendorCallId);

    expect(call).toMatchObject({ state: 'ended', report: { outcome: 'answered', escalationLevel: 'Urgent' } });
    expect(stored).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
    expect(stored?.analysis?.summary).toBeTruthy();
    expect(stored?.artifact?.messages?.length).toBeGreaterThan(2);
    expect(vapiContractErrors('Call', stored)).toEqual([]);
  });

  it('logs call ids and statuses, never numbers, prompts or what was said', () => {
    const text = log.join('\n');

    expect(text).toContain('queued');
    expect(text).not.toMatch(/\+1555/);
    expect(text).not.toMatch(/Walk|Metformin|Ana|chest/i);
  });
});

describe('voice simulator: speed, auth modes, lost and refused webhooks', () => {
  let receiver: Receiver | undefined;
  let simulator: VoiceSimulator | undefined;
  afterEach(async () => {
    await simulator?.stop();
    await receiver?.stop();
  });

  it("plays a whole call in 'instant' mode in well under 2 s", async () => {
    receiver = await startReceiver();
    const started = await startWith(receiver);
    simulator = started.simulator;
    const t0 = Date.now();

    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    expect(receiver.of(vendorCallId).at(-1)?.body.message.type).toBe('end-of-call-report');
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it("sends the secret as a bearer token in 'bearer' mode", async () => {
    receiver = await startReceiver();
    const started = await startWith(receiver, { auth: 'bearer' });
    simulator = started.simulator;

    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    const headers = receiver.of(vendorCallId).map((d) => d.headers);
    expect(headers).toHaveLength(4);
    for (const h of headers) {
      expect(h.authorization).toBe(`Bearer ${SECRET}`);
      expect(h['x-signature']).toBeUndefined();
    }
  });

  it("loses the end-of-call report with dropWebhooks: 'end-of-call-report'; GET /call/{id} still has it", async () => {
    receiver = await startReceiver();
    const started = await startWith(receiver, { dropWebhooks: 'end-of-call-report' });
    simulator = started.simulator;

    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550105'));
    await simulator.idle();

    expect(receiver.of(vendorCallId).map((d) => d.body.message.type)).toEqual([
      'status-update',
      'status-update',
      'status-update',
    ]);
    expect(await started.agent.getCall(vendorCallId)).toMatchObject({
      state: 'ended',
      report: {
        outcome: 'answered',
        escalationLevel: 'Elective',
        noteToDoctor: 'Patient requests a medication refill.',
      },
    });
  });

  it('posts only the server messages the call asks for: a staff alert, its status updates only', async () => {
    receiver = await startReceiver();
    const started = await startWith(receiver);
    simulator = started.simulator;

    const { vendorCallId } = await started.agent.placeCall({
      ...callRequest('+15555550106'),
      audience: 'staff',
      voicemailMessage: null,
      lineLeaseId: '0b6f8f0e-5a43-4c39-9d86-1f7f3f7f0a11',
      maxDurationSeconds: 120,
    });
    await simulator.idle();

    const deliveries = receiver.of(vendorCallId);
    expect(
      deliveries.map((d) => (d.body.message.type === 'status-update' ? d.body.message.status : d.body.message.type)),
    ).toEqual(['ringing', 'in-progress', 'ended']);
    expect(deliveries.at(-1)?.body.message.call?.assistantOverrides?.metadata).toMatchObject({
      lineLeaseId: '0b6f8f0e-5a43-4c39-9d86-1f7f3f7f0a11',
    });
    expect(await started.agent.getCall(vendorCallId)).toMatchObject({ state: 'ended' });
  });

  it("plays a person asking not to be called again (fault 'stop-calls'): the end-call phrase ends the call", async () => {
    receiver = await startReceiver();
    const started = await startWith(receiver);
    simulator = started.simulator;
    const faults = await fetch(`${simulator.url}/__simulator/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ next: ['stop-calls'] }),
    });
    expect(faults.status).toBe(200);

    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    const report = receiver.of(vendorCallId).at(-1)?.body.message as Vapi.ServerMessageEndOfCallReport;
    expect(report.endedReason).toBe('assistant-said-end-call-phrase');
    expect(report.artifact.transcript).toContain(`AI: ${STOP_CALLS_CONFIRMATION}`);
    expect(await started.agent.getCall(vendorCallId)).toMatchObject({
      state: 'ended',
      report: { outcome: 'answered', stopCalls: true },
    });
  });

  it('retries a refused delivery twice, then gives up, logging ids only', async () => {
    // Prepare: the first message is refused twice, the second three times
    receiver = await startReceiver([503, 500, 200, 503, 503, 503]);
    const started = await startWith(receiver);
    simulator = started.simulator;

    // Act
    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    // Assess
    const statuses = receiver
      .of(vendorCallId)
      .map((d) => (d.body.message.type === 'status-update' ? d.body.message.status : d.body.message.type));
    expect(statuses).toEqual(['ringing', 'ended', 'end-of-call-report']);
    expect(receiver.attempts()).toBe(8);
    expect(started.log.filter((line) => line.includes('retrying'))).toHaveLength(4);
    expect(
      started.log.some((line) =>
        line.includes(`status-update in-progress of call ${vendorCallId} not delivered (503); giving up`),
      ),
    ).toBe(true);
  });

  it('reads the webhook secret before every delivery (a rotated secret is used at once)', async () => {
    receiver = await startReceiver();
    let reads = 0;
    const started = await startWith(receiver, { getWebhookSecret: () => Promise.resolve(`secret-${++reads}`) });
    simulator = started.simulator;

    const { vendorCallId } = await started.agent.placeCall(callRequest('+15555550106'));
    await simulator.idle();

    const last = receiver.of(vendorCallId).at(-1)!;
    const expected = createHmac('sha256', 'secret-4')
      .update(`${String(last.headers['x-timestamp'])}.${last.raw}`)
      .digest('hex');
    expect(last.headers['x-signature']).toBe(expected);
  });
});

describe('voice simulator: web calls', () => {
  let receiver: Receiver;
  let simulator: VoiceSimulator;
  beforeAll(async () => {
    receiver = await startReceiver();
    ({ simulator } = await startWith(receiver));
  });
  afterAll(async () => {
    await simulator.stop();
    await receiver.stop();
  });

  const webBody = (serverUrl = 'http://127.0.0.1:9/webhooks/vapi') => {
    const { assistantId, assistantOverrides } = validBody();
    return { assistantId, assistantOverrides: { ...assistantOverrides, server: { url: serverUrl } } };
  };
  const postWebCall = (body: unknown, key = API_KEY) =>
    fetch(`${simulator.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each([
    [
      'a phone call’s customer',
      { ...webBody(), customer: { number: '+15555550106' } },
      'property customer should not exist',
    ],
    [
      'an unknown property inside the overrides',
      { ...webBody(), assistantOverrides: { ...webBody().assistantOverrides, patientName: 'Ana' } },
      'assistantOverrides.property patientName should not exist',
    ],
    ['no assistant', { assistantOverrides: webBody().assistantOverrides }, 'Need `assistant`, `assistantId`'],
  ])('refuses a web call with %s with 400, as it checks CreateWebCallDTO', async (_, body, expected) => {
    const before = simulator.calls().length;

    const response = await postWebCall(body);
    const answer = (await response.json()) as { message: string[] };

    expect(response.status).toBe(400);
    expect(answer.message.some((m) => m.startsWith(expected))).toBe(true);
    expect(simulator.calls()).toHaveLength(before);
  });

  it('answers 401 to a web call create without the private key', async () => {
    expect((await postWebCall(webBody(), 'a-public-key')).status).toBe(401);
  });

  it('answers a web call with the URL of its room; the call waits there, queued, until a browser joins', async () => {
    // Act
    const response = await postWebCall(webBody());
    const created = (await response.json()) as Vapi.Call & { webCallUrl: string };
    await simulator.idle();

    // Assess
    expect(response.status).toBe(201);
    expect(created).toMatchObject({ type: 'webCall', status: 'queued', assistantId: 'asst_careloop' });
    expect(created.webCallUrl).toBe(`${simulator.url}/web-call/${created.id}`);
    expect(created.transport).toEqual({ provider: 'daily', callUrl: created.webCallUrl });
    const {
      webCallUrl: _,
      subscriptionLimits: __,
      ...call
    } = created as typeof created & { subscriptionLimits: unknown };
    expect(vapiContractErrors('Call', call)).toEqual([]);
    expect(receiver.of(created.id)).toEqual([]);
  });

  it('plays a joined web call: in-progress → ended → end-of-call-report, signed; the browser gets the turns', async () => {
    // Prepare
    const created = (await (await postWebCall(webBody(receiver.url))).json()) as { id: string; webCallUrl: string };

    // Act: a browser joins by the URL alone, from the web app's origin
    const joined = await fetch(created.webCallUrl, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173' } });
    const room = (await joined.json()) as { id: string; turns: { role: string; text: string; ms: number }[] };
    await simulator.idle();
    const again = await fetch(created.webCallUrl, { method: 'POST' });

    // Assess
    expect(joined.status).toBe(200);
    expect(joined.headers.get('access-control-allow-origin')).toBe('*');
    expect(room.id).toBe(created.id);
    expect(room.turns[0]).toEqual({ role: 'assistant', text: 'Hello', ms: 2000 });
    const deliveries = receiver.of(created.id);
    expect(
      deliveries.map((d) => (d.body.message.type === 'status-update' ? d.body.message.status : d.body.message.type)),
    ).toEqual(['in-progress', 'ended', 'end-of-call-report']);
    for (const delivery of deliveries) {
      const expected = createHmac('sha256', SECRET)
        .update(`${String(delivery.headers['x-timestamp'])}.${delivery.raw}`)
        .digest('hex');
      expect(delivery.headers['x-signature']).toBe(expected);
    }
    const report = deliveries.at(-1)?.body.message as Vapi.ServerMessageEndOfCallReport;
    expect(report.call?.assistantOverrides?.metadata).toEqual({ callLogId: 'cl_1' });
    expect(report.artifact.transcript).toContain('AI: Hello');
    expect(report.analysis.structuredData).toMatchObject({ escalation_level: 'Normal' });
    expect(again.status).toBe(404);
  });

  it('answers 404 to joining a room that does not exist', async () => {
    expect((await fetch(`${simulator.url}/web-call/unknown`, { method: 'POST' })).status).toBe(404);
  });
});

describe('voice simulator: the concurrency limit (docs.vapi.ai/calls/call-concurrency)', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.stop();
  });

  const webBody = () => {
    const { assistantId, assistantOverrides } = validBody();
    return { assistantId, assistantOverrides };
  };
  const postWeb = (simulator: VoiceSimulator) =>
    fetch(`${simulator.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(webBody()),
    });

  it('answers a create with every slot busy as Vapi does: 201, concurrencyBlocked, a call that never starts', async () => {
    const { simulator } = await startWith(receiver, { concurrencyLimit: 2 });
    try {
      // Two web calls nobody has joined yet hold both slots (phone and web calls share the pool).
      const first = (await (await postWeb(simulator)).json()) as CreatedCall;
      const second = (await (await postWeb(simulator)).json()) as CreatedCall;
      const response = await postCall(simulator, validBody());
      const { subscriptionLimits, ...call } = (await response.json()) as CreatedCall;
      const web = (await (await postWeb(simulator)).json()) as CreatedCall;
      await simulator.idle();

      expect(first.subscriptionLimits).toEqual({
        concurrencyBlocked: false,
        concurrencyLimit: 2,
        remainingConcurrentCalls: 1,
      });
      expect(second.subscriptionLimits.remainingConcurrentCalls).toBe(0);
      expect(response.status).toBe(201);
      expect(subscriptionLimits).toEqual({
        concurrencyBlocked: true,
        concurrencyLimit: 2,
        remainingConcurrentCalls: 0,
      });
      expect(call).toMatchObject({ status: 'ended', endedReason: CONCURRENCY_LIMIT_REACHED });
      expect(vapiContractErrors('Call', call)).toEqual([]);
      expect(vapiContractErrors('SubscriptionLimits', subscriptionLimits)).toEqual([]);
      expect(web).toMatchObject({ status: 'ended', subscriptionLimits: { concurrencyBlocked: true } });
      expect(web.webCallUrl).toBeUndefined();
      // Never rang: nothing posted; GET /call/{id} answers it ended.
      expect(receiver.of(call.id)).toEqual([]);
      const stored = await fetch(`${simulator.url}/call/${call.id}`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      expect(await stored.json()).toMatchObject({ status: 'ended', endedReason: CONCURRENCY_LIMIT_REACHED });
    } finally {
      await simulator.stop();
    }
  });

  it('frees a slot when a call ends, and the adapter reads a blocked create as at_capacity', async () => {
    const { simulator, agent } = await startWith(receiver, { concurrencyLimit: 1 });
    try {
      const placed = await agent.placeCall(callRequest('+15555550106'));
      // The slot is held while the call plays: a second create is blocked.
      expect(await agent.placeCall(callRequest('+15555550107')).catch((e: unknown) => e)).toMatchObject({
        name: 'VoiceAgentError',
        kind: 'at_capacity',
        detail: CONCURRENCY_LIMIT_REACHED,
      });
      await simulator.idle();
      expect(simulator.calls().find((c) => c.id === placed.vendorCallId)?.status).toBe('ended');

      // Ended: its slot is free again.
      const next = await agent.placeCall(callRequest('+15555550108'));
      expect(next.vendorCallId).toMatch(/^[0-9a-f-]{36}$/);
      await simulator.idle();
    } finally {
      await simulator.stop();
    }
  });

  it('takes its limit from VAPI_CONCURRENCY, as the deployment does (default 10)', async () => {
    const previous = process.env.VAPI_CONCURRENCY;
    process.env.VAPI_CONCURRENCY = '3';
    const { simulator } = await startWith(receiver);
    try {
      const created = (await (await postWeb(simulator)).json()) as CreatedCall;
      expect(created.subscriptionLimits).toMatchObject({ concurrencyLimit: 3, remainingConcurrentCalls: 2 });
    } finally {
      if (previous === undefined) delete process.env.VAPI_CONCURRENCY;
      else process.env.VAPI_CONCURRENCY = previous;
      await simulator.stop();
    }
  });
});
