/**
 * Warm transfer on an emergency (DECISIONS "Warm transfer") on the local stack: the organization's
 * on-call number (set by its clinical staff or an operator, checked, another organization's 404),
 * an emergent check-in transferred to it answered and unanswered (the voice simulator plays the
 * transfer: the digit before the last, 9 nobody answers), the call record's `transfer`, the
 * callback with its 1-hour deadline first on the worklist, and no transfer without a number.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDetailResponse, CallLogSummary } from '../../shared/calls';
import type { ProviderOrganization } from '../../shared/domain';
import type { WorklistAnswer } from '../../shared/dashboard';
import { VALIDATION } from '../../shared/messages';
import { ON_CALL_MESSAGES } from '../../shared/warm-transfer';
import { call } from '../support/api';
import {
  createOrganization,
  createPatient,
  eventually,
  expectStatus,
  lakesideToken,
  throwawayToken,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');
const ON_CALL = '+12025550199';

let organization: ProviderOrganization;
let staff: string;

beforeAll(async () => {
  organization = await createOrganization(stack);
  staff = await throwawayToken(stack, 'provider', organization.id);
});

const setOnCall = (body: unknown, token = staff, org = organization.id) =>
  call<{ provider: ProviderOrganization; error?: string; code?: string }>(stack, 'PUT', `/providers/${org}/on-call`, {
    token,
    ...(body === undefined ? {} : { body }),
  });

/** An Emergent patient (last digit 3) whose transfer ends as the digit before it says (9: nobody answers). */
async function emergentPatient(transferDigit: number) {
  const middle = String(Math.floor(Math.random() * 100)).padStart(2, '0');
  return createPatient(stack, organization.id, { phone_number: `+1813555${middle}${transferDigit}3` }, staff);
}

const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: staff }), 200).call;
async function placedAndSettled(patientId: string) {
  const placed = expectStatus(
    await call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/calls`, { token: staff }),
    201,
  ).call;
  return eventually(
    () => callDetail(placed.id),
    (c) => c.status === 'completed' || c.status === 'failed',
  );
}
const worklist = async () => expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: staff }), 200);

/** What the voice simulator was asked for the call: its transfer tool, if any. */
async function toolsOf(vendorCallId: string | undefined) {
  const { apiKey } = await vapiSecret(stack);
  const calls = (await (
    await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()) as { id: string; customer?: { number?: string }; assistantOverrides?: { model?: { tools?: unknown[] } } }[];
  return calls.find((c) => c.id === vendorCallId)?.assistantOverrides?.model?.tools;
}
async function dialledCall(number: string) {
  const { apiKey } = await vapiSecret(stack);
  const calls = (await (
    await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()) as { id: string; customer?: { number?: string } }[];
  return calls.find((c) => c.customer?.number === number);
}

describe('the on-call number', () => {
  it('is set in E.164 by the practice, refused in words when it is no number, and 404 for another practice', async () => {
    const missing = await setOnCall(undefined);
    expect(missing).toMatchObject({ status: 400, body: { error: ON_CALL_MESSAGES.required } });
    const absentKey = await setOnCall({});
    expect(absentKey).toMatchObject({ status: 400, body: { error: ON_CALL_MESSAGES.required } });
    const bad = await setOnCall({ on_call_number: '12' });
    expect(bad).toMatchObject({ status: 400, body: { error: VALIDATION.invalidPhone } });
    // A number of a country this deployment does not serve.
    const abroad = await setOnCall({ on_call_number: '+442071838750' });
    expect(abroad).toMatchObject({ status: 400, body: { code: 'request.invalid.phone_number' } });

    const other = await setOnCall({ on_call_number: ON_CALL }, await lakesideToken(stack));
    expect(other).toMatchObject({ status: 404, body: { code: 'provider.not_found' } });

    const set = await setOnCall({ on_call_number: '(202) 555-0199' });
    expect(expectStatus(set, 200).provider.on_call_number).toBe(ON_CALL);
    const read = await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${organization.id}`, {
      token: staff,
    });
    expect(expectStatus(read, 200).provider.on_call_number).toBe(ON_CALL);

    const stale = await setOnCall({ on_call_number: ON_CALL, version: 1 });
    expect(stale).toMatchObject({ status: 409 });
  });
});

describe('an emergent check-in', () => {
  it('without an on-call number transfers nothing: no tool, no transfer on the record', async () => {
    expectStatus(await setOnCall({ on_call_number: null }), 200);
    const patient = await emergentPatient(0);
    const settled = await placedAndSettled(patient.id);
    expect(settled).toMatchObject({ status: 'completed', escalation_level: 'Emergent', transfer: null });
    const vendorCall = await dialledCall(patient.phone_number ?? '');
    expect(await toolsOf(vendorCall?.id)).toBeUndefined();
  });

  it('is transferred warm to the on-call number, and an answered transfer leaves no callback', async () => {
    expectStatus(await setOnCall({ on_call_number: ON_CALL }), 200);
    const patient = await emergentPatient(0);
    const settled = await placedAndSettled(patient.id);
    expect(settled).toMatchObject({
      status: 'completed',
      outcome: 'answered',
      escalation_level: 'Emergent',
      ended_reason: 'assistant-forwarded-call',
      transfer: { to: ON_CALL, status: 'answered' },
    });
    const vendorCall = await dialledCall(patient.phone_number ?? '');
    expect(await toolsOf(vendorCall?.id)).toEqual([
      expect.objectContaining({
        type: 'transferCall',
        destinations: [
          expect.objectContaining({
            type: 'number',
            number: ON_CALL,
            transferPlan: expect.objectContaining({ mode: 'warm-transfer-experimental' }),
          }),
        ],
      }),
    ]);
    const item = (await worklist()).urgent_summaries.items.find((i) => i.call_id === settled.id);
    expect(item).toMatchObject({ escalation_level: 'Emergent', callback_due_at: null });
  });

  it('nobody answering leaves a callback due within the hour, first on the worklist', async () => {
    expectStatus(await setOnCall({ on_call_number: ON_CALL }), 200);
    const patient = await emergentPatient(9);
    const settled = await placedAndSettled(patient.id);
    expect(settled).toMatchObject({
      status: 'completed',
      escalation_level: 'Emergent',
      transfer: { to: ON_CALL, status: 'unanswered' },
    });
    const at = Date.parse(settled.transfer?.at ?? '');
    const items = (await worklist()).urgent_summaries.items;
    expect(items[0]).toMatchObject({ call_id: settled.id, patient_id: patient.id });
    expect(Date.parse(items[0]?.callback_due_at ?? '') - at).toBe(60 * 60 * 1000);
    // The patient heard the fallback words: call 911, the practice will call back.
    expect(settled.transcript.map((t) => t.text).join(' ')).toContain('call 911');
  });
});
