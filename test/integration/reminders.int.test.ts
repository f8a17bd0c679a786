/**
 * Reminders of scheduled calls (DECISIONS "Reminders") against the local stack, for a practice
 * inside its calling hours: a call scheduled 10 minutes out is reminded at once by the
 * table-stream job, through the Twilio simulator; a check-in days out is reminded when it enters
 * its last 24 hours (the recurring job's use case, run on the stack's table with a test clock),
 * once; a STOPped (ALTO) number gets none; a cancelled call none, and a moved call none for its
 * old time and one for its new time.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { PatientTextsResponse } from '../../shared/texts';
import { reminderTextBody } from '../../shared/texts';
import { reschedulePlan } from '../../lambdas/calls/call-plans';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { DynamoReminderCalls } from '../../lambdas/texts/store/dynamo-reminder-calls';
import { remindCall, remindDueCalls, type ReminderDeps } from '../../lambdas/texts/reminders';
import type { OutboundText } from '../../lambdas/texts/ports';
import { call } from '../support/api';
import {
  createCallablePatient,
  createTextingOrganization,
  eventually,
  expectStatus,
  inboundText,
  postTwilioWebhook,
  scheduleCallFor,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
} from '../support/fixtures';
import type { ProviderOrganization } from '../../shared/domain';

const stack = inject('stack');
const HOUR = 60 * 60 * 1000;
let practice: ProviderOrganization;
let practiceId: string;
let nurse: string;

// A practice whose clock is inside the calling hours (texts keep them) whatever the time of the run.
beforeAll(async () => {
  practice = await createTextingOrganization(stack, { timezone: timeZoneAtHour(13) });
  practiceId = practice.id;
  nurse = await throwawayToken(stack, 'provider', practice.id);
});

const textsOf = async (patientId: string) =>
  expectStatus(await call<PatientTextsResponse>(stack, 'GET', `/patients/${patientId}/texts`, { token: nurse }), 200);
const remindersOf = async (patientId: string) =>
  (await textsOf(patientId)).messages.filter((m) => m.kind === 'reminder');

async function outboxTo(phone: string): Promise<{ body: string }[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { channel: string; to: string; body: string }[];
  };
  return messages.filter((m) => m.channel === 'sms' && m.to === phone);
}

const callLogOf = async (id: string) => (await tableOf(stack).entities.callLog.get({ call_log_id: id }).go()).data;

/** Until the stream job has handled the call's reminder (sent or declined for that time). */
const handled = (id: string) =>
  eventually(
    () => callLogOf(id),
    (log) => log?.reminded_for !== undefined && log.reminded_for === log.scheduled_at,
  );

/**
 * The recurring job's use case on the stack's table, at a time the test sets; what it would text
 * is kept (the stack's Twilio simulator is checked through the stream job). Its Query of the due
 * calls is the table's; of what it finds, only the given patient's calls are reminded, so that a
 * run in the future leaves other tests' calls alone.
 */
function recurringJobAt(now: () => Date, patientId: string) {
  const db = tableOf(stack);
  const calls = new DynamoReminderCalls(db);
  const sent: OutboundText[] = [];
  let sequence = 0;
  const deps: ReminderDeps = {
    calls: {
      get: (id) => calls.get(id),
      dueBetween: async (from, to) => (await calls.dueBetween(from, to)).filter((c) => c.patientId === patientId),
    },
    patients: new DynamoPatientRepository(db),
    organizations: new DynamoOrganizationRepository(db),
    clock: { now },
    ids: { newId: () => `reminder-test-${Date.now()}-${sequence++}` },
    committer: new DynamoWriteCommitter(db),
    sms: {
      send: (text) => {
        sent.push(text);
        return Promise.resolve({ messageSid: `SM${String(sent.length).padStart(32, '0')}` });
      },
    },
    statusCallbackUrl: `${stack.apiUrl}/webhooks/twilio/status`,
  };
  return { deps, sent };
}

const sentTo = (sent: readonly OutboundText[], phone: string) => sent.filter((t) => t.to === phone);

