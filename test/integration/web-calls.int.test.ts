/**
 * Web calls on the local stack: the server creates the call log and Vapi's web call (the voice
 * simulator's POST /call/web); the browser only joins the call's URL; the call is then reported,
 * summarized and counted as a phone call is. Cancelling before the start, and Vapi refusing.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDetailResponse, CallLogSummary, WebCallCreatedResponse } from '../../shared/calls';
import { call } from '../support/api';
import {
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  sunriseToken,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');

let orgs: { sunrise: string; lakeside: string };
let nurse: string;

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  nurse = await sunriseToken(stack);
});

const startWebCall = (patientId: string, token = nurse) =>
  call<WebCallCreatedResponse & { error?: string; code?: string }>(stack, 'POST', `/patients/${patientId}/web-call`, {
    token,
  });
const cancelWebCall = (patientId: string, callId: string, token = nurse) =>
  call<{ cancelled?: true; error?: string; code?: string }>(
    stack,
    'POST',
    `/patients/${patientId}/web-call/${callId}/cancel`,
    { token },
  );
const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: nurse }), 200).call;
const placeCall = (patientId: string) =>
  call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/calls`, { token: nurse });
/** What the browser does: joins the call's room by its URL, with no key. */
const join = (webCallUrl: string) => fetch(webCallUrl, { method: 'POST' });
/** The next call the voice simulator receives fails this way. */
const fault = async (next: string[]) => {
  const { apiKey } = await vapiSecret(stack);
  const res = await fetch(`${stack.voiceUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ next }),
  });
  expect(res.status).toBe(200);
};

describe('a web call, from the button to the summary', () => {
  it('is created by the server, joined by URL, then reported, summarized and counted as an AI contact', async () => {
    // Prepare
    const patient = await createCallablePatient(stack, orgs.sunrise);
    const { apiKey } = await vapiSecret(stack);

    // Act
    const created = expectStatus(await startWebCall(patient.id), 201);
    const queued = await callDetail(created.callLogId);
    const whileQueued = await placeCall(patient.id);
    const joined = await join(created.webCallUrl);
    const done = await eventually(
      () => callDetail(created.callLogId),
      (c) => c.status === 'completed' || c.status === 'failed',
    );

    // Assess
    expect(created).toEqual({
      callLogId: expect.any(String),
      vendorCallId: expect.any(String),
      webCallUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/web-call\//),
      assistantName: 'Care',
    });
    expect(JSON.stringify(created)).not.toContain(apiKey);
    expect(queued).toMatchObject({ kind: 'web', status: 'queued', patient_id: patient.id });
    expect(whileQueued).toMatchObject({ status: 409, body: { code: 'call.in_progress' } });
    expect(joined.status).toBe(200);
    expect(done).toMatchObject({ kind: 'web', status: 'completed', outcome: 'answered', escalation_level: 'Normal' });
    expect(done.transcript.length).toBeGreaterThan(2);
    expect(done.summary).toEqual(expect.any(String));
    const summary = await call<{ summary: { id: string } }>(stack, 'GET', `/calls/${created.callLogId}/summary`, {
      token: nurse,
    });
    expect(summary).toMatchObject({ status: 200, body: { summary: { id: created.callLogId } } });
    const entries = expectStatus(
      await call<{ totals: { ai_contacts: number } }>(stack, 'GET', `/patients/${patient.id}/time-entries`, {
        token: nurse,
      }),
      200,
    );
    expect(entries.totals.ai_contacts).toBe(1);
    // The patient is free for the next call.
    expect(expectStatus(await placeCall(patient.id), 201).call.status).toBe('queued');
  });

  it("never reaches another organization's patient", async () => {
    const lakesidePatient = await createCallablePatient(stack, orgs.lakeside, 6, await lakesideToken(stack));
    expect(await startWebCall(lakesidePatient.id)).toMatchObject({
      status: 404,
      body: { code: 'patient.not_found' },
    });
  });
});

describe('a web call whose window closed before it started', () => {
  it('is cancelled, once, and the patient is free again', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise);
    const created = expectStatus(await startWebCall(patient.id), 201);

    const first = await cancelWebCall(patient.id, created.callLogId);
    const again = await cancelWebCall(patient.id, created.callLogId);

    expect(first).toEqual({ status: 200, body: { cancelled: true } });
    expect(again).toEqual({ status: 200, body: { cancelled: true } });
    expect(await callDetail(created.callLogId)).toMatchObject({ status: 'cancelled', outcome: 'cancelled' });
    // It never reached anyone: off the operators' list of placed calls, as a cancelled scheduled call is.
    const recent = expectStatus(
      await call<{ items: CallLogSummary[] }>(stack, 'GET', '/calls', { token: await operatorToken(stack) }),
      200,
    );
    expect(recent.items.map((c) => c.id)).not.toContain(created.callLogId);
    expect(expectStatus(await startWebCall(patient.id), 201).callLogId).not.toBe(created.callLogId);
  });

  it('answers a malformed call id as a call that does not exist (404)', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise);
    expect(await cancelWebCall(patient.id, 'not an id!')).toEqual({
      status: 404,
      body: { error: 'Call Not Found', code: 'call.not_found' },
    });
  });

  it('is not cancelled once it has started (409), nor through another patient, nor when it is a phone call (404)', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise);
    const other = await createCallablePatient(stack, orgs.sunrise);
    const created = expectStatus(await startWebCall(patient.id), 201);
    await join(created.webCallUrl);
    await eventually(
      () => callDetail(created.callLogId),
      (c) => c.status !== 'queued',
    );

    expect(await cancelWebCall(patient.id, created.callLogId)).toMatchObject({
      status: 409,
      body: { code: 'call.not_pending' },
    });
    expect(await cancelWebCall(other.id, created.callLogId)).toMatchObject({
      status: 404,
      body: { code: 'call.not_found' },
    });
    const phone = expectStatus(await placeCall(other.id), 201).call;
    expect(await cancelWebCall(other.id, phone.id)).toMatchObject({ status: 404, body: { code: 'call.not_found' } });
  });
});

describe('Vapi refusing or not answering a web call', () => {
  it('answers the texts of a phone call, fails the call log with them and frees the patient', async () => {
    for (const [kind, status, code] of [
      ['http-400', 502, 'call.vendor_rejected'],
      ['http-500', 503, 'call.vendor_unavailable'],
      ['timeout', 503, 'call.vendor_unavailable'],
    ] as const) {
      const patient = await createCallablePatient(stack, orgs.sunrise);
      await fault([kind]);

      const answer = await startWebCall(patient.id);

      expect(answer, kind).toMatchObject({ status, body: { code } });
      const history = expectStatus(
        await call<{ history: { items: CallLogSummary[] } }>(stack, 'GET', `/patients/${patient.id}/calls`, {
          token: nurse,
        }),
        200,
      ).history.items;
      expect(history, kind).toEqual([
        expect.objectContaining({ kind: 'web', status: 'failed', failure_reason: answer.body.error }),
      ]);
      expect(expectStatus(await startWebCall(patient.id), 201).callLogId, kind).toEqual(expect.any(String));
    }
  }, 60_000);
});
