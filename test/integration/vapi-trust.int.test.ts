/**
 * Trust at the vendor boundary (issue 21, DECISIONS "Vendor trust"): a Vapi message, genuinely
 * signed, changes only the call CareLoop placed as that very Vapi call, while it runs. Anyone
 * holding Vapi's public key can start a call whose metadata names another call's log id; Vapi then
 * signs its report all the same.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STOP_CALLS_CONFIRMATION } from '../../shared/values/settings';
import type { CallDetailResponse, CallLogSummary, PatientCallsResponse } from '../../shared/calls';
import { call } from '../support/api';
import {
  auditTrail,
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  postVapiWebhook,
  scheduleCallFor,
  sunriseToken,
  tableOf,
  vapiSecret,
} from '../support/fixtures';
import { endOfCallReport, statusUpdate } from '../support/vapi-messages';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { leaseCallWrite, leaseTakeWrites } from '../../lambdas/kernel/read-models/call-lines';

const stack = inject('stack');

let sunrise: string;
let nurse: string;

beforeAll(async () => {
  sunrise = (await demoOrganizations(stack)).sunrise;
  nurse = await sunriseToken(stack);
});

const table = () => tableOf(stack);
const stored = async (id: string) => (await table().entities.callLog.get({ call_log_id: id }).go()).data;
const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: nurse }), 200).call;
const patientCalls = async (patientId: string) =>
  expectStatus(await call<PatientCallsResponse>(stack, 'GET', `/patients/${patientId}/calls`, { token: nurse }), 200);
const aws = async (path: string, body: unknown) =>
  fetch(`${stack.awsUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
/** What the next call the voice simulator receives does (`drop-all`: the test posts its webhooks). */
const nextCall = async (fault: 'drop-all' | 'stop-calls') => {
  const { apiKey } = await vapiSecret(stack);
  const res = await fetch(`${stack.voiceUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ next: [fault] }),
  });
  expect(res.status).toBe(200);
};
const placeCall = async (patientId: string) =>
  expectStatus(
    await call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/calls`, { token: nurse }),
    201,
  ).call;
const placeSilentCall = async (lastDigit = 6) => {
  const patient = await createCallablePatient(stack, sunrise, lastDigit);
  await nextCall('drop-all');
  const placed = await placeCall(patient.id);
  const vendorCallId = (await stored(placed.id))?.vendor_call_id;
  if (!vendorCallId) throw new Error('the vendor call id was not stored');
  return { patient, placed, vendorCallId };
};
const signed = async (body: unknown) =>
  expect(await postVapiWebhook(stack, body)).toEqual({
    status: 200,
    body: { received: true },
  });

