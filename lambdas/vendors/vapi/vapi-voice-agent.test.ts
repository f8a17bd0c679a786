import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SYSTEM_PROMPT,
  ENGLISH_SUMMARY_MESSAGES,
  STOP_CALLS_CONFIRMATION,
  STOP_CALLS_CONFIRMATION_ES,
  renderPrompt,
} from '../../../shared/values/settings';
import { type OutboundCallRequest } from '../../calls/ports';
import { VoiceAgentError } from '../../kernel/vendor-errors';
import type { VapiEnv } from '../../kernel/env';
import { vapiContractErrors } from './simulator/contract-validator';
import { startVoiceSimulator, type VoiceSimulator } from './simulator/voice-simulator';
import {
  assistantOverridesOf,
  CONCURRENCY_LIMIT_REACHED,
  createCallBody,
  createVapiVoiceAgent,
  createWebCallBody,
} from './vapi-voice-agent';

const API_KEY = 'vapi-private-key-local';

const request = (customerNumber: string): OutboundCallRequest => ({
  callLogId: 'cl_01JTEST',
  patientId: 'p_1',
  organizationId: 'o_1',
  customerNumber,
  assistantId: 'asst_careloop',
  voiceId: 'marissa',
  systemPrompt: renderPrompt(DEFAULT_SYSTEM_PROMPT, {
    patientName: 'Ana',
    providerName: 'Lakeside Clinic',
    carePlan: 'Goals: Walk 20 minutes daily; A1c below 7.0%.\nMedications: Metformin 1000 mg twice daily.',
    hasCarePlan: 'true',
    emrNotes: 'A1c 7.8%.',
  }),
  firstMessage: 'Hello, this is Care from Lakeside Clinic. Is this Ana?',
  audience: 'patient',
  voicemailMessage: 'Hello, this is a message from Lakeside Clinic. Please call us back at +18135550100. Thank you.',
});

