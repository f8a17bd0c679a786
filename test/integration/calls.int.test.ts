/**
 * The whole call loop on the local stack: API → call log → Vapi (the voice simulator, speaking
 * Vapi's API) → signed webhooks → report → bus event → follow-up job; schedules fired by the local
 * scheduler; the reconciler; vendor faults; idempotency under replays.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { checkInWindow } from '../../shared/call-lines';
import { addDays, addMonths } from '../../shared/time-preferences';
import { FIXED_PROMPT_PARTS } from '../../shared/values/settings';
import type { CallDetailResponse, CallLogSummary, PatientCallsResponse } from '../../shared/calls';
import { call, tokenFor } from '../support/api';
import {
  archivePatientOn,
  callableNumber,
  createCallablePatient,
  createOrganization,
  createUser,
  demoOrganizations,
  eventually,
  expectStatus,
  lakesideToken,
  operatorToken,
  organizationOf,
  postVapiWebhook,
  scheduleCallFor,
  sunriseToken,
  tableOf,
  tokenOf,
  uniqueEmail,
  vapiSecret,
} from '../support/fixtures';
import { endOfCallReport } from '../support/vapi-messages';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';

const stack = inject('stack');

let orgs: { sunrise: string; lakeside: string };
let nurse: string;

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  nurse = await sunriseToken(stack);
});

const patientCalls = async (patientId: string) =>
  expectStatus(await call<PatientCallsResponse>(stack, 'GET', `/patients/${patientId}/calls`, { token: nurse }), 200);
const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token: nurse }), 200).call;
const placeCall = (patientId: string, token = nurse) =>
  call<{ call: CallLogSummary; error?: string; code?: string }>(stack, 'POST', `/patients/${patientId}/calls`, {
    token,
  });
const settled = (id: string) =>
  eventually(
    () => callDetail(id),
    (c) => c.status === 'completed' || c.status === 'failed',
  );

interface BusEvent {
  id: string;
  detailType: string;
  detail?: Record<string, unknown>;
  deliveries: { job: string; status: string }[];
}
const aws = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${stack.awsUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
};
const busEventsFor = async (callLogId: string) =>
  (await aws<{ events: BusEvent[] }>('GET', '/local/events')).events.filter(
    (e) => e.detailType === 'call.completed' && e.detail?.callLogId === callLogId,
  );
/** The next call the voice simulator receives fails, or loses its webhooks, this way. */
const fault = async (next: string[]) => {
  const { apiKey } = await vapiSecret(stack);
  const res = await fetch(`${stack.voiceUrl}/__simulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ next }),
  });
  expect(res.status).toBe(200);
};
/** The job a schedule starts, run now with the event Scheduler delivers (no time travel needed). */
const fireJob = (callLogId: string) => aws('POST', '/local/jobs/place-scheduled-call/run', { callLogId });
const runDue = (at: Date) =>
  aws<{ fired: { name: string; outcome: string }[] }>('POST', `/local/schedules/run-due?at=${at.toISOString()}`);

describe('Make Call: from the button to the report', () => {
  it('places the call, plays it, stores the report once and tells the bus', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 7);
    const placed = expectStatus(await placeCall(patient.id), 201).call;
    expect(placed).toMatchObject({ status: 'queued', kind: 'instant', patient_id: patient.id });

    const done = await settled(placed.id);
    expect(done).toMatchObject({ status: 'completed', outcome: 'answered', escalation_level: 'Normal' });
    expect(done.duration).toEqual(expect.any(Number));
    expect(done.transcript.length).toBeGreaterThan(2);
    expect(done.transcript[0]).toMatchObject({ speaker: 'assistant', text: expect.stringContaining('Test') });
    expect(done.summary).toEqual(expect.any(String));

    const history = await patientCalls(patient.id);
    expect(history.history.items.map((c) => c.id)).toEqual([placed.id]);
    const events = await eventually(
      () => busEventsFor(placed.id),
      (e) => e.length === 1 && e[0]!.deliveries.every((d) => d.status === 'delivered'),
    );
    expect(events).toHaveLength(1);
  });

  it('refuses a second call while one is queued or in progress (409), then allows it', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 8);
    await fault(['drop-all']);
    const first = expectStatus(await placeCall(patient.id), 201).call;
    const second = await placeCall(patient.id);
    expect(second).toEqual({
      status: 409,
      body: { error: 'A call is already in progress for this patient', code: 'call.in_progress' },
    });
    // Its report arrives (late, by hand): the patient is free again.
    const vendorCallId = (await tableOf(stack).entities.callLog.get({ call_log_id: first.id }).go()).data
      ?.vendor_call_id;
    expect((await postVapiWebhook(stack, endOfCallReport(first.id, { vendorCallId }))).status).toBe(200);
    expect(expectStatus(await placeCall(patient.id), 201).call.status).toBe('queued');
  });

  it('tells staff why a call could not be made: no phone, Vapi refusing, failing or not answering', async () => {
    const noPhone = await createCallablePatient(stack, orgs.sunrise);
    await call(stack, 'PUT', `/patients/${noPhone.id}`, {
      token: nurse,
      body: { email: noPhone.email, first_name: 'No', last_name: 'Phone', phone_number: '' },
    });
    expect(await placeCall(noPhone.id)).toMatchObject({
      status: 400,
      body: { error: 'This patient has no phone number on file', code: 'call.no_phone' },
    });

    for (const [kind, status, code] of [
      ['http-400', 502, 'call.vendor_rejected'],
      ['http-500', 503, 'call.vendor_unavailable'],
      ['timeout', 503, 'call.vendor_unavailable'],
    ] as const) {
      const patient = await createCallablePatient(stack, orgs.sunrise, 6);
      await fault([kind]);
      const answer = await placeCall(patient.id);
      expect(answer, kind).toMatchObject({ status, body: { code } });
      const [failed] = (await patientCalls(patient.id)).history.items;
      expect(failed, kind).toMatchObject({ status: 'failed', failure_reason: answer.body.error });
      // The patient is free for the next try.
      expect(expectStatus(await placeCall(patient.id), 201).call.status, kind).toBe('queued');
    }
  }, 60_000);

  it("never reaches another organization's patient", async () => {
    const lakesidePatient = await createCallablePatient(stack, orgs.lakeside, 6, await lakesideToken(stack));
    expect(await placeCall(lakesidePatient.id)).toMatchObject({ status: 404, body: { code: 'patient.not_found' } });
    expect((await patientCalls(lakesidePatient.id).catch(() => null)) ?? null).toBeNull();
  });
});

describe('Vapi webhook idempotency', () => {
  it('1,000 replays of one report: one stored report, one counter change, one bus event', async () => {
    // An organization of its own: no other test's call can move its counter meanwhile.
    const org = await createOrganization(stack);
    const patient = await createCallablePatient(stack, org.id, 9);
    await fault(['drop-all']);
    const placed = expectStatus(await placeCall(patient.id, await operatorToken(stack)), 201).call;
    const table = tableOf(stack);
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }).slice(0, 7);
    const counter = async () =>
      (await table.entities.counter.get({ scope: `organization#${org.id}`, name: `calls_completed#${month}` }).go())
        .data?.value ?? 0;
    const before = await counter();

    const { data: placedLog } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    const report = endOfCallReport(placed.id, { seconds: 240, vendorCallId: placedLog?.vendor_call_id });
    const statuses: number[] = [];
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postVapiWebhook(stack, report)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(1000);

    const { data: stored } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    expect(stored).toMatchObject({ status: 'completed', duration_seconds: 240 });
    expect(await counter()).toBe(before + 1);
    const { data: item } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    expect(item?.version).toBeLessThanOrEqual(4);
    expect(
      await eventually(
        () => busEventsFor(placed.id),
        (e) => e.length >= 1,
      ),
    ).toHaveLength(1);
  }, 120_000);
});

