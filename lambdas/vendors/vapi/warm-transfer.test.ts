/**
 * Warm transfer through Vapi (DECISIONS "Warm transfer"): the transferCall tool a phone check-in
 * carries (valid against the vendored contract), what a report says of the transfer, and the
 * simulator playing it.
 */
import { describe, expect, it } from 'vitest';
import type { Vapi } from '@vapi-ai/server-sdk';
import { CLINICIAN_BRIEFING_PROMPT, TRANSFER_WORDS } from '../../../shared/warm-transfer';
import type { OutboundCallRequest } from '../../calls/ports';
import { vapiContractErrors } from './simulator/contract-validator';
import { artifactFor, scriptFor, simulatedTransferOf } from './simulator/call-script';
import { assistantOverridesOf, createCallBody, createWebCallBody, type VapiCallSettings } from './vapi-voice-agent';
import { reportFromVapiCall } from './vapi-messages';

const SETTINGS: VapiCallSettings = {
  phoneNumberId: 'pn_careloop',
  modelProvider: 'openai',
  model: 'gpt-4o',
  webhookUrl: 'http://127.0.0.1:9/webhooks/vapi',
};
const ON_CALL = '+12025550199';
const transfer = { number: ON_CALL, words: TRANSFER_WORDS.en, briefing: CLINICIAN_BRIEFING_PROMPT };

const request: OutboundCallRequest = {
  callLogId: '0b6d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
  patientId: 'p_1',
  organizationId: 'o_1',
  customerNumber: '+18135550193',
  assistantId: 'asst_careloop',
  voiceId: 'marissa',
  systemPrompt: 'You are Care.',
  firstMessage: 'Hello, this is Care. Is this Ana?',
  audience: 'patient',
  voicemailMessage: null,
  transfer,
};

const toolsOf = (overrides: Vapi.AssistantOverrides | undefined) =>
  (overrides?.model as { tools?: Record<string, unknown>[] } | undefined)?.tools;

describe('the transferCall tool', () => {
  it('sends a phone check-in to the on-call number warm, the clinician briefed first, in the contract', () => {
    const body = createCallBody(request, SETTINGS);

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(toolsOf(body.assistantOverrides)).toEqual([
      {
        type: 'transferCall',
        messages: [{ type: 'request-start', content: TRANSFER_WORDS.en.connecting, blocking: true }],
        destinations: [
          expect.objectContaining({
            type: 'number',
            number: ON_CALL,
            message: '',
            transferPlan: {
              mode: 'warm-transfer-experimental',
              summaryPlan: {
                enabled: true,
                messages: [
                  { role: 'system', content: CLINICIAN_BRIEFING_PROMPT },
                  { role: 'user', content: expect.stringContaining('{{transcript}}') },
                ],
              },
              fallbackPlan: { message: TRANSFER_WORDS.en.unanswered, endCallEnabled: true },
            },
          }),
        ],
      },
    ]);
  });

  it('speaks Spanish to a Spanish-speaking patient, and is valid then too', () => {
    const body = createCallBody({ ...request, transfer: { ...transfer, words: TRANSFER_WORDS.es } }, SETTINGS);

    expect(vapiContractErrors('CreateCallDTO', body)).toEqual([]);
    expect(JSON.stringify(toolsOf(body.assistantOverrides))).toContain('llame al 911');
  });

  it('is absent without an on-call number, from web calls and from staff alerts', () => {
    expect(toolsOf(assistantOverridesOf({ ...request, transfer: null }, SETTINGS))).toBeUndefined();
    expect(toolsOf(createWebCallBody(request, SETTINGS).assistantOverrides)).toBeUndefined();
    const alert = { ...request, audience: 'staff' as const };
    expect(toolsOf(assistantOverridesOf(alert, SETTINGS))).toBeUndefined();
  });
});