/** A patient with monthly outreach (its first check-in scheduled) and accepted consent. */
const withOutreach = async (lastDigit: number) => {
  const answer = await call<{ patient: { id: string } }>(stack, 'POST', '/patients', {
    token: nurse,
    body: {
      provider_id: sunrise,
      first_name: 'Monthly',
      last_name: `Target${Math.random().toString(36).slice(2, 7)}`,
      email: `target-${randomUUID().slice(0, 8)}@example.test`,
      phone_number: `+1813555${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${lastDigit}`,
      outreach: { first_outreach_date: '2030-01-15', time_preference: 'afternoon' },
      consent: {
        status: 'accepted',
        date: '2026-01-05',
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    },
  });
  return expectStatus(answer, 201).patient.id;
};

describe('a signed Vapi message naming another call', () => {
  it('leaves a scheduled monthly check-in pending, and it is still placed later', async () => {
    const patientId = await withOutreach(7);
    const [checkIn] = (await patientCalls(patientId)).scheduled;
    if (!checkIn) throw new Error('no check-in scheduled');
    const before = await stored(checkIn.id);

    // A web call started with the public key, naming the check-in: its own Vapi id.
    await signed(statusUpdate(checkIn.id, 'in-progress'));
    await signed(endOfCallReport(checkIn.id, { level: 'Emergent' }));

    expect(await stored(checkIn.id)).toEqual(before);
    expect((await patientCalls(patientId)).scheduled.map((c) => c.id)).toEqual([checkIn.id]);

    expect((await aws('/local/jobs/place-scheduled-call/run', { callLogId: checkIn.id })).status).toBe(200);
    const done = await eventually(
      () => callDetail(checkIn.id),
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'completed', escalation_level: 'Normal' });
  });

  it('leaves an in-progress call as it is; its own report is then stored, once', async () => {
    const { placed, vendorCallId } = await placeSilentCall();

    // A status update of another Vapi call does not move it; its own does.
    await signed(statusUpdate(placed.id, 'in-progress'));
    expect((await stored(placed.id))?.status).toBe('queued');
    await signed(statusUpdate(placed.id, 'in-progress', vendorCallId));
    const running = await stored(placed.id);
    expect(running?.status).toBe('in_progress');

    await signed(endOfCallReport(placed.id, { level: 'Emergent' }));
    expect(await stored(placed.id)).toEqual(running);

    await signed(endOfCallReport(placed.id, { vendorCallId, level: 'Elective' }));
    const done = await callDetail(placed.id);
    expect(done).toMatchObject({ status: 'completed', escalation_level: 'Elective' });

    // A second report onto the completed call (even with the right Vapi id) changes nothing.
    const completed = await stored(placed.id);
    await signed(endOfCallReport(placed.id, { vendorCallId, level: 'Emergent', endedReason: 'customer-busy' }));
    await signed(statusUpdate(placed.id, 'in-progress', vendorCallId));
    expect(await stored(placed.id)).toEqual(completed);
  });

  it('changes nothing when it names no call log, or one that does not exist', async () => {
    const { placed, vendorCallId } = await placeSilentCall();
    const before = await stored(placed.id);
    const report = endOfCallReport(placed.id, { vendorCallId });
    const withoutMetadata = {
      message: { ...report.message, call: { ...report.message.call, assistantOverrides: {} } },
    };
    await signed(withoutMetadata);
    await signed(endOfCallReport(randomUUID(), { vendorCallId }));
    expect(await stored(placed.id)).toEqual(before);
  });
});

