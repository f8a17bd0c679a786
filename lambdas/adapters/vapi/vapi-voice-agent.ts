import { VapiError, VapiTimeoutError, type Vapi } from '@vapi-ai/server-sdk';
// The calls resource alone (the SDK's `./calls` entry, what `VapiClient#calls` is made of): about
// 40 KB in a function's bundle where the whole `VapiClient` brings about 230 KB.
import { CallsClient } from '@vapi-ai/server-sdk/calls';
import { STOP_CALLS_CONFIRMATION, VOICE_PROVIDER } from '../../../shared/calls';
import { VoiceAgentError, type OutboundCallRequest, type VoiceAgent } from '../../application/ports';
import type { VapiEnv } from '../../platform/env';
import { reportFromVapiCall, statusOf } from './vapi-messages';

/** The two requests the adapter makes: a `CallsClient`, or a `VapiClient`'s `calls`. */
export type VapiCalls = Pick<CallsClient, 'create' | 'get'>;

/** What the adapter adds to every call from configuration. */
export type VapiCallSettings = Pick<VapiEnv, 'phoneNumberId' | 'modelProvider' | 'model' | 'webhookUrl'> &
  Partial<Pick<VapiEnv, 'webhookCredentialId' | 'recordingEnabled'>>;

/** The server messages CareLoop handles (vapi-messages.ts); Vapi posts no other. */
export const HANDLED_SERVER_MESSAGES = ['status-update', 'end-of-call-report'] as const;

/** Long enough for Vapi to accept a call, short enough to answer within an API Gateway request. */
export const VAPI_TIMEOUT_SECONDS = 8;

/** Vapi as the voice platform: outbound phone calls with per-call assistant overrides. */
export class VapiVoiceAgent implements VoiceAgent {
  constructor(
    private readonly calls: VapiCalls,
    private readonly settings: VapiCallSettings,
  ) {}

  async placeCall(request: OutboundCallRequest): Promise<{ vendorCallId: string }> {
    let created: Vapi.CreateCallsResponse;
    try {
      // Never retried: a create that reached Vapi but whose answer was lost would place a second call.
      created = await this.calls.create(createCallBody(request, this.settings), { maxRetries: 0 });
    } catch (error) {
      throw voiceAgentErrorOf(error);
    }
    if (!('id' in created) || !created.id) throw new VoiceAgentError('unavailable', 'no_call_id');
    return { vendorCallId: created.id };
  }

  async getCall(vendorCallId: string): ReturnType<VoiceAgent['getCall']> {
    let call: Vapi.Call;
    try {
      call = await this.calls.get({ id: vendorCallId });
    } catch (error) {
      if (error instanceof VapiError && error.statusCode === 404) return null;
      throw voiceAgentErrorOf(error);
    }
    switch (statusOf(call.status)) {
      case 'queued':
        return { state: 'queued' };
      case 'in_progress':
        return { state: 'in_progress' };
      case 'ended':
        return { state: 'ended', report: reportFromVapiCall(call) };
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
 * What every Vapi call CareLoop creates runs with (a phone call, a web call, a staff alert):
 * the prompt, voice and first message; ids to find the call log again; HIPAA mode; only the
 * server messages CareLoop handles (none for a staff alert, which has no call log); no recording
 * unless the deployment turns it on; and, for a patient, voicemail detection with a neutral message.
 */
export function assistantOverridesOf(
  request: OutboundCallRequest,
  settings: VapiCallSettings,
): Vapi.AssistantOverrides {
  const patient = request.audience === 'patient';
  return {
    // Provider and model are configuration; Vapi checks them against its list of models.
    model: {
      provider: settings.modelProvider,
      model: settings.model,
      messages: [{ role: 'system', content: request.systemPrompt }],
    } as Vapi.AssistantOverridesModel,
    voice: { provider: VOICE_PROVIDER, voiceId: request.voiceId },
    firstMessage: request.firstMessage,
    metadata: {
      callLogId: request.callLogId,
      patientId: request.patientId,
      organizationId: request.organizationId,
    },
    // The server credential travels with the URL: an override without it would post unsigned.
    server: {
      url: settings.webhookUrl,
      ...(settings.webhookCredentialId ? { credentialId: settings.webhookCredentialId } : {}),
    },
    compliancePlan: { hipaaEnabled: true },
    serverMessages: patient ? [...HANDLED_SERVER_MESSAGES] : [],
    // Vapi records by default; a recording is PHI kept outside CareLoop.
    artifactPlan: { recordingEnabled: settings.recordingEnabled ?? false },
    ...(patient
      ? {
          // Said when the person asks not to be called again: Vapi hangs up on it.
          endCallPhrases: [STOP_CALLS_CONFIRMATION],
          voicemailDetection: { provider: 'vapi' as const },
          ...(request.voicemailMessage ? { voicemailMessage: request.voicemailMessage } : {}),
        }
      : {}),
  };
}

/**
 * Vapi's failure as an outcome. Only the status code or the kind of failure is kept: Vapi's answer
 * (and the SDK error's message, which quotes it) may echo the prompt, so may contain PHI.
 */
export function voiceAgentErrorOf(error: unknown): VoiceAgentError {
  // SDK 2.0.1 aborts its fetch with the reason 'timeout', which reaches us as a VapiError caused by
  // that string rather than as a VapiTimeoutError.
  if (error instanceof VapiTimeoutError || (error instanceof VapiError && error.cause === 'timeout')) {
    return new VoiceAgentError('unavailable', 'timeout');
  }
  if (error instanceof VapiError && error.statusCode !== undefined) {
    const status = error.statusCode;
    // 408 and 429 are Vapi being busy, not Vapi refusing the call.
    const refused = status >= 400 && status < 500 && status !== 408 && status !== 429;
    return new VoiceAgentError(refused ? 'rejected' : 'unavailable', String(status));
  }
  return new VoiceAgentError('unavailable', 'network');
}

export function createVapiVoiceAgent(env: VapiEnv, secrets: { apiKey: string }): VapiVoiceAgent {
  const calls = new CallsClient({
    baseUrl: env.baseUrl,
    token: secrets.apiKey,
    timeoutInSeconds: VAPI_TIMEOUT_SECONDS,
    maxRetries: 0,
  });
  return new VapiVoiceAgent(calls, env);
}
