// Vapi's types only: the three requests CareLoop makes go through `vapiApi` below, not the SDK's
// client, which brought 96 KB that every calling function parsed on a cold start (issue 27 item 4).
import type { Vapi } from '@vapi-ai/server-sdk';
import {
  ENGLISH_SUMMARY_MESSAGES,
  VOICE_PROVIDER,
  endCallPhrasesOf,
  type CallLanguage,
} from '../../../shared/values/settings';
import {
  type OutboundCallRequest,
  type TransferOffer,
  type VoiceAgent,
  type WebCallAgent,
  type WebCallRequest,
} from '../../calls/ports';
import { VoiceAgentError } from '../../kernel/vendor-errors';
import type { VapiEnv } from '../../kernel/env';
import { reportFromVapiCall, statusOf } from './vapi-messages';
import { checkInDataPlan } from './check-in-data';
import { enrollmentDataPlan } from './enrollment-call-data';

/**
 * One request to Vapi's API with the private key, answering the parsed JSON (null for none). Throws
 * `VapiAnswerError` for an answer that is not 2xx and `VapiTimeoutError` when none came in time.
 */
export type VapiApi = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** Vapi answered with a failure: only its status is kept (its answer may echo the prompt). */
export class VapiAnswerError extends Error {
  constructor(readonly status: number) {
    super(`Vapi answered ${status}`);
    this.name = 'VapiAnswerError';
  }
}

/** No answer from Vapi in time. */
export class VapiTimeoutError extends Error {
  constructor() {
    super('Vapi did not answer in time');
    this.name = 'VapiTimeoutError';
  }
}

/** What the adapter adds to every call from configuration. */
export type VapiCallSettings = Pick<VapiEnv, 'phoneNumberId' | 'modelProvider' | 'model' | 'webhookUrl'> &
  Partial<Pick<VapiEnv, 'webhookCredentialId' | 'recordingEnabled' | 'spanishVoiceId'>>;

/** The server messages CareLoop handles (vapi-messages.ts); Vapi posts no other. */
export const HANDLED_SERVER_MESSAGES = ['status-update', 'end-of-call-report'] as const;
/** What a call without a call log (a staff alert) reports: its status, for the line it holds. */
export const LEASED_CALL_SERVER_MESSAGES = ['status-update'] as const;

/** Long enough for Vapi to accept a call, short enough to answer within an API Gateway request. */
export const VAPI_TIMEOUT_SECONDS = 8;

/** Vapi as the voice platform: outbound phone calls and web calls with per-call assistant overrides. */
export class VapiVoiceAgent implements VoiceAgent, WebCallAgent {
  constructor(
    private readonly api: VapiApi,
    private readonly settings: VapiCallSettings,
  ) {}

  async createWebCall(request: WebCallRequest): Promise<{ vendorCallId: string; webCallUrl: string }> {
    let created: unknown;
    try {
      // Never retried: a create that reached Vapi but whose answer was lost would make a second call.
      created = await this.api('POST', '/call/web', createWebCallBody(request, this.settings));
    } catch (error) {
      throw voiceAgentErrorOf(error);
    }
    const call = (typeof created === 'object' && created !== null ? created : {}) as {
      id?: unknown;
      webCallUrl?: unknown;
      transport?: { callUrl?: unknown };
    };
    // Web calls draw from the same pool of slots as phone calls (docs.vapi.ai/calls/call-concurrency).
    throwIfConcurrencyBlocked(created);
    // Vapi names the room in `webCallUrl`, and in `transport.callUrl` (what `@vapi-ai/web` reads either way).
    const webCallUrl = call.webCallUrl ?? call.transport?.callUrl;
    if (typeof call.id !== 'string' || !call.id) throw new VoiceAgentError('unavailable', 'no_call_id');
    if (typeof webCallUrl !== 'string' || !webCallUrl) throw new VoiceAgentError('unavailable', 'no_web_call_url');
    return { vendorCallId: call.id, webCallUrl };
  }

  async placeCall(request: OutboundCallRequest): Promise<{ vendorCallId: string }> {
    let created: unknown;
    try {
      // Never retried: a create that reached Vapi but whose answer was lost would place a second call.
      created = await this.api('POST', '/call', createCallBody(request, this.settings));
    } catch (error) {
      throw voiceAgentErrorOf(error);
    }
    throwIfConcurrencyBlocked(created);
    const id = (typeof created === 'object' && created !== null ? created : {}) as { id?: unknown };
    if (typeof id.id !== 'string' || !id.id) throw new VoiceAgentError('unavailable', 'no_call_id');
    return { vendorCallId: id.id };
  }

