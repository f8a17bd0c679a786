/**
 * Readings and screenings from check-in calls (DECISIONS "Observations") on the local stack: the
 * care plan's conditions decide what the call asks (the voice simulator answers its structured
 * data schema), each plausible reading is stored as a LOINC-coded observation with its call, a
 * reading outside the care plan's target makes the call at least Urgent, PHQ-9 item 9 makes it
 * Emergent, and the patient page reads them newest first.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDetailResponse, CallLogSummary } from '../../shared/calls';
import type { CarePlan, Observation, Page } from '../../shared/domain';
import type { WorklistAnswer } from '../../shared/dashboard';
import { call } from '../support/api';
import {
  createCallablePatient,
  demoOrganizations,
  eventually,
  expectStatus,
  postVapiWebhook,
  sunriseToken,
  tableOf,
  vapiSecret,
} from '../support/fixtures';
import { endOfCallReport } from '../support/vapi-messages';

const stack = inject('stack');

let sunrise: string;
let nurse: string;

beforeAll(async () => {
  sunrise = (await demoOrganizations(stack)).sunrise;
  nurse = await sunriseToken(stack);
});

const hypertension = { code: 'I10', description: 'Essential (primary) hypertension' };

/** A callable patient (by the last digit, the simulator's ending) with a hypertension care plan and targets. */
async function patientWithPlan(lastDigit: number, targets: unknown[]) {
  const patient = await createCallablePatient(stack, sunrise, lastDigit);
  const body = { conditions: [hypertension], goals: ['Walk daily'], targets, note: '' };
  const saved = await call<{ carePlan: CarePlan }>(stack, 'POST', `/patients/${patient.id}/care-plan`, {
    token: nurse,
    body,
  });
  expect(expectStatus(saved, 201).carePlan.targets).toEqual(targets);
  return patient;
}

/** Places a call once the patient's previous call has let go of them (the lock is released after its report). */
const placeCall = async (patientId: string) =>
  expectStatus(
    await eventually(
      () => call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/calls`, { token: nurse }),
      (answer) => answer.status !== 409,
    ),
    201,
  ).call;
const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: nurse }), 200).call;
const settled = (id: string) =>
  eventually(
    () => callDetail(id),
    (c) => c.status === 'completed' || c.status === 'failed',
  );
/** The patient's item of the worklist's "Readings outside target" group, if listed. */
const outsideTarget = async (patientId: string) =>
  expectStatus(
    await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: nurse }),
    200,
  ).readings_outside_target.items.find((i) => i.patient_id === patientId);
const observations = async (patientId: string, query = '') =>
  expectStatus(
    await call<Page<Observation>>(stack, 'GET', `/patients/${patientId}/observations${query}`, { token: nurse }),
    200,
  );

/** The next call the simulator receives sends no webhooks: the test posts the report itself. */
async function dropWebhooksOfNextCall() {
  const { apiKey } = await vapiSecret(stack);
  const res = await fetch(`${stack.voiceUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ next: ['drop-all'] }),
  });
  expect(res.status).toBe(200);
}

/** Places a call whose report the test writes: the assistant's assessment and the readings it heard. */
async function reportedCall(patientId: string, structuredData: Record<string, unknown>) {
  await dropWebhooksOfNextCall();
  const placed = await placeCall(patientId);
  const { data: log } = await tableOf(stack).entities.callLog.get({ call_log_id: placed.id }).go();
  const report = endOfCallReport(placed.id, {
    vendorCallId: log?.vendor_call_id,
    analysis: { summary: 'Monthly check-in completed.', structuredData, successEvaluation: 'true' },
  });
  expect((await postVapiWebhook(stack, report)).status).toBe(200);
  return callDetail(placed.id);
}