const envFor = (baseUrl: string, webhookUrl = 'http://127.0.0.1:9/webhooks/vapi'): VapiEnv => ({
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

/** A server that answers every request with `answer` (after `delayMs`) and counts requests. */
async function startStub(answer: { status: number; body: unknown }, delayMs = 0) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('VapiVoiceAgent against the voice simulator', () => {
  let simulator: VoiceSimulator;
  let receiver: Awaited<ReturnType<typeof startStub>>;

  beforeAll(async () => {
    receiver = await startStub({ status: 200, body: {} });
    simulator = await startVoiceSimulator({
      port: 0,
      apiKey: API_KEY,
      webhookUrl: `${receiver.url}/webhooks/vapi`,
      getWebhookSecret: () => Promise.resolve('whsec'),
      auth: 'hmac',
      speed: 'instant',
      log: () => {},
    });
  });
  afterAll(async () => {
    await simulator.stop();
    await receiver.stop();
  });

  it('builds a body that is a valid CreateCallDTO for Vapi', () => {
    const body = createCallBody(request('+15555550106'), envFor(simulator.url));

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(body.assistantOverrides).toMatchObject({
      voice: { provider: '11labs', voiceId: 'marissa' },
      metadata: { callLogId: 'cl_01JTEST', patientId: 'p_1', organizationId: 'o_1' },
      server: { url: 'http://127.0.0.1:9/webhooks/vapi' },
    });
  });

  it('asks for HIPAA mode, the two server messages CareLoop handles, no recording, and voicemail detection', () => {
    const { assistantOverrides } = createCallBody(request('+15555550106'), envFor(simulator.url));

    expect(assistantOverrides).toMatchObject({
      compliancePlan: { hipaaEnabled: true },
      serverMessages: ['status-update', 'end-of-call-report'],
      artifactPlan: { recordingEnabled: false },
      voicemailDetection: { provider: 'vapi' },
      voicemailMessage: request('').voicemailMessage,
      endCallPhrases: [STOP_CALLS_CONFIRMATION],
    });
  });

  it("asks an enrollment call's analysis for the answer alone, ending on the patient's own stop words, in the contract", () => {
    const stop = STOP_CALLS_CONFIRMATION_ES;
    const body = createCallBody(
      { ...request('+15555550106'), measures: [], language: 'es', enrollment: { stopConfirmation: stop } },
      envFor(simulator.url),
    );
    const plan = body.assistantOverrides?.analysisPlan?.structuredDataPlan;

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(Object.keys(plan?.schema?.properties ?? {})).toEqual(['enrollment_answer', 'stop_calls']);
    expect(plan?.schema?.properties?.enrollment_answer?.enum).toEqual(['interested', 'declined', 'unclear']);
    // Its own words first, then the English ones should the patient have switched.
    expect(body.assistantOverrides?.endCallPhrases).toEqual([stop, STOP_CALLS_CONFIRMATION]);
  });

  it('asks the analysis for the assessment and the readings the care plan monitors, in the contract', () => {
    const body = createCallBody(
      { ...request('+15555550106'), measures: ['systolic', 'diastolic', 'phq2'] },
      envFor(simulator.url),
    );
    const plan = body.assistantOverrides?.analysisPlan?.structuredDataPlan;

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(plan?.enabled).toBe(true);
    expect(Object.keys(plan?.schema?.properties ?? {})).toEqual(['flag', 'note_to_doctor', 'stop_calls', 'readings']);
    expect(plan?.schema?.properties?.readings?.items?.properties?.measure?.enum).toEqual([
      'systolic',
      'diastolic',
      'phq2',
    ]);
  });

  it("holds a Spanish patient's call in Spanish: multilingual voice, Spanish transcriber, Spanish end-call phrase, English summary", () => {
    const spanish = { ...request('+15555550106'), language: 'es' as const, measures: ['systolic' as const] };

    const body = createCallBody(spanish, envFor(simulator.url));
    const { customerNumber: _, audience: __, voicemailMessage: ___, ...webRequest } = spanish;
    const web = createWebCallBody(webRequest, envFor(simulator.url));

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(vapiContractErrors('CreateWebCallDTO', web)).toEqual([]);
    for (const overrides of [body.assistantOverrides, web.assistantOverrides]) {
      expect(overrides).toMatchObject({
        voice: { provider: '11labs', voiceId: 'marissa', model: 'eleven_multilingual_v2' },
        transcriber: { provider: 'deepgram', model: 'nova-2', language: 'es' },
        endCallPhrases: [STOP_CALLS_CONFIRMATION_ES, STOP_CALLS_CONFIRMATION],
        analysisPlan: { summaryPlan: { messages: [...ENGLISH_SUMMARY_MESSAGES] } },
      });
    }
    expect(ENGLISH_SUMMARY_MESSAGES[0].content).toContain('in English');
    // The deployment's Spanish voice, when it names one.
    const configured = { ...envFor(simulator.url), spanishVoiceId: 'voice-es-1' };
    expect(assistantOverridesOf(spanish, configured).voice).toEqual({
      provider: '11labs',
      voiceId: 'voice-es-1',
      model: 'eleven_multilingual_v2',
    });
  });

  it("keeps an English patient's call on the assistant's own transcriber and summary", () => {
    for (const language of [undefined, 'en' as const]) {
      const overrides = assistantOverridesOf({ ...request('+15555550106'), language }, envFor(simulator.url));
      expect(overrides.voice).toEqual({ provider: '11labs', voiceId: 'marissa' });
      expect(overrides.transcriber).toBeUndefined();
      expect(overrides.analysisPlan?.summaryPlan).toBeUndefined();
      expect(overrides.endCallPhrases).toEqual([STOP_CALLS_CONFIRMATION]);
    }
  });

  it('records only when the deployment turns recording on', () => {
    const settings = { ...envFor(simulator.url), recordingEnabled: true };

    expect(assistantOverridesOf(request('+15555550106'), settings).artifactPlan).toEqual({ recordingEnabled: true });
  });

  it('gives a staff alert HIPAA mode too, its status updates only, its lease and length, no voicemail and no recording', () => {
    const leaseId = '0b6f8f0e-5a43-4c39-9d86-1f7f3f7f0a11';
    const alert = {
      ...request('+15555550106'),
      audience: 'staff' as const,
      voicemailMessage: null,
      lineLeaseId: leaseId,
      maxDurationSeconds: 120,
    };
    const body = createCallBody(alert, envFor(simulator.url));

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(body.assistantOverrides).toMatchObject({
      compliancePlan: { hipaaEnabled: true },
      serverMessages: ['status-update'],
      artifactPlan: { recordingEnabled: false },
      maxDurationSeconds: 120,
      metadata: { callLogId: 'cl_01JTEST', lineLeaseId: leaseId },
    });
    expect(body.assistantOverrides?.voicemailMessage).toBeUndefined();
    expect(body.assistantOverrides?.endCallPhrases).toBeUndefined();
    expect(body.assistantOverrides?.analysisPlan).toBeUndefined();
  });

  it('places a call that the simulator accepts, and reads it back until it has ended with its report', async () => {
    // Prepare
    const agent = createVapiVoiceAgent(envFor(simulator.url, `${receiver.url}/webhooks/vapi`), { apiKey: API_KEY });

    // Act
    const { vendorCallId } = await agent.placeCall(request('+15555550106'));
    const whileRunning = await agent.getCall(vendorCallId);
    await simulator.idle();
    const ended = await agent.getCall(vendorCallId);

    // Assess
    expect(whileRunning).toEqual({ state: 'queued' });
    expect(ended).toMatchObject({
      state: 'ended',
      report: { vendorCallId, outcome: 'answered', escalationLevel: 'Normal', successEvaluation: true },
      analysed: true,
    });
    const stored = simulator.calls().find((call) => call.id === vendorCallId);
    expect(stored?.assistantOverrides?.metadata).toEqual({
      callLogId: 'cl_01JTEST',
      patientId: 'p_1',
      organizationId: 'o_1',
    });
  });

  it('answers null for a call Vapi does not know', async () => {
    const agent = createVapiVoiceAgent(envFor(simulator.url), { apiKey: API_KEY });

    expect(await agent.getCall('6d1f0c1e-0000-4000-8000-000000000000')).toBeNull();
  });

  it('turns a body Vapi refuses (400) into rejected, without Vapi’s answer in the error', async () => {
    // Prepare: a model provider Vapi does not have
    const agent = createVapiVoiceAgent({ ...envFor(simulator.url), modelProvider: 'acme-llm' }, { apiKey: API_KEY });

    // Act
    const error = await caught(agent.placeCall(request('+15555550106')));

    // Assess
    expect(error).toBeInstanceOf(VoiceAgentError);
    expect(error).toMatchObject({ kind: 'rejected', detail: '400', message: 'voice agent rejected: 400' });
  });

  it('turns a wrong API key (401) into rejected', async () => {
    const agent = createVapiVoiceAgent(envFor(simulator.url), { apiKey: 'wrong' });

    expect(await caught(agent.placeCall(request('+15555550106')))).toMatchObject({ kind: 'rejected', detail: '401' });
  });

  it('refuses a number that is not E.164 as Vapi does', async () => {
    const agent = createVapiVoiceAgent(envFor(simulator.url), { apiKey: API_KEY });

    expect(await caught(agent.placeCall(request('555-0106')))).toMatchObject({ kind: 'rejected', detail: '400' });
  });

  it('builds a web call body that is a valid CreateWebCallDTO, with the phone call’s overrides but no voicemail', () => {
    const { customerNumber: _, audience: __, voicemailMessage: ___, ...webRequest } = request('+15555550106');
    const settings = { ...envFor(simulator.url), webhookCredentialId: 'cred_1' };

    const body = createWebCallBody(webRequest, settings);

    expect(vapiContractErrors('CreateWebCallDTO', body)).toEqual([]);
    const { voicemailDetection, voicemailMessage, ...phoneOverrides } =
      createCallBody(request('+15555550106'), settings).assistantOverrides ?? {};
    expect(voicemailDetection).toEqual({ provider: 'vapi' });
    expect(voicemailMessage).toEqual(expect.any(String));
    expect(body).toEqual({ assistantId: 'asst_careloop', assistantOverrides: phoneOverrides });
    expect(body.assistantOverrides).toMatchObject({
      compliancePlan: { hipaaEnabled: true },
      serverMessages: ['status-update', 'end-of-call-report'],
    });
    expect(body.assistantOverrides?.server).toEqual({
      url: 'http://127.0.0.1:9/webhooks/vapi',
      credentialId: 'cred_1',
    });
  });

  it('creates a web call with the private key, answers its id and URL, and the call is reported once joined', async () => {
    // Prepare
    const agent = createVapiVoiceAgent(envFor(simulator.url, `${receiver.url}/webhooks/vapi`), { apiKey: API_KEY });
    const { customerNumber: _, audience: __, voicemailMessage: ___, ...webRequest } = request('+15555550106');

    // Act
    const { vendorCallId, webCallUrl } = await agent.createWebCall(webRequest);
    const beforeJoining = await agent.getCall(vendorCallId);
    const joined = await fetch(webCallUrl, { method: 'POST' });
    await simulator.idle();

    // Assess
    expect(webCallUrl).toBe(`${simulator.url}/web-call/${vendorCallId}`);
    expect(beforeJoining).toEqual({ state: 'queued' });
    expect(joined.status).toBe(200);
    expect(await agent.getCall(vendorCallId)).toMatchObject({
      state: 'ended',
      report: { vendorCallId, outcome: 'answered', escalationLevel: 'Normal' },
    });
    const stored = simulator.calls().find((call) => call.id === vendorCallId);
    expect(stored).toMatchObject({ type: 'webCall', assistantOverrides: { metadata: { callLogId: 'cl_01JTEST' } } });
  });

  it('turns a web call body Vapi refuses (400) into rejected', async () => {
    const agent = createVapiVoiceAgent({ ...envFor(simulator.url), modelProvider: 'acme-llm' }, { apiKey: API_KEY });
    const { customerNumber: _, ...webRequest } = request('+15555550106');

    expect(await caught(agent.createWebCall(webRequest))).toMatchObject({ kind: 'rejected', detail: '400' });
  });
});

describe('VapiVoiceAgent when Vapi fails', () => {
  let stub: Awaited<ReturnType<typeof startStub>> | undefined;
  afterEach(async () => {
    await stub?.stop();
    stub = undefined;
  });

  it('turns a 503 into unavailable, and does not retry the create (a retry could place a second call)', async () => {
    stub = await startStub({ status: 503, body: { message: 'Ana Lopez prompt echoed', statusCode: 503 } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });

    const error = await caught(agent.placeCall(request('+15555550106')));

    expect(error).toMatchObject({ kind: 'unavailable', detail: '503' });
    expect(String((error as Error).message)).not.toContain('Ana');
    expect(stub.requests()).toBe(1);
  });

  it('turns a 500 on getCall into unavailable', async () => {
    stub = await startStub({ status: 500, body: { message: 'boom' } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });

    expect(await caught(agent.getCall('c1'))).toMatchObject({ kind: 'unavailable', detail: '500' });
  });

  it('turns 429 into unavailable (Vapi busy, not refusing)', async () => {
    stub = await startStub({ status: 429, body: { message: 'Too Many Requests' } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });

    expect(await caught(agent.placeCall(request('+15555550106')))).toMatchObject({
      kind: 'unavailable',
      detail: '429',
    });
  });

  // docs.vapi.ai/calls/call-concurrency: a create with every slot busy is answered 201, with a call
  // that never starts (`subscriptionLimits.concurrencyBlocked`, the contract's ended reason).
  const blockedCall = {
    id: 'c-blocked',
    orgId: 'org',
    createdAt: '2030-01-15T14:00:00.000Z',
    updatedAt: '2030-01-15T14:00:00.000Z',
    status: 'ended',
    endedReason: CONCURRENCY_LIMIT_REACHED,
    customer: { number: '+15555550106', name: 'Ana Lopez' },
    subscriptionLimits: { concurrencyBlocked: true, concurrencyLimit: 10, remainingConcurrentCalls: 0 },
  };

  it.each([
    ['the answer says concurrencyBlocked', blockedCall],
    ['only the ended reason says so', { ...blockedCall, subscriptionLimits: undefined }],
  ])('turns a phone call create blocked by the concurrency limit into at_capacity (%s)', async (_, body) => {
    stub = await startStub({ status: 201, body });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });

    const error = await caught(agent.placeCall(request('+15555550106')));

    expect(error).toBeInstanceOf(VoiceAgentError);
    expect(error).toMatchObject({ kind: 'at_capacity', detail: CONCURRENCY_LIMIT_REACHED });
    expect(String((error as Error).message)).not.toMatch(/Ana|5555/);
    expect(stub.requests()).toBe(1);
  });

  it('turns a web call create blocked by the concurrency limit into at_capacity', async () => {
    stub = await startStub({ status: 201, body: { ...blockedCall, type: 'webCall', customer: undefined } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });
    const { customerNumber: _, ...webRequest } = request('+15555550106');

    expect(await caught(agent.createWebCall(webRequest))).toMatchObject({
      kind: 'at_capacity',
      detail: CONCURRENCY_LIMIT_REACHED,
    });
  });

  it('places a call whose answer has a free slot (concurrencyBlocked false)', async () => {
    stub = await startStub({
      status: 201,
      body: { id: 'c-ok', status: 'queued', subscriptionLimits: { concurrencyBlocked: false, concurrencyLimit: 10 } },
    });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });

    expect(await agent.placeCall(request('+15555550106'))).toEqual({ vendorCallId: 'c-ok' });
  });

  it('turns a timeout into unavailable/timeout', async () => {
    stub = await startStub({ status: 201, body: { id: 'late' } }, 2_000);
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY }, 0.2);

    expect(await caught(agent.placeCall(request('+15555550106')))).toMatchObject({
      kind: 'unavailable',
      detail: 'timeout',
    });
  });

  it.each([
    [503, 'unavailable'],
    [429, 'unavailable'],
    [401, 'rejected'],
  ])('turns a web call create answered %i into %s, once, without Vapi’s answer', async (status, kind) => {
    stub = await startStub({ status, body: { message: 'Ana Lopez prompt echoed', statusCode: status } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });
    const { customerNumber: _, ...webRequest } = request('+15555550106');

    const error = await caught(agent.createWebCall(webRequest));

    expect(error).toMatchObject({ kind, detail: String(status) });
    expect(String((error as Error).message)).not.toContain('Ana');
    expect(stub.requests()).toBe(1);
  });

  it('turns a web call create that times out into unavailable/timeout', async () => {
    stub = await startStub({ status: 201, body: { id: 'late', webCallUrl: 'https://vapi.daily.co/late' } }, 2_000);
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY }, 0.2);
    const { customerNumber: _, ...webRequest } = request('+15555550106');

    expect(await caught(agent.createWebCall(webRequest))).toMatchObject({ kind: 'unavailable', detail: 'timeout' });
  });

  it('turns a web call answer without a URL into unavailable', async () => {
    stub = await startStub({ status: 201, body: { id: 'c1' } });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });
    const { customerNumber: _, ...webRequest } = request('+15555550106');

    expect(await caught(agent.createWebCall(webRequest))).toMatchObject({
      kind: 'unavailable',
      detail: 'no_web_call_url',
    });
  });

  it('turns a call lookup answered without a call into unavailable, and a 404 into no call', async () => {
    stub = await startStub({ status: 200, body: 'not a call' });
    const agent = createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY });
    expect(await caught(agent.getCall('c1'))).toMatchObject({ kind: 'unavailable', detail: 'no_call' });
    await stub.stop();

    stub = await startStub({ status: 404, body: { message: 'Not Found' } });
    expect(await createVapiVoiceAgent(envFor(stub.url), { apiKey: API_KEY }).getCall('c1')).toBeNull();
  });

  it('turns a refused connection into unavailable/network', async () => {
    const agent = createVapiVoiceAgent(envFor('http://127.0.0.1:9'), { apiKey: API_KEY });

    expect(await caught(agent.getCall('c1'))).toMatchObject({ kind: 'unavailable', detail: 'network' });
  });
});