const endedCall = (endedReason: string, transfers?: unknown[]) => ({
  id: '4f6a2b1c-8d3e-4f5a-9b6c-7d8e9f0a1b2c',
  status: 'ended',
  endedReason,
  startedAt: '2026-11-20T15:00:00.000Z',
  endedAt: '2026-11-20T15:04:00.000Z',
  analysis: { summary: 'Chest pain.', structuredData: { flag: 'Emergent' } },
  artifact: { messages: [], transcript: 'AI: Hello\nUser: Chest pain\n', ...(transfers ? { transfers } : {}) },
});
const numbered = (status: string, number = ON_CALL) => [{ destination: { type: 'number', number }, status }];

describe('the transfer a report tells of', () => {
  it('reads the last numbered transfer of the artifact, its terminal status in CareLoop words', () => {
    expect(reportFromVapiCall(endedCall('assistant-forwarded-call', numbered('connected'))).transfer).toEqual({
      to: ON_CALL,
      status: 'answered',
    });
    for (const status of ['no-answer', 'busy', 'voicemail']) {
      expect(reportFromVapiCall(endedCall('assistant-ended-call', numbered(status))).transfer?.status).toBe(
        'unanswered',
      );
    }
    expect(reportFromVapiCall(endedCall('assistant-ended-call', numbered('cancelled'))).transfer?.status).toBe(
      'failed',
    );
    // A destination that is not a number is no transfer CareLoop offered.
    const sip = [{ destination: { type: 'sip', sipUri: 'sip:x@example.org' }, status: 'connected' }];
    expect(reportFromVapiCall(endedCall('customer-ended-call', sip)).transfer).toBeNull();
  });

  it('falls back on the endedReason without a record, and a failed transfer still counts the call as answered', () => {
    expect(reportFromVapiCall(endedCall('assistant-forwarded-call')).transfer).toEqual({
      to: null,
      status: 'answered',
    });
    expect(reportFromVapiCall(endedCall('call.forwarding.no-answer')).transfer?.status).toBe('unanswered');
    const failed = reportFromVapiCall(endedCall('call.in-progress.error-transfer-failed'));
    expect(failed).toMatchObject({ outcome: 'answered', transfer: { to: null, status: 'failed' } });
    expect(reportFromVapiCall(endedCall('customer-ended-call')).transfer).toBeNull();
  });
});

describe('the simulator', () => {
  const overrides = createCallBody(request, SETTINGS).assistantOverrides;

  it('picks the transfer by the digit before the last: 9 nobody answers, 8 it fails', () => {
    expect(simulatedTransferOf('+18135550193')).toBe('no-answer');
    expect(simulatedTransferOf('+18135550183')).toBe('failed');
    expect(simulatedTransferOf('+18135550103')).toBe('connected');
  });

  it('plays an answered transfer on the Emergent ending, reported as Vapi reports it', () => {
    const script = scriptFor(overrides, 'Emergent', 'connected');
    expect(script).toMatchObject({ endedReason: 'assistant-forwarded-call', transfer: { number: ON_CALL } });
    expect(script.turns.map((t) => t.text)).toContain(TRANSFER_WORDS.en.connecting);
    const artifact = artifactFor({ assistantOverrides: overrides } as Vapi.Call, script, Date.now());

    expect(vapiContractErrors('Artifact', artifact)).toEqual([]);
    expect(artifact.transfers).toEqual([
      { destination: { type: 'number', number: ON_CALL }, mode: 'warm-transfer-experimental', status: 'connected' },
    ]);
  });

  it('plays an unanswered transfer with the fallback words, and none without the tool', () => {
    const script = scriptFor(overrides, 'Emergent', 'no-answer');
    expect(script.turns.map((t) => t.text)).toContain(TRANSFER_WORDS.en.unanswered);
    expect(script.transfer?.status).toBe('no-answer');

    const plain = scriptFor(assistantOverridesOf({ ...request, transfer: null }, SETTINGS), 'Emergent');
    expect(plain.transfer).toBeUndefined();
    expect(plain.endedReason).toBeUndefined();
  });
});