describe('observations from check-in calls', () => {
  it('stores what a check-in measured with LOINC codes and the call id, and lists it newest first', async () => {
    const patient = await patientWithPlan(7, [{ measure: 'systolic', below: 150 }]);

    const first = await settled((await placeCall(patient.id)).id);
    const second = await settled((await placeCall(patient.id)).id);

    expect(first).toMatchObject({ status: 'completed', escalation_level: 'Normal' });
    expect(second).toMatchObject({ status: 'completed', escalation_level: 'Normal' });
    const all = await observations(patient.id);
    // Hypertension: blood pressure; every check-in: the PHQ-2 (negative, so no PHQ-9).
    expect(all.items.map((o) => [o.code, o.call_log_id])).toEqual(
      expect.arrayContaining([
        ['8480-6', first.id],
        ['8462-4', first.id],
        ['55758-7', first.id],
        ['8480-6', second.id],
      ]),
    );
    expect(all.items).toHaveLength(6);
    expect(all.items[0]).toMatchObject({ call_log_id: second.id });
    expect(all.items.at(-1)).toMatchObject({ call_log_id: first.id });
    expect(all.items.find((o) => o.code === '8480-6')).toMatchObject({
      measure: 'systolic',
      unit: 'mm[Hg]',
      source: 'device',
      value: expect.any(Number),
    });

    const systolic = await observations(patient.id, '?code=8480-6&limit=1');
    expect(systolic.items).toEqual([expect.objectContaining({ code: '8480-6', call_log_id: second.id })]);
    expect(systolic.next_cursor).toEqual(expect.any(String));
    const older = await observations(patient.id, `?code=8480-6&limit=1&cursor=${systolic.next_cursor}`);
    expect(older.items).toEqual([expect.objectContaining({ code: '8480-6', call_log_id: first.id })]);
  }, 60_000);

  it("raises a call to Urgent when a reading misses the care plan's target, whatever the assistant said", async () => {
    const patient = await patientWithPlan(7, [{ measure: 'systolic', below: 140 }]);

    const detail = await reportedCall(patient.id, {
      flag: 'Normal',
      note_to_doctor: '',
      readings: [
        { measure: 'systolic', value: 168, source: 'device' },
        { measure: 'diastolic', value: 94, source: 'device' },
      ],
    });

    expect(detail).toMatchObject({
      status: 'completed',
      escalation_level: 'Urgent',
      note_to_doctor: 'Readings: Systolic blood pressure 168 mmHg (target: below 140).',
    });
    const stored = await observations(patient.id);
    expect(stored.items.map((o) => [o.code, o.value])).toEqual(
      expect.arrayContaining([
        ['8480-6', 168],
        ['8462-4', 94],
      ]),
    );
  });

  it('makes a PHQ-9 item 9 answer other than "not at all" Emergent, and never stores an impossible value', async () => {
    const patient = await patientWithPlan(7, []);

    const detail = await reportedCall(patient.id, {
      flag: 'Normal',
      readings: [
        { measure: 'phq2', value: 4, source: 'reported' },
        { measure: 'phq9', value: 14, source: 'reported' },
        { measure: 'phq9Item9', value: 1, source: 'reported' },
        { measure: 'systolic', value: 1300, source: 'device' },
      ],
    });

    expect(detail.escalation_level).toBe('Emergent');
    expect(detail.note_to_doctor).toContain('PHQ-9 item 9 (thoughts of self-harm): "several days"');
    const stored = await observations(patient.id);
    expect(stored.items.map((o) => o.code).sort()).toEqual(['44260-8', '44261-6', '55758-7']);
  });

  it("gives the simulator's Urgent ending a reading over the care plan's target", async () => {
    const patient = await patientWithPlan(4, [{ measure: 'systolic', below: 130 }]);

    const done = await settled((await placeCall(patient.id)).id);

    expect(done).toMatchObject({ status: 'completed', escalation_level: 'Urgent' });
    expect(done.note_to_doctor).toMatch(/Readings: Systolic blood pressure \d+ mmHg \(target: below 130\)\.$/);
  });

  it('lists a patient with a reading over target on the worklist until a later call is back in target', async () => {
    const patient = await patientWithPlan(4, [
      { measure: 'systolic', below: 130 },
      { measure: 'diastolic', below: 95 },
    ]);

    const urgent = await settled((await placeCall(patient.id)).id);
    expect(urgent.escalation_level).toBe('Urgent');
    const listed = await outsideTarget(patient.id);
    expect(listed).toMatchObject({ call_id: urgent.id, observed_at: expect.any(String) });
    expect(listed?.readings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Systolic blood pressure \d+ mmHg \(target: below 130\)$/)]),
    );

    // A later call without a blood pressure leaves the missed measure as it was.
    await reportedCall(patient.id, { flag: 'Normal', readings: [{ measure: 'phq2', value: 0, source: 'reported' }] });
    expect(await outsideTarget(patient.id)).toMatchObject({ call_id: urgent.id });

    const back = await reportedCall(patient.id, {
      flag: 'Normal',
      readings: [
        { measure: 'systolic', value: 122, source: 'device' },
        { measure: 'diastolic', value: 78, source: 'device' },
      ],
    });
    expect(back.escalation_level).toBe('Normal');
    expect(await outsideTarget(patient.id)).toBeUndefined();
  }, 60_000);
});