describe('a report that arrives before the vendor call id is stored', () => {
  it('changes nothing; the reconciler then completes the call from Vapi', async () => {
    const { placed, vendorCallId } = await placeSilentCall(5);
    // The moment between Vapi accepting the call and CareLoop storing its id.
    await table().entities.callLog.patch({ call_log_id: placed.id }).remove(['vendor_call_id']).go();
    const early = await stored(placed.id);

    await signed(statusUpdate(placed.id, 'in-progress', vendorCallId));
    await signed(endOfCallReport(placed.id, { vendorCallId, level: 'Emergent' }));
    expect(await stored(placed.id)).toEqual(early);

    await table().entities.callLog.patch({ call_log_id: placed.id }).set({ vendor_call_id: vendorCallId }).go();
    // Old enough to reconcile: the open-call marker is what the reconciler reads.
    const log = await stored(placed.id);
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await table().entities.openCall.delete({ shard: 'open', placed_at: log!.placed_at!, call_log_id: placed.id }).go();
    await table().entities.openCall.create({ shard: 'open', placed_at: old, call_log_id: placed.id }).go();
    await table().entities.callLog.patch({ call_log_id: placed.id }).set({ placed_at: old }).go();

    // Vapi answers `ended` before its analysis is written; a reconciler 15 minutes later never sees
    // that moment, but this test's backdated call would: wait until Vapi's call carries its analysis.
    const { apiKey } = await vapiSecret(stack);
    await eventually(
      async () =>
        (await (
          await fetch(`${stack.voiceUrl}/call/${vendorCallId}`, { headers: { authorization: `Bearer ${apiKey}` } })
        ).json()) as { status?: string; analysis?: unknown },
      (vapiCall) => vapiCall.status === 'ended' && vapiCall.analysis !== undefined,
    );
    const done = await eventually(
      async () => {
        await aws('/local/jobs/reconcile-calls/run', {});
        return callDetail(placed.id);
      },
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    // The simulator's own ending (last digit 5), not the early report's.
    expect(done).toMatchObject({ status: 'completed', escalation_level: 'Elective' });
    expect(done.transcript.length).toBeGreaterThan(0);
  });
});

describe('"stop calling me"', () => {
  it("ends the call, turns the patient's outreach off, cancels their pending calls, and is audited", async () => {
    const patientId = await withOutreach(6);
    const [checkIn] = (await patientCalls(patientId)).scheduled;
    const scheduled = await scheduleCallFor(stack, patientId, '1_week', nurse);
    await nextCall('stop-calls');

    const placed = await placeCall(patientId);
    const done = await eventually(
      () => callDetail(placed.id),
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    expect(done.transcript.at(-1)).toEqual({ speaker: 'assistant', text: STOP_CALLS_CONFIRMATION });

    const pending = await eventually(
      async () => (await patientCalls(patientId)).scheduled,
      (calls) => calls.length === 0,
    );
    expect(pending).toEqual([]);
    expect((await stored(checkIn!.id))?.status).toBe('cancelled');
    expect((await stored(scheduled.id))?.status).toBe('cancelled');
    expect((await table().entities.outreachCadence.get({ patient_id: patientId }).go()).data?.enabled).toBe(false);
    const trail = await auditTrail(stack, `patient:${patientId}`);
    expect(trail.filter((e) => e.action === 'outreach.stop_requested')).toEqual([
      expect.objectContaining({ actor_id: 'system:call-follow-up', outcome: 'success', patient_id: patientId }),
    ]);

    // The follow-up delivered again records nothing more.
    expect(
      (
        await aws('/local/jobs/call-follow-up/run', {
          source: 'careloop',
          'detail-type': 'call.completed',
          detail: { callLogId: placed.id },
        })
      ).status,
    ).toBe(200);
    const again = await auditTrail(stack, `patient:${patientId}`);
    expect(again.filter((e) => e.action === 'outreach.stop_requested')).toHaveLength(1);
  });
});

describe("a signed status update naming a spoken alert's line lease", () => {
  it('gives the line back only for the Vapi call the lease names, once', async () => {
    const db = table();
    const committer = new DynamoWriteCommitter(db);
    const leaseId = randomUUID();
    const vendorCallId = randomUUID();
    const at = new Date();
    const lease = {
      leaseId,
      holder: 'alert',
      takenAt: at.toISOString(),
      until: new Date(+at + 7 * 60_000).toISOString(),
    };
    expect(await committer.commit({ transaction: leaseTakeWrites(100, lease, 'lines_busy'), afterCommit: [] })).toBe(
      'committed',
    );
    expect(await committer.commit({ transaction: [leaseCallWrite(leaseId, vendorCallId)], afterCommit: [] })).toBe(
      'committed',
    );
    const leased = (status: 'ended' | 'in-progress', callId: string) => {
      const update = statusUpdate(`alert-${randomUUID()}-user`, status, callId);
      const metadata = { ...update.message.call.assistantOverrides.metadata, lineLeaseId: leaseId };
      return {
        message: { ...update.message, call: { ...update.message.call, assistantOverrides: { metadata } } },
      };
    };
    const held = async () => (await db.entities.lineLease.get({ shard: 'leases', lease_id: leaseId }).go()).data;

    // Another Vapi call naming the lease, or the alert's own call still running: the line stays held.
    await signed(leased('ended', randomUUID()));
    await signed(leased('in-progress', vendorCallId));
    expect(await held()).toMatchObject({ lease_id: leaseId, vendor_call_id: vendorCallId });

    await signed(leased('ended', vendorCallId));
    expect(await held()).toBeNull();
    // Delivered again: nothing more (a line is given back once; the count is shared with other files).
    await signed(leased('ended', vendorCallId));
    expect(await held()).toBeNull();
  });
});