describe('end-of-call reports', () => {
  it("escalates a report whose level and note sit at the analysis's top level, not in its structured data", async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 9);
    await fault(['drop-all']);
    const placed = expectStatus(await placeCall(patient.id), 201).call;
    const { data: log } = await tableOf(stack).entities.callLog.get({ call_log_id: placed.id }).go();
    const report = endOfCallReport(placed.id, {
      vendorCallId: log?.vendor_call_id,
      analysis: {
        summary: 'Short of breath on the stairs since Tuesday.',
        structuredData: {},
        flag: 'Urgent',
        note_to_doctor: 'Reports new shortness of breath.',
        successEvaluation: 'true',
      },
    });
    expect((await postVapiWebhook(stack, report)).status).toBe(200);

    expect(await callDetail(placed.id)).toMatchObject({
      patient_email: patient.email,
      status: 'completed',
      escalation_level: 'Urgent',
      note_to_doctor: 'Reports new shortness of breath.',
    });
    const events = await eventually(
      () => busEventsFor(placed.id),
      (e) => e.length >= 1,
    );
    expect(events[0]?.detail).toMatchObject({ escalationLevel: 'Urgent' });
  });
});

describe("a stored report's own transaction (issue 27: 4 requests)", () => {
  /** A call placed for a patient of a practice of its own, held open (its webhooks dropped). */
  const openCall = async () => {
    const org = await createOrganization(stack);
    const patient = await createCallablePatient(stack, org.id, 9);
    await fault(['drop-all']);
    const placed = expectStatus(await placeCall(patient.id, await operatorToken(stack)), 201).call;
    const table = tableOf(stack);
    const { data: log } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    const lockOf = async () => (await table.entities.patient.get({ patient_id: patient.id }).go()).data?.active_call_id;
    const chartVersion = async () =>
      (await table.entities.counter.get({ scope: `organization#${org.id}`, name: 'chart_version' }).go()).data?.value ??
      0;
    return {
      table,
      placed,
      patient,
      report: endOfCallReport(placed.id, { vendorCallId: log?.vendor_call_id }),
      lockOf,
      chartVersion,
    };
  };

  it("frees the patient as the report is stored, and moves the practice's charts once its event is out", async () => {
    const { placed, report, lockOf, chartVersion } = await openCall();
    expect(await lockOf()).toBe(placed.id);
    const before = await chartVersion();

    expect((await postVapiWebhook(stack, report)).status).toBe(200);
    expect(await lockOf()).toBeUndefined();
    expect(await chartVersion()).toBe(before + 1);
    // A replay changes nothing: no lock to free, no chart to move.
    expect((await postVapiWebhook(stack, report)).status).toBe(200);
    expect(await chartVersion()).toBe(before + 1);
  });

  it('stores the report of a call whose patient does not hold its lock, and frees no other call', async () => {
    const { table, placed, patient, report, lockOf } = await openCall();
    // Another call's lock (a state no placing leaves; the report must neither fail on it nor free it).
    const other = '0e0e0e0e-0000-4000-8000-000000000000';
    await table.entities.patient.patch({ patient_id: patient.id }).set({ active_call_id: other }).go();

    expect((await postVapiWebhook(stack, report)).status).toBe(200);
    const { data: stored } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    expect(stored).toMatchObject({ status: 'completed', report_received_at: expect.any(String) });
    expect(await lockOf()).toBe(other);
  });
});

