/**
 * The AI enrollment call against the local stack (DynamoDB Local, the voice simulator, the real
 * handlers and jobs): staff invite an eligible patient by call, the simulator answers by the number's
 * last digit (4 declined, 0 no answer, others interested), and the report moves the funnel; an
 * unanswered call is retried twice and then the patient is unreachable. Outside the calling hours
 * the call is booked for the next opening; "stop calling", the daily cap and another organization
 * refuse it.
 */
import { describe, expect, inject, it } from 'vitest';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { CallDetailResponse, PatientCallsResponse } from '../../shared/calls';
import type { BulkInvitationAnswer, EnrollmentCountsAnswer, InvitationAnswer } from '../../shared/enrollment/panel';
import { monthIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  callableNumber,
  createOrganization,
  createPatient,
  eventually,
  expectStatus,
  lakesideToken,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');

type Refusal = { error?: string; code?: string };

const aws = async (path: string, body: unknown) =>
  fetch(`${stack.awsUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
/** The job a schedule starts, run now with the event Scheduler delivers (no time travel needed). */
const fireJob = (callLogId: string) => aws('/local/jobs/place-scheduled-call/run', { callLogId });

/** A practice at `hour` local time now (13: inside the calling hours; 3: outside), and one of its staff. */
async function practice(hour: number, caps: { daily_call_limit?: number } = {}) {
  const organization = await createOrganization(stack, { timezone: timeZoneAtHour(hour), ...caps });
  return { organization, staff: await throwawayToken(stack, 'provider', organization.id) };
}

/** An eligible patient (two chronic conditions) whose number ends in `digit`. */
async function eligible(organizationId: string, staff: string, digit: number, fields: Record<string, unknown> = {}) {
  const patient = await createPatient(stack, organizationId, { phone_number: callableNumber(digit), ...fields }, staff);
  expectStatus(
    await call(stack, 'POST', `/patients/${patient.id}/care-plan`, {
      token: staff,
      body: {
        ...EMPTY_CARE_PLAN,
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
          { code: 'I10', description: 'Essential (primary) hypertension' },
        ],
      },
    }),
    201,
  );
  return patient;
}

const inviteByCall = (patientId: string, token: string) =>
  call<InvitationAnswer & Refusal>(stack, 'POST', `/patients/${patientId}/invitation`, {
    token,
    body: { channel: 'call' },
  });
const counts = async (organizationId: string, token: string) =>
  expectStatus(
    await call<EnrollmentCountsAnswer>(stack, 'GET', `/providers/${organizationId}/enrollment`, { token }),
    200,
  ).counts;
const patientCalls = async (patientId: string, token: string) =>
  expectStatus(await call<PatientCallsResponse>(stack, 'GET', `/patients/${patientId}/calls`, { token }), 200);
const settled = (id: string, token: string) =>
  eventually(
    async () => expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token }), 200).call,
    (c) => c.status === 'completed' || c.status === 'failed',
  );
const stageOf = async (patientId: string) =>
  (await tableOf(stack).entities.patient.get({ patient_id: patientId }).go()).data?.enrollment_stage;

describe('the AI enrollment call', () => {
  it('invites by call; a yes makes the patient interested, a no declined; the call is no summary or AI contact', async () => {
    const { organization, staff } = await practice(13);
    const yes = await eligible(organization.id, staff, 6);
    const no = await eligible(organization.id, staff, 4);

    const invited = expectStatus(await inviteByCall(yes.id, staff), 201);
    expect(invited).toMatchObject({ patient_id: yes.id, stage: 'invited', channel: 'call' });
    expect(invited.call_at).toEqual(expect.any(String));
    expectStatus(await inviteByCall(no.id, staff), 201);

    const [placed] = (await patientCalls(yes.id, staff)).history.items;
    expect(placed).toMatchObject({ kind: 'enrollment' });
    const done = await settled(placed!.id, staff);
    expect(done).toMatchObject({ status: 'completed', outcome: 'answered' });
    expect(done.transcript[0]?.text).toContain(`calling for the care team at ${organization.name}`);
    await settled((await patientCalls(no.id, staff)).history.items[0]!.id, staff);

    expect(
      await eventually(
        () => stageOf(yes.id),
        (s) => s === 'interested',
      ),
    ).toBe('interested');
    expect(
      await eventually(
        () => stageOf(no.id),
        (s) => s === 'declined',
      ),
    ).toBe('declined');
    expect(await counts(organization.id, staff)).toMatchObject({ invited: 0, interested: 1, declined: 1 });
    // The move's write of the patient released the call's lock too (one write of the item per transaction).
    for (const { id } of [yes, no]) {
      expect((await tableOf(stack).entities.patient.get({ patient_id: id }).go()).data?.active_call_id).toBeUndefined();
    }
    // Not a care-management contact: nothing on the patient-month, nothing to review as a summary.
    const month = monthIn(organization.timezone, new Date());
    const months = await tableOf(stack)
      .entities.ccmMonth.query.byOrganizationMonth({ provider_id: organization.id, month })
      .go();
    expect(months.data).toEqual([]);
  }, 60_000);

  it("speaks the patient's language", async () => {
    const { organization, staff } = await practice(13);
    const patient = await eligible(organization.id, staff, 7, { preferred_language: 'es' });

    expectStatus(await inviteByCall(patient.id, staff), 201);
    const done = await settled((await patientCalls(patient.id, staff)).history.items[0]!.id, staff);
    expect(done.transcript[0]?.text).toContain('Hola, le habla Care');
  }, 60_000);

  it('an unanswered call is tried twice more, the next days at the same hour; then the patient is unreachable', async () => {
    const { organization, staff } = await practice(13);
    const patient = await eligible(organization.id, staff, 0);

    expectStatus(await inviteByCall(patient.id, staff), 201);
    const [first] = (await patientCalls(patient.id, staff)).history.items;
    expect(await settled(first!.id, staff)).toMatchObject({ status: 'failed', outcome: 'no_answer' });
    let previous = first!.id;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const [retry] = await eventually(
        async () => (await patientCalls(patient.id, staff)).scheduled,
        (s) => s.length === 1,
      );
      expect(retry).toMatchObject({ kind: 'enrollment', status: 'scheduled' });
      expect(retry!.id).not.toBe(previous);
      expect(await stageOf(patient.id)).toBe('invited');
      await fireJob(retry!.id);
      expect(await settled(retry!.id, staff)).toMatchObject({ status: 'failed', outcome: 'no_answer' });
      previous = retry!.id;
    }
    expect(
      await eventually(
        () => stageOf(patient.id),
        (s) => s === 'unreachable',
      ),
    ).toBe('unreachable');
    // No third retry.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await patientCalls(patient.id, staff)).scheduled).toEqual([]);
    expect(await counts(organization.id, staff)).toMatchObject({ invited: 0, unreachable: 1 });
  }, 90_000);

  it('outside the calling hours the call is booked for the next opening, once', async () => {
    const { organization, staff } = await practice(3);
    const patient = await eligible(organization.id, staff, 6);

    const invited = expectStatus(await inviteByCall(patient.id, staff), 201);
    expect(invited.stage).toBe('invited');
    const [booked] = (await patientCalls(patient.id, staff)).scheduled;
    expect(booked).toMatchObject({ kind: 'enrollment', scheduled_at: invited.call_at });
    // 8:00 local, five hours from 3:00.
    expect(Date.parse(invited.call_at ?? '') - Date.now()).toBeGreaterThan(4 * 60 * 60 * 1000);
    expect(Date.parse(invited.call_at ?? '') - Date.now()).toBeLessThanOrEqual(5 * 60 * 60 * 1000);
    expect(await inviteByCall(patient.id, staff)).toMatchObject({
      status: 409,
      body: { code: 'enrollment.call_pending' },
    });
  }, 30_000);

  it('refuses a patient who asked not to be called, and calls beyond the daily cap (bulk: each outcome)', async () => {
    const { organization, staff } = await practice(13, { daily_call_limit: 2 });
    const stopper = await eligible(organization.id, staff, 6);
    // A staff call on which the person asks not to be called again.
    const { apiKey } = await vapiSecret(stack);
    await fetch(`${stack.voiceUrl}/__simulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ next: ['stop-calls'] }),
    });
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${stopper.id}/calls`, { token: staff }),
      201,
    ).call;
    await settled(placed.id, staff);
    await eventually(
      async () => (await tableOf(stack).entities.patient.get({ patient_id: stopper.id }).go()).data?.calls_stopped_at,
      (at) => Boolean(at),
    );
    expect(await inviteByCall(stopper.id, staff)).toMatchObject({ status: 409, body: { code: 'call.stopped' } });

    // The cap of 2 has one call left today.
    const a = await eligible(organization.id, staff, 6);
    const b = await eligible(organization.id, staff, 6);
    const bulk = expectStatus(
      await call<BulkInvitationAnswer>(stack, 'POST', `/providers/${organization.id}/invitations`, {
        token: staff,
        body: { channel: 'call', patient_ids: [a.id, b.id, stopper.id] },
      }),
      200,
    );
    expect(bulk.invited).toBe(1);
    expect(bulk.results.map((r) => r.code).sort()).toEqual(['call.daily_limit', 'call.stopped', null].sort());
    expect(bulk.results.find((r) => r.patient_id === stopper.id)?.error).toBe(
      'This patient asked not to be called again',
    );
  }, 60_000);

  it("answers 404 for another organization's patient and calls nobody", async () => {
    const { organization, staff } = await practice(13);
    const patient = await eligible(organization.id, staff, 6);

    expect(await inviteByCall(patient.id, await lakesideToken(stack))).toMatchObject({ status: 404 });
    expect((await patientCalls(patient.id, staff)).history.items).toEqual([]);
    expect(await stageOf(patient.id)).toBe('eligible');
  }, 30_000);
});