  async getCall(vendorCallId: string): ReturnType<VoiceAgent['getCall']> {
    let call: Vapi.Call;
    try {
      call = (await this.api('GET', `/call/${encodeURIComponent(vendorCallId)}`)) as Vapi.Call;
    } catch (error) {
      if (error instanceof VapiAnswerError && error.status === 404) return null;
      throw voiceAgentErrorOf(error);
    }
    if (typeof call !== 'object' || call === null) throw new VoiceAgentError('unavailable', 'no_call');
    switch (statusOf(call.status)) {
      case 'queued':
        return { state: 'queued' };
      case 'in_progress':
        return { state: 'in_progress' };
      case 'ended':
        return { state: 'ended', report: reportFromVapiCall(call), analysed: call.analysis !== undefined };
      case 'other':
        // `not-found`, `deletion-failed`: Vapi has no call to report on.
        return null;
    }
  }
}

/** The body of POST /call: the assistant with this call's overrides, from CareLoop's number. */
export function createCallBody(request: OutboundCallRequest, settings: VapiCallSettings): Vapi.CreateCallDto {
  return {
    assistantId: request.assistantId,
    phoneNumberId: settings.phoneNumberId,
    customer: { number: request.customerNumber },
    assistantOverrides: assistantOverridesOf(request, settings),
  };
}

/**
 * How a call in Spanish is heard and understood: the deployment's Spanish voice (else the settings'
 * voice) through ElevenLabs' multilingual model, and Deepgram transcribing Spanish. English calls
 * keep the assistant's own transcriber and the voice's default model.
 */
function speechOf(
  language: CallLanguage,
  voiceId: string,
  settings: VapiCallSettings,
): Pick<Vapi.AssistantOverrides, 'voice' | 'transcriber'> {
  if (language === 'en') return { voice: { provider: VOICE_PROVIDER, voiceId } };
  return {
    voice: { provider: VOICE_PROVIDER, voiceId: settings.spanishVoiceId || voiceId, model: 'eleven_multilingual_v2' },
    transcriber: { provider: 'deepgram', model: 'nova-2', language },
  };
}

/** A phone call's request, or a web call's (audience `web`: no number, no voicemail). */
type OverridesRequest = Omit<OutboundCallRequest, 'customerNumber' | 'audience'> & {
  audience: OutboundCallRequest['audience'] | 'web';
};

/**
 * What every Vapi call CareLoop creates runs with (a phone call, a web call, a staff alert):
 * the prompt, voice and first message; ids to find the call log again; HIPAA mode; only the
 * server messages CareLoop handles (a staff alert, which has no call log, only its status updates,
 * for the line lease named in its metadata); no recording
 * unless the deployment turns it on; and, for a patient, voicemail detection with a neutral message.
 * The patient's language chooses the voice, the transcriber and the end-call phrase; the summary for
 * staff is asked for in English whatever the call's language.
 */
export function assistantOverridesOf(request: OverridesRequest, settings: VapiCallSettings): Vapi.AssistantOverrides {
  // A web call is reported and can be asked to stop like a patient's phone call, but has no voicemail.
  const reported = request.audience !== 'staff';
  const phoneToPatient = request.audience === 'patient';
  const language = request.language ?? 'en';
  return {
    // Provider and model are configuration; Vapi checks them against its list of models.
    model: {
      provider: settings.modelProvider,
      model: settings.model,
      messages: [{ role: 'system', content: request.systemPrompt }],
      // A phone check-in of an organization with an on-call number may transfer an emergency warm.
      ...(phoneToPatient && request.transfer ? { tools: [transferToolOf(request.transfer)] } : {}),
    } as Vapi.AssistantOverridesModel,
    ...speechOf(language, request.voiceId, settings),
    firstMessage: request.firstMessage,
    metadata: {
      callLogId: request.callLogId,
      patientId: request.patientId,
      organizationId: request.organizationId,
      ...(request.lineLeaseId ? { lineLeaseId: request.lineLeaseId } : {}),
    },
    ...(request.maxDurationSeconds ? { maxDurationSeconds: request.maxDurationSeconds } : {}),
    // The server credential travels with the URL: an override without it would post unsigned.
    server: {
      url: settings.webhookUrl,
      ...(settings.webhookCredentialId ? { credentialId: settings.webhookCredentialId } : {}),
    },
    compliancePlan: { hipaaEnabled: true },
    // A staff alert has no call log: only its status updates, whose `ended` gives its line back.
    serverMessages: reported ? [...HANDLED_SERVER_MESSAGES] : [...LEASED_CALL_SERVER_MESSAGES],
    // Vapi records by default; a recording is PHI kept outside CareLoop.
    artifactPlan: { recordingEnabled: settings.recordingEnabled ?? false },
    // Said when the person asks not to be called again: Vapi hangs up on it.
    ...(reported
      ? {
          endCallPhrases: [...new Set([request.enrollment?.stopConfirmation, ...endCallPhrasesOf(language)])].flatMap(
            (p) => (p ? [p] : []),
          ),
        }
      : {}),
    // What the report's structured data holds: the assessment and the readings the care plan
    // monitors, or an enrollment call's answer.
    ...(reported
      ? {
          analysisPlan: {
            structuredDataPlan: request.enrollment ? enrollmentDataPlan() : checkInDataPlan(request.measures ?? []),
            ...(language === 'en' ? {} : { summaryPlan: { messages: [...ENGLISH_SUMMARY_MESSAGES] } }),
          },
        }
      : {}),
    ...(phoneToPatient
      ? {
          voicemailDetection: { provider: 'vapi' as const },
          ...(request.voicemailMessage ? { voicemailMessage: request.voicemailMessage } : {}),
        }
      : {}),
  };
}