describe('scheduled calls', () => {
  it('a schedule that fires places one call, and firing it again places none', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 6);
    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);
    expect((await patientCalls(patient.id)).scheduled.map((c) => [c.id, c.patient_email])).toEqual([
      [scheduled.id, patient.email],
    ]);

    const due = new Date(Date.parse(scheduled.scheduled_at ?? '') + 60_000);
    // Fired twice at once (Scheduler delivers at least once), and once more as a late duplicate.
    const [first, second] = await Promise.all([runDue(due), runDue(due)]);
    const fired = [...first.fired, ...second.fired].filter((f) => f.name.includes(scheduled.id));
    expect(fired.length).toBeGreaterThanOrEqual(1);
    expect(fired.every((f) => f.outcome === 'invoked')).toBe(true);
    await fireJob(scheduled.id);

    const done = await settled(scheduled.id);
    expect(done.status).toBe('completed');
    const calls = await patientCalls(patient.id);
    expect(calls.scheduled).toEqual([]);
    expect(calls.history.items.map((c) => c.id)).toEqual([scheduled.id]);
    // Vapi was asked once.
    const { apiKey } = await vapiSecret(stack);
    const placedAtVapi = (await (
      await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
    ).json()) as { assistantOverrides?: { metadata?: { callLogId?: string } } }[];
    expect(placedAtVapi.filter((c) => c.assistantOverrides?.metadata?.callLogId === scheduled.id)).toHaveLength(1);
  });

  it('a cancelled call, or one whose patient was archived, is never placed', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 6);
    const cancelled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);
    expect(await call(stack, 'DELETE', `/scheduled-calls/${cancelled.id}`, { token: nurse })).toEqual({
      status: 200,
      body: { cancelled: true },
    });
    expect(await call(stack, 'DELETE', `/scheduled-calls/${cancelled.id}`, { token: nurse })).toMatchObject({
      status: 409,
      body: { code: 'call.not_pending' },
    });
    await fireJob(cancelled.id);
    expect((await callDetail(cancelled.id)).status).toBe('cancelled');

    const archived = await createCallablePatient(stack, orgs.sunrise, 6);
    const pending = await scheduleCallFor(stack, archived.id, '1_week', nurse);
    // The job runs before the archive event could cancel it: it must still refuse.
    // The archive's plan writes the status and the counters, as the route does, but publishes no
    // event (the use case does that), so no cancel job runs first.
    const table = tableOf(stack);
    const record = await new DynamoPatientRepository(table).get(archived.id);
    if (!record) throw new Error('patient not stored');
    expect(await archivePatientOn(table, record)).toBe('committed');
    await fireJob(pending.id);
    const { data } = await table.entities.callLog.get({ call_log_id: pending.id }).go();
    expect(data?.status).toBe('cancelled');
    expect(data?.vendor_call_id).toBeUndefined();
  });

  it('archiving a patient cancels their scheduled calls (through the bus)', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 6);
    const pending = await scheduleCallFor(stack, patient.id, '1_month', nurse);
    expect((await call(stack, 'DELETE', `/patients/${patient.id}`, { token: nurse })).status).toBe(200);
    const table = tableOf(stack);
    const cancelled = await eventually(
      async () => (await table.entities.callLog.get({ call_log_id: pending.id }).go()).data?.status,
      (s) => s === 'cancelled',
    );
    expect(cancelled).toBe('cancelled');
  });
});

