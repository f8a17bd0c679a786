import { describe, expect, it } from 'vitest';
import { VoiceAgentError } from '../../lambdas/kernel/vendor-errors';
import { parseVapiWebhook } from '../../lambdas/vendors/vapi/vapi-messages';
import type { OutboundCallRequest } from '../../lambdas/calls/ports';
import { seededRandom } from './fleet-mix';
import { VirtualVapi, type CallStep } from './virtual-vapi';

function request(callLogId: string, lastDigit: number): OutboundCallRequest {
  return {
    callLogId,
    patientId: '11111111-1111-4111-8111-111111111111',
    organizationId: '22222222-2222-4222-8222-222222222222',
    customerNumber: `+120255501${String(lastDigit).padStart(2, '0')}`,
    assistantId: 'assistant',
    voiceId: 'voice',
    systemPrompt: 'You are calling about the care plan.',
    firstMessage: 'Hello',
    audience: 'patient',
    voicemailMessage: null,
  };
}

function virtualVapi(slots: number) {
  let now = Date.parse('2026-12-01T14:00:00Z');
  const posted: { at: number; vendorCallId: string; step: CallStep }[] = [];
  const vapi = new VirtualVapi(slots, { now: () => new Date(now) }, seededRandom(3), (at, vendorCallId, step) =>
    posted.push({ at, vendorCallId, step }),
  );
  return { vapi, posted, setNow: (at: number) => (now = at) };
}

describe('Vapi on the virtual clock', () => {
  it('refuses a create over the limit as at capacity, and takes one again once a call has ended', async () => {
    const { vapi, posted, setNow } = virtualVapi(2);
    const first = await vapi.placeCall(request('a', 7));
    await vapi.placeCall(request('b', 7));
    const refused = await vapi.placeCall(request('c', 7)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VoiceAgentError);
    expect((refused as VoiceAgentError).kind).toBe('at_capacity');
    expect(vapi.atCapacity).toBe(1);
    expect(vapi.inUse).toBe(2);
    const ended = posted.find((p) => p.vendorCallId === first.vendorCallId && p.step === 'ended')!;
    setNow(ended.at);
    vapi.step(first.vendorCallId, 'ended');
    expect(vapi.inUse).toBe(1);
    await vapi.placeCall(request('c', 7));
    expect(vapi.peak).toBe(2);
    expect([...vapi.placements.values()]).toEqual([1, 1, 1]);
  });

  it("posts an answered call's ringing, in-progress, ended and report, which read as the webhook reads them", async () => {
    const { vapi, posted, setNow } = virtualVapi(1);
    const { vendorCallId } = await vapi.placeCall(request('33333333-3333-4333-8333-333333333333', 7));
    expect(posted.map((p) => p.step)).toEqual(['ringing', 'in-progress', 'ended', 'report']);
    const bodies = posted.map((p) => {
      setNow(p.at);
      return parseVapiWebhook(vapi.step(vendorCallId, p.step));
    });
    // Vapi's `ringing` reads as queued: only `in-progress` moves a call log.
    expect(bodies.slice(0, 3).map((b) => b.type === 'status-update' && b.status)).toEqual([
      'queued',
      'in_progress',
      'ended',
    ]);
    const report = bodies[3]!;
    if (report.type !== 'end-of-call-report') throw new Error('not a report');
    expect(report.callLogId).toBe('33333333-3333-4333-8333-333333333333');
    expect(report.report.outcome).toBe('answered');
    const talked = (Date.parse(report.report.endedAt!) - Date.parse(report.report.startedAt!)) / 1000;
    expect(talked).toBeGreaterThanOrEqual(240);
    expect(await vapi.getCall(vendorCallId)).toMatchObject({ state: 'ended', report: { outcome: 'answered' } });
  });

  it('plays an unanswered number (last digit 0) without in-progress, reported as no answer', async () => {
    const { vapi, posted, setNow } = virtualVapi(1);
    const { vendorCallId } = await vapi.placeCall(request('44444444-4444-4444-8444-444444444444', 0));
    expect(posted.map((p) => p.step)).toEqual(['ringing', 'ended', 'report']);
    let last;
    for (const p of posted) {
      setNow(p.at);
      last = parseVapiWebhook(vapi.step(vendorCallId, p.step));
    }
    expect(last).toMatchObject({ type: 'end-of-call-report', report: { outcome: 'no_answer' } });
  });
});