/**
 * The `transferCall` tool to the on-call number (DECISIONS "Warm transfer"). Mode
 * `warm-transfer-experimental` is the one whose contract says what happens when the destination is
 * unreachable or not human (voicemail): the patient hears `fallbackPlan.message`, then the call
 * ends; the clinician who answers hears the summary (`summaryPlan`) before the patient joins, and a
 * voicemail never hears it. The patient hears the connecting words before the transfer starts.
 */
export function transferToolOf(transfer: TransferOffer): Vapi.CreateTransferCallToolDto & { type: 'transferCall' } {
  return {
    type: 'transferCall',
    messages: [{ type: 'request-start', content: transfer.words.connecting, blocking: true }],
    destinations: [
      {
        type: 'number',
        number: transfer.number,
        // The tool's request-start message has said it: nothing more before connecting.
        message: '',
        description: "The care team's on-call clinician, for a call that turned emergent",
        transferPlan: {
          mode: 'warm-transfer-experimental',
          summaryPlan: {
            enabled: true,
            messages: [
              { role: 'system', content: transfer.briefing },
              { role: 'user', content: 'Here is the transcript:\n\n{{transcript}}' },
            ],
          },
          fallbackPlan: { message: transfer.words.unanswered, endCallEnabled: true },
        },
      },
    ],
  };
}

/**
 * The body of POST /call/web: the assistant and exactly the overrides of a phone call, set by the
 * server, so a browser cannot change the prompt, the metadata or where the reports go.
 */
export function createWebCallBody(request: WebCallRequest, settings: VapiCallSettings): Vapi.CreateWebCallDto {
  return {
    assistantId: request.assistantId,
    assistantOverrides: assistantOverridesOf({ ...request, audience: 'web', voicemailMessage: null }, settings),
  };
}

/** The ended reason of a call Vapi did not start because every concurrent-call slot was busy. */
export const CONCURRENCY_LIMIT_REACHED = 'call.start.error-subscription-concurrency-limit-reached';

/**
 * Vapi answers a create over the account's concurrency limit with a call that never starts, not an
 * HTTP error (docs.vapi.ai/calls/call-concurrency, "View concurrency in call responses": POST
 * /call's answer carries `subscriptionLimits`, `concurrencyBlocked: true` when "the call could not
 * start because all slots were full"; the contract's `Call.endedReason` names
 * `call.start.error-subscription-concurrency-limit-reached`). Either sign is the outcome
 * `at_capacity`: the call waits for a slot. Only the code is kept, never the answer.
 */
function throwIfConcurrencyBlocked(created: unknown): void {
  const answer = (typeof created === 'object' && created !== null ? created : {}) as {
    subscriptionLimits?: { concurrencyBlocked?: unknown };
    endedReason?: unknown;
  };
  if (answer.subscriptionLimits?.concurrencyBlocked === true || answer.endedReason === CONCURRENCY_LIMIT_REACHED) {
    throw new VoiceAgentError('at_capacity', CONCURRENCY_LIMIT_REACHED);
  }
}

/**
 * Vapi's failure as an outcome. Only the status code or the kind of failure is kept: Vapi's answer
 * (and the SDK error's message, which quotes it) may echo the prompt, so may contain PHI.
 */
export function voiceAgentErrorOf(error: unknown): VoiceAgentError {
  if (error instanceof VapiTimeoutError) return new VoiceAgentError('unavailable', 'timeout');
  if (error instanceof VapiAnswerError) {
    const status = error.status;
    // 408 and 429 are Vapi being busy, not Vapi refusing the call.
    const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
    return new VoiceAgentError(refused ? 'rejected' : 'unavailable', String(status));
  }
  return new VoiceAgentError('unavailable', 'network');
}

/**
 * Vapi's API at `baseUrl` with the private key: one request each, never retried (a retried create
 * could place a second call), within `timeoutSeconds`. Vapi's answer to a failure is read but not
 * kept: it may echo the prompt.
 */
export function vapiApi(baseUrl: string, apiKey: string, timeoutSeconds: number = VAPI_TIMEOUT_SECONDS): VapiApi {
  const origin = baseUrl.replace(/\/+$/, '');
  return async (method, path, body) => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new VapiTimeoutError();
      throw error;
    }
    if (!response.ok) throw new VapiAnswerError(response.status);
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
}

export function createVapiVoiceAgent(
  env: VapiEnv,
  secrets: { apiKey: string },
  timeoutSeconds: number = VAPI_TIMEOUT_SECONDS,
): VapiVoiceAgent {
  return new VapiVoiceAgent(vapiApi(env.baseUrl, secrets.apiKey, timeoutSeconds), env);
}