describe('monthly check-ins', () => {
  const withOutreach = async (lastDigit: number) => {
    const answer = await call<{ patient: { id: string } }>(stack, 'POST', '/patients', {
      token: nurse,
      body: {
        provider_id: orgs.sunrise,
        first_name: 'Monthly',
        last_name: `Patient${Math.random().toString(36).slice(2, 7)}`,
        email: `monthly-${Math.random().toString(36).slice(2, 9)}@example.test`,
        phone_number: callableNumber(lastDigit),
        outreach: { first_outreach_date: '2030-01-15', time_preference: 'afternoon' },
        // Monthly check-ins are placed only with accepted consent (ccm-consent-plan.int.test.ts: without).
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

  /** The first check-in's day: one of the window's (docs/capacity-planning.md), 15:00 in New York (20:00 UTC in January). */
  const firstDay = (first: CallLogSummary | undefined): string => {
    const day = first?.scheduled_at?.slice(0, 10) ?? '';
    expect(checkInWindow('2030-01-15')).toContain(day);
    return day;
  };

  it('the cadence creates its first check-in; when it ends, next month is scheduled', async () => {
    const patientId = await withOutreach(6);
    const [first] = (await patientCalls(patientId)).scheduled;
    const day = firstDay(first);
    expect(first).toMatchObject({
      kind: 'monthly',
      time_preference: 'afternoon',
      scheduled_at: `${day}T20:00:00.000Z`,
    });

    await fireJob(first!.id);
    expect((await settled(first!.id)).status).toBe('completed');
    const next = await eventually(
      async () => (await patientCalls(patientId)).scheduled,
      (s) => s.length === 1,
    );
    // The next month keeps the chosen day.
    expect(next[0]).toMatchObject({ kind: 'monthly', scheduled_at: `${addMonths(day, 1)}T20:00:00.000Z` });
  });

  it('an unanswered check-in is retried the next day at the same hour, at most twice', async () => {
    const patientId = await withOutreach(0);
    const [first] = (await patientCalls(patientId)).scheduled;
    const day = firstDay(first);
    await fireJob(first!.id);
    expect(await settled(first!.id)).toMatchObject({ status: 'failed', outcome: 'no_answer' });
    const retry = await eventually(
      async () => (await patientCalls(patientId)).scheduled,
      (s) => s.length === 1,
    );
    expect(retry[0]).toMatchObject({ scheduled_at: `${addDays(day, 1)}T20:00:00.000Z` });
    await fireJob(retry[0]!.id);
    await settled(retry[0]!.id);
    const secondRetry = await eventually(
      async () => (await patientCalls(patientId)).scheduled,
      (s) => s.length === 1 && s[0]!.id !== retry[0]!.id,
    );
    expect(secondRetry[0]).toMatchObject({ scheduled_at: `${addDays(day, 2)}T20:00:00.000Z` });
    await fireJob(secondRetry[0]!.id);
    await settled(secondRetry[0]!.id);
    const nextMonth = await eventually(
      async () => (await patientCalls(patientId)).scheduled,
      (s) => s.length === 1 && s[0]!.id !== secondRetry[0]!.id,
    );
    expect(nextMonth[0]).toMatchObject({ scheduled_at: `${addMonths(day, 1)}T20:00:00.000Z` });
  }, 60_000);
});

describe('reconciler', () => {
  it('completes a call whose report never arrived, from Vapi itself', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 5);
    await fault(['drop-report']);
    const placed = expectStatus(await placeCall(patient.id), 201).call;
    // In progress (the status updates arrived), then nothing.
    await eventually(
      () => callDetail(placed.id),
      (c) => c.status === 'in_progress',
    );
    // Make it look old enough to reconcile: the open-call marker is what the reconciler reads.
    const table = tableOf(stack);
    const { data: log } = await table.entities.callLog.get({ call_log_id: placed.id }).go();
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await table.entities.openCall.delete({ shard: 'open', placed_at: log!.placed_at!, call_log_id: placed.id }).go();
    await table.entities.openCall.create({ shard: 'open', placed_at: old, call_log_id: placed.id }).go();
    await table.entities.callLog.patch({ call_log_id: placed.id }).set({ placed_at: old }).go();

    // A run leaves the call while Vapi still plays it, or has ended it but not analysed it yet (stored
    // then, it would be filed Normal: a shuffled run once read it in that moment); a later run stores it.
    const done = await eventually(
      async () => {
        await aws('POST', '/local/jobs/reconcile-calls/run', {});
        return callDetail(placed.id);
      },
      (c) => c.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', escalation_level: 'Elective' });
    expect(done.transcript.length).toBeGreaterThan(0);
    expect(
      await eventually(
        () => busEventsFor(placed.id),
        (e) => e.length >= 1,
      ),
    ).toHaveLength(1);
  });
});

describe('operators', () => {
  it('see the last 50 calls and the scheduled calls with names, and counters', async () => {
    const op = await operatorToken(stack);
    const recent = expectStatus(await call<{ items: CallLogSummary[] }>(stack, 'GET', '/calls', { token: op }), 200);
    expect(recent.items.length).toBeGreaterThan(0);
    expect(recent.items.length).toBeLessThanOrEqual(50);
    expect(recent.items[0]).toMatchObject({ patient_name: expect.any(String), provider_name: expect.any(String) });
    // The patient's e-mail rides with the name (spec §3, call log and scheduled call).
    expect(recent.items.every((c) => c.patient_email === null || c.patient_email.includes('@'))).toBe(true);
    expect(recent.items.some((c) => c.patient_email !== null)).toBe(true);
    expect(recent.items.every((c) => c.status !== 'scheduled' && c.status !== 'cancelled')).toBe(true);
    const scheduled = expectStatus(
      await call<{ items: CallLogSummary[] }>(stack, 'GET', '/calls/scheduled', { token: op }),
      200,
    );
    expect(scheduled.items.every((c) => c.status === 'scheduled')).toBe(true);
    const dueTimes = scheduled.items.map((c) => c.scheduled_at ?? '');
    expect([...dueTimes].sort()).toEqual(dueTimes);
  });
});

describe('dashboard counters', () => {
  it("count a provider's completed calls this month in the organization's time zone", async () => {
    const org = await createOrganization(stack, { timezone: 'America/Los_Angeles' });
    const staff = await createUser(stack, { provider_id: org.id, email: uniqueEmail('counter'), role: 'provider' });
    const token = await tokenOf(stack, staff.email);
    const stats = async () =>
      expectStatus(await call<{ callsThisMonth: number }>(stack, 'GET', '/dashboard-stats', { token }), 200);
    expect((await stats()).callsThisMonth).toBe(0);
    const patient = await createCallablePatient(stack, org.id, 6, token);
    const placed = expectStatus(await placeCall(patient.id, token), 201).call;
    await eventually(
      () => call<CallDetailResponse>(stack, 'GET', `/calls/${placed.id}`, { token }),
      (a) => a.body.call.status === 'completed',
    );
    expect((await stats()).callsThisMonth).toBe(1);
  });
});

describe('system settings', () => {
  it('refuse employees who are not settings administrators (403), and stale saves (409)', async () => {
    const otherEmployee = await tokenFor(stack, 'careloop_employee');
    expect(await call(stack, 'GET', '/compliance-settings', { token: otherEmployee })).toMatchObject({
      status: 403,
      body: { code: 'auth.forbidden' },
    });
    expect(
      await call(stack, 'PATCH', '/compliance-settings', { token: otherEmployee, body: { voiceId: 'ryan' } }),
    ).toMatchObject({ status: 403 });

    const op = await operatorToken(stack);
    const current = expectStatus(
      await call<{ settings: { version: number } }>(stack, 'GET', '/compliance-settings', { token: op }),
      200,
    ).settings;
    const saved = await call<{ settings: { version: number; voiceId: string } }>(
      stack,
      'PATCH',
      '/compliance-settings',
      {
        token: op,
        body: { voiceId: 'paula', version: current.version },
      },
    );
    expect(expectStatus(saved, 200).settings).toMatchObject({ voiceId: 'paula', version: current.version + 1 });
    expect(
      await call(stack, 'PATCH', '/compliance-settings', {
        token: op,
        body: { voiceId: 'drew', version: current.version },
      }),
    ).toEqual({
      status: 409,
      body: {
        error: 'The settings were changed by someone else. Reload and try again.',
        code: 'settings.version_conflict',
      },
    });
  });

  it('give the next call the saved voice and the prompt with its variables filled in', async () => {
    const op = await operatorToken(stack);
    const { settings } = expectStatus(
      await call<{ settings: { version: number } }>(stack, 'GET', '/compliance-settings', { token: op }),
      200,
    );
    const prompt = 'Check in with {{patientName}} of {{providerName}}. Plan on file: {{hasCarePlan}}.';
    expectStatus(
      await call(stack, 'PATCH', '/compliance-settings', {
        token: op,
        body: { voiceId: 'myra', systemPrompt: prompt, version: settings.version },
      }),
      200,
    );
    const patient = await createCallablePatient(stack, orgs.sunrise, 6);
    const placed = expectStatus(await placeCall(patient.id), 201).call;
    const { apiKey } = await vapiSecret(stack);
    const atVapi = (await (
      await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
    ).json()) as {
      assistantOverrides?: {
        metadata?: { callLogId?: string };
        voice?: { voiceId?: string };
        model?: { messages?: { content?: string }[] };
        voicemailMessage?: string;
      };
    }[];
    const sent = atVapi.find((c) => c.assistantOverrides?.metadata?.callLogId === placed.id);
    expect(sent?.assistantOverrides?.voice?.voiceId).toBe('myra');
    // The fixed parts (who is calling, stop calling, voicemail) come first whatever the template says.
    const practice = (await organizationOf(stack, orgs.sunrise)).name;
    const fixed = FIXED_PROMPT_PARTS.map((part) =>
      `${part.title}: ${part.text}`.replaceAll('{{providerName}}', practice).replaceAll('{{patientName}}', 'Test'),
    ).join('\n');
    expect(sent?.assistantOverrides?.model?.messages?.[0]?.content).toBe(
      `${fixed}\n\nCheck in with Test of ${practice}. Plan on file: false.`,
    );
    expect(sent?.assistantOverrides).toMatchObject({
      firstMessage: `Hello, this is Care, an automated assistant calling for the care team at ${practice}. Is this Test?`,
      compliancePlan: { hipaaEnabled: true },
      serverMessages: ['status-update', 'end-of-call-report'],
      artifactPlan: { recordingEnabled: false },
      voicemailDetection: { provider: 'vapi' },
    });
    expect(sent?.assistantOverrides?.voicemailMessage?.startsWith(`Hello, this is a message from ${practice}.`)).toBe(
      true,
    );
    expect(sent?.assistantOverrides?.voicemailMessage).not.toContain('Test');
    // Back to the defaults for the other tests.
    const now = expectStatus(
      await call<{ settings: { version: number }; defaultPrompt: string }>(stack, 'GET', '/compliance-settings', {
        token: op,
      }),
      200,
    );
    await call(stack, 'PATCH', '/compliance-settings', {
      token: op,
      body: { voiceId: 'burt', systemPrompt: now.defaultPrompt, version: now.settings.version },
    });
  });
});

describe('archiving an organization', () => {
  it("cancels its patients' scheduled calls (through the bus)", async () => {
    const org = await createOrganization(stack);
    const patient = await createCallablePatient(stack, org.id, 6);
    const pending = await scheduleCallFor(stack, patient.id, '1_week');
    expect((await call(stack, 'DELETE', `/providers/${org.id}`, { token: await operatorToken(stack) })).status).toBe(
      200,
    );
    const table = tableOf(stack);
    const status = await eventually(
      async () => (await table.entities.callLog.get({ call_log_id: pending.id }).go()).data?.status,
      (s) => s === 'cancelled',
    );
    expect(status).toBe('cancelled');
  });
});
