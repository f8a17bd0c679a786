/**
 * Vapi on the fleet simulation's virtual clock (issue 27 item 3): the voice simulator's endings and
 * scripts (call-script.ts: the last digit of the number picks the ending), a limit of concurrent
 * calls that answers over-limit creates as Vapi does (VoiceAgentError 'at_capacity'), and each
 * call's server messages (status updates, then the end-of-call report) as Vapi posts them, due at
 * their virtual times. It stands in for the real adapter and the simulator's HTTP server, which play
 * calls in real time.
 */
import { randomUUID } from 'node:crypto';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { Clock } from '../../lambdas/kernel/ports';
import { VoiceAgentError } from '../../lambdas/kernel/vendor-errors';
import type { OutboundCallRequest, VoiceAgent } from '../../lambdas/calls/ports';
import { createCallBody, type VapiCallSettings } from '../../lambdas/vendors/vapi/vapi-voice-agent';
import { reportFromVapiCall } from '../../lambdas/vendors/vapi/vapi-messages';
import {
  ENDED_REASONS,
  artifactFor,
  scriptFor,
  simulatedEndingOf,
  simulatedTransferOf,
  type Script,
} from '../../lambdas/vendors/vapi/simulator/call-script';
import { inCallLanguage } from '../../lambdas/vendors/vapi/simulator/spanish-script';
import { callTimeline } from './fleet-mix';

/** The server messages of a call, in the order Vapi posts them. */
export type CallStep = 'ringing' | 'in-progress' | 'ended' | 'report';

const SETTINGS: VapiCallSettings = {
  phoneNumberId: 'fleet-phone-number',
  modelProvider: 'openai',
  model: 'gpt-4o',
  webhookUrl: 'https://fleet.invalid/webhooks/vapi',
};

interface Playing {
  call: Vapi.Call;
  script: Script;
  answeredAt: number;
}

export class VirtualVapi implements VoiceAgent {
  private readonly calls = new Map<string, Playing>();
  private readonly busy = new Set<string>();
  /** Calls Vapi started, per call log: more than one is a call placed twice. */
  readonly placements = new Map<string, number>();
  /** When Vapi first started each call log's call (virtual epoch ms). */
  readonly firstPlacedAt = new Map<string, number>();
  /** Creates refused because every slot was busy. */
  atCapacity = 0;
  /** Most calls running at once. */
  peak = 0;

  constructor(
    private readonly slots: number,
    private readonly clock: Clock,
    private readonly random: () => number,
    /** Schedules a call's next message at `at` (virtual epoch ms). */
    private readonly post: (at: number, vendorCallId: string, step: CallStep) => void,
  ) {}

  get inUse(): number {
    return this.busy.size;
  }

  placeCall(request: OutboundCallRequest): Promise<{ vendorCallId: string }> {
    // Vapi refuses a create while every concurrent slot of the account is in use.
    if (this.busy.size >= this.slots) {
      this.atCapacity++;
      return Promise.reject(
        new VoiceAgentError('at_capacity', 'call.start.error-subscription-concurrency-limit-reached'),
      );
    }
    const body = createCallBody(request, SETTINGS);
    const ending = simulatedEndingOf(request.customerNumber);
    const script = inCallLanguage(
      body.assistantOverrides,
      scriptFor(body.assistantOverrides, ending, simulatedTransferOf(request.customerNumber)),
    );
    const now = this.clock.now().getTime();
    const at = new Date(now).toISOString();
    const call: Vapi.Call = {
      id: randomUUID(),
      orgId: 'fleet',
      createdAt: at,
      updatedAt: at,
      type: 'outboundPhoneCall',
      status: 'queued',
      assistantOverrides: body.assistantOverrides,
      customer: body.customer,
    };
    this.calls.set(call.id, { call, script, answeredAt: now });
    this.busy.add(call.id);
    this.peak = Math.max(this.peak, this.busy.size);
    this.placements.set(request.callLogId, (this.placements.get(request.callLogId) ?? 0) + 1);
    if (!this.firstPlacedAt.has(request.callLogId)) this.firstPlacedAt.set(request.callLogId, now);
    const timeline = callTimeline(ending, this.random);
    this.post(now + timeline.ringing, call.id, 'ringing');
    if (timeline.answered !== null) this.post(now + timeline.answered, call.id, 'in-progress');
    this.post(now + timeline.ended, call.id, 'ended');
    this.post(now + timeline.report, call.id, 'report');
    return Promise.resolve({ vendorCallId: call.id });
  }

  getCall(vendorCallId: string): ReturnType<VoiceAgent['getCall']> {
    const playing = this.calls.get(vendorCallId);
    if (!playing) return Promise.resolve(null);
    const { call } = playing;
    // As Vapi (and the adapter): ended as soon as it ends, analysed only from its report on.
    if (call.status === 'ended')
      return Promise.resolve({
        state: 'ended',
        report: reportFromVapiCall(call),
        analysed: call.analysis !== undefined,
      });
    return Promise.resolve({ state: call.status === 'in-progress' ? 'in_progress' : 'queued' });
  }

  /** The call moves on to `step` now; the webhook body Vapi posts for it (`{ message }`). */
  step(
    vendorCallId: string,
    step: CallStep,
  ): { message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport } {
    const playing = this.calls.get(vendorCallId);
    if (!playing) throw new Error(`No virtual call ${vendorCallId}`);
    const { call, script } = playing;
    const now = this.clock.now();
    const update = (changes: Partial<Vapi.Call>) => Object.assign(call, changes, { updatedAt: now.toISOString() });
    const endedReason = script.endedReason ?? ENDED_REASONS[script.ending];
    switch (step) {
      case 'ringing':
        update({ status: 'ringing', startedAt: now.toISOString() });
        break;
      case 'in-progress':
        playing.answeredAt = now.getTime();
        update({ status: 'in-progress' });
        break;
      case 'ended':
        update({ status: 'ended', endedReason, endedAt: now.toISOString() });
        // The slot is free once the call has ended, before its analysis is done.
        this.busy.delete(vendorCallId);
        break;
      case 'report': {
        const answered = script.ending !== 'no_answer' && script.ending !== 'busy';
        const seconds = (Date.parse(call.endedAt ?? '') - Date.parse(call.startedAt ?? '')) / 1000;
        update({
          artifact: artifactFor(call, script, playing.answeredAt),
          analysis: script.analysis,
          cost: answered ? Math.round((0.02 + seconds * 0.0018) * 1e4) / 1e4 : 0,
        });
        return {
          message: {
            type: 'end-of-call-report',
            endedReason,
            timestamp: now.getTime(),
            call: structuredClone(call),
            artifact: call.artifact ?? {},
            analysis: call.analysis ?? {},
            ...(call.startedAt ? { startedAt: call.startedAt } : {}),
            ...(call.endedAt ? { endedAt: call.endedAt } : {}),
            cost: call.cost ?? 0,
          },
        };
      }
    }
    return {
      message: {
        type: 'status-update',
        status: call.status ?? 'queued',
        ...(call.status === 'ended' ? { endedReason } : {}),
        timestamp: now.getTime(),
        call: structuredClone(call),
      },
    };
  }
}