describe('a call scheduled less than 24 hours ahead', () => {
  it('is reminded at once, through Twilio, saying who calls and when, and only once', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    const phone = patient.phone_number ?? '';
    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);
    const log = await handled(scheduled.id);
    expect(log?.reminded_for).toBe(log?.scheduled_at);

    const body = reminderTextBody('en', {
      firstName: patient.first_name,
      organizationName: practice.name,
      scheduledAt: log?.scheduled_at ?? '',
      timeZone: practice.timezone,
    });
    const delivered = await eventually(
      () => outboxTo(phone),
      (messages) => messages.length > 0,
    );
    expect(delivered.map((m) => m.body)).toEqual([body]);
    const [reminder] = await remindersOf(patient.id);
    expect(reminder).toMatchObject({ direction: 'outbound', kind: 'reminder', body, sent_by_name: null });
    expect((await textsOf(patient.id)).sent_this_month).toBe(1);

    // The recurring job (its handler as the local runner invokes it, and its use case), and the
    // stream job seeing its own mark, send nothing more.
    const run = await fetch(`${stack.awsUrl}/local/jobs/remind-due-calls/run`, { method: 'POST', body: '{}' });
    expect(run.status).toBe(200);
    const { deps, sent } = recurringJobAt(() => new Date(), patient.id);
    await remindDueCalls(deps);
    expect(await remindCall(deps, scheduled.id)).toBe('not_due');
    expect(sentTo(sent, phone)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outboxTo(phone)).toHaveLength(1);
    expect(await remindersOf(patient.id)).toHaveLength(1);
  });

  it('is reminded in Spanish for a Spanish-speaking patient', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    await tableOf(stack).entities.patient.patch({ patient_id: patient.id }).set({ preferred_language: 'es' }).go();
    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);
    await handled(scheduled.id);
    const [reminder] = await eventually(
      () => outboxTo(patient.phone_number ?? ''),
      (messages) => messages.length > 0,
    );
    expect(reminder?.body).toMatch(/^Hola .*, le recordamos de parte de .*: nuestro asistente de atención le llamará/);
    expect(reminder?.body).toContain('Responda ALTO para no recibir más mensajes, AYUDA para obtener ayuda.');
  });

  it('is not reminded when the number replied ALTO (STOP), and not tried again for that time', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    const phone = patient.phone_number ?? '';
    // The number is the practice's contact once it was texted: a text, then ALTO.
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, { token: nurse, body: { body: 'Checking in' } }),
      201,
    );
    const alto = await postTwilioWebhook(
      stack,
      'inbound',
      inboundText(phone, 'ALTO', undefined, practice.sms_sender ?? ''),
    );
    expect(alto.status).toBe(200);
    expect((await textsOf(patient.id)).opted_out).toBe(true);

    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', nurse);
    await handled(scheduled.id);
    expect(await remindersOf(patient.id)).toEqual([]);
    expect(await outboxTo(phone)).toHaveLength(1);
    const { deps, sent } = recurringJobAt(() => new Date(), patient.id);
    await remindDueCalls(deps);
    expect(sentTo(sent, phone)).toEqual([]);
  });
});

describe('a check-in days ahead', () => {
  it('is reminded when it enters its last 24 hours, once, even when two runs meet', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    const phone = patient.phone_number ?? '';
    const pending = await scheduleCallFor(stack, patient.id, '1_week', nurse);
    // Three days out, as a monthly check-in is before its reminder.
    const due = new Date(Date.now() + 72 * HOUR).toISOString();
    const committer = new DynamoWriteCommitter(tableOf(stack));
    expect(await committer.commit(reschedulePlan(pending.id, due, new Date().toISOString()))).toBe('committed');

    let now = new Date();
    const job = recurringJobAt(() => now, patient.id);
    await remindDueCalls(job.deps);
    now = new Date(Date.parse(due) - 25 * HOUR);
    await remindDueCalls(job.deps);
    expect(sentTo(job.sent, phone)).toEqual([]);

    now = new Date(Date.parse(due) - 23 * HOUR);
    const other = recurringJobAt(() => now, patient.id);
    await Promise.all([remindDueCalls(job.deps), remindDueCalls(other.deps)]);
    expect([...sentTo(job.sent, phone), ...sentTo(other.sent, phone)]).toHaveLength(1);
    expect((await callLogOf(pending.id))?.reminded_for).toBe(due);
    const reminders = await remindersOf(patient.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ kind: 'reminder', status: 'queued' });

    now = new Date(Date.parse(due) - 1 * HOUR);
    await Promise.all([remindDueCalls(job.deps), remindDueCalls(other.deps)]);
    expect([...sentTo(job.sent, phone), ...sentTo(other.sent, phone)]).toHaveLength(1);
    expect(await remindersOf(patient.id)).toHaveLength(1);
  });

  it('is never reminded once cancelled', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    const pending = await scheduleCallFor(stack, patient.id, '1_week', nurse);
    expectStatus(await call(stack, 'DELETE', `/scheduled-calls/${pending.id}`, { token: nurse }), 200);
    const due = (await callLogOf(pending.id))?.scheduled_at ?? '';
    const job = recurringJobAt(() => new Date(Date.parse(due) - 23 * HOUR), patient.id);
    await remindDueCalls(job.deps);
    expect(await remindCall(job.deps, pending.id)).toBe('not_due');
    expect(sentTo(job.sent, patient.phone_number ?? '')).toEqual([]);
    expect(await remindersOf(patient.id)).toEqual([]);
  });

  it('moved after its reminder: nothing more for the old time, a reminder for the new one', async () => {
    const patient = await createCallablePatient(stack, practiceId, 6, nurse);
    const phone = patient.phone_number ?? '';
    const pending = await scheduleCallFor(stack, patient.id, '1_week', nurse);
    const first = (await callLogOf(pending.id))?.scheduled_at ?? '';
    let now = new Date(Date.parse(first) - 23 * HOUR);
    const job = recurringJobAt(() => now, patient.id);
    await remindDueCalls(job.deps);
    expect(sentTo(job.sent, phone)).toHaveLength(1);

    const moved = new Date(Date.parse(first) + 48 * HOUR).toISOString();
    const committer = new DynamoWriteCommitter(tableOf(stack));
    expect(await committer.commit(reschedulePlan(pending.id, moved, new Date().toISOString()))).toBe('committed');
    now = new Date(Date.parse(first) - 1 * HOUR);
    await remindDueCalls(job.deps);
    expect(await remindCall(job.deps, pending.id)).toBe('not_due');
    expect(sentTo(job.sent, phone)).toHaveLength(1);

    now = new Date(Date.parse(moved) - 23 * HOUR);
    await remindDueCalls(job.deps);
    const texted = sentTo(job.sent, phone);
    expect(texted).toHaveLength(2);
    expect(texted[1]?.body).not.toBe(texted[0]?.body);
    expect((await callLogOf(pending.id))?.reminded_for).toBe(moved);
    expect(await remindersOf(patient.id)).toHaveLength(2);
  });
});
