import { describe, expect, it } from 'vitest';
import { MessageSendError } from '../kernel/vendor-errors';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { CommitOutcome, WritePlan } from '../kernel/write-plan';
import type { OutboundText, ReminderCall } from './ports';
import { remindCall, remindChangedCalls, remindDueCalls, reminderDue, type ReminderDeps } from './reminders';

const NOW = new Date('2026-11-30T14:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const call = (fields: Partial<ReminderCall> = {}): ReminderCall => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  patientId: 'p-1',
  providerId: 'o-1',
  status: 'scheduled',
  kind: 'monthly',
  scheduledAt: inHours(24),
  remindedFor: null,
  ...fields,
});

const patient = (fields: Partial<PatientRecord> = {}): PatientRecord => ({
  id: 'p-1',
  provider_id: 'o-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone_number: '(813) 555-0142',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  version: 1,
  status: 'active',
  preferred_language: 'en',
  consent: { status: 'accepted', date: '2026-11-02' },
  ...fields,
});

const organization: OrganizationRecord = {
  id: 'o-1',
  name: 'Sunrise Family Medicine',
  address: null,
  telephone: null,
  office_email: null,
  timezone: 'America/New_York',
  sms_sender: '+18135550100',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  patient_count: 3,
  version: 1,
  daily_call_limit: null,
  daily_text_limit: null,
  on_call_number: null,
  status: 'active',
};

/**
 * The use case over records held in memory: what it committed (each plan's writes, `op entity`),
 * what it texted, and the answers the committer and Twilio give, in order.
 */
function world(
  calls: ReminderCall[],
  options: {
    patient?: PatientRecord | null;
    now?: Date;
    outcomes?: CommitOutcome<string>[];
    sendError?: Error;
  } = {},
) {
  const w = { plans: [] as string[][], sent: [] as OutboundText[] };
  const outcomes = [...(options.outcomes ?? [])];
  const found = options.patient === undefined ? patient() : options.patient;
  const deps: ReminderDeps = {
    calls: {
      get: (id) => Promise.resolve(calls.find((c) => c.id === id) ?? null),
      dueBetween: (from, to) =>
        Promise.resolve(calls.filter((c) => c.scheduledAt !== null && c.scheduledAt >= from && c.scheduledAt < to)),
    },
    patients: {
      get: (id) => Promise.resolve(found?.id === id ? found : null),
      getMany: () => Promise.resolve([]),
    },
    organizations: {
      get: () => Promise.resolve(organization),
      getRef: () => Promise.resolve(organization),
      ownerOfSender: () => Promise.resolve(null),
    },
    clock: { now: () => options.now ?? NOW },
    ids: { newId: () => 'e-1' },
    committer: {
      commit: <R extends string>(plan: WritePlan<R>) => {
        w.plans.push(plan.transaction.map((write) => `${write.op} ${write.entity}`));
        return Promise.resolve((outcomes.shift() ?? 'committed') as CommitOutcome<R>);
      },
    },
    sms: {
      send: (text) => {
        if (options.sendError) return Promise.reject(options.sendError);
        w.sent.push(text);
        return Promise.resolve({ messageSid: 'SM00000000000000000000000000000001' });
      },
    },
    statusCallbackUrl: 'https://hooks.example/twilio/status',
  };
  return { w, deps };
}

describe('reminderDue', () => {
  it('is due for a pending call within the next 24 hours, not yet reminded of that time', () => {
    expect(reminderDue(call({ scheduledAt: inHours(24) }), NOW)).toBe(true);
    expect(reminderDue(call({ scheduledAt: new Date(NOW.getTime() + 10 * 60_000).toISOString() }), NOW)).toBe(true);
  });

  it('is not due more than 24 hours ahead, once due, for a call no longer pending, or reminded of that time', () => {
    expect(reminderDue(call({ scheduledAt: new Date(NOW.getTime() + 24 * HOUR + 1).toISOString() }), NOW)).toBe(false);
    expect(reminderDue(call({ scheduledAt: NOW.toISOString() }), NOW)).toBe(false);
    expect(reminderDue(call({ status: 'cancelled' }), NOW)).toBe(false);
    expect(reminderDue(call({ status: 'queued' }), NOW)).toBe(false);
    expect(reminderDue(call({ scheduledAt: null }), NOW)).toBe(false);
    expect(reminderDue(call({ remindedFor: inHours(24) }), NOW)).toBe(false);
  });

  it('is due again for a moved call: the reminder handled was for its old time', () => {
    expect(reminderDue(call({ scheduledAt: inHours(3), remindedFor: inHours(20) }), NOW)).toBe(true);
  });
});

describe('remindCall', () => {
  it('reserves the text with the call marked reminded, texts the patient from the practice, then records Twilio’s id', async () => {
    const { w, deps } = world([call({ scheduledAt: inHours(3) })]);
    expect(await remindCall(deps, call().id)).toBe('sent');
    expect(w.plans).toEqual([
      [
        'patch callLog',
        'check smsPreference',
        'upsert counter',
        'upsert counter',
        'create textMessage',
        'put smsContact',
        'create auditEvent',
      ],
      ['patch textMessage', 'put textSid'],
    ]);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]).toMatchObject({ to: '+18135550142', sender: '+18135550100' });
    expect(w.sent[0]?.body).toContain('Sunrise Family Medicine: our care assistant will call you');
    expect(w.sent[0]?.body).toContain('on Monday, November 30 at 12:00 PM EST.');
  });

  it('writes in the patient’s language', async () => {
    const { w, deps } = world([call({ scheduledAt: inHours(3) })], { patient: patient({ preferred_language: 'es' }) });
    expect(await remindCall(deps, call().id)).toBe('sent');
    expect(w.sent[0]?.body).toContain('el lunes, 30 de noviembre a las 12:00 p.m. EST.');
    expect(w.sent[0]?.body).toContain('Responda ALTO');
  });

  it('sends nothing and writes nothing for a call that is not due', async () => {
    const { w, deps } = world([call({ scheduledAt: inHours(30) })]);
    expect(await remindCall(deps, call().id)).toBe('not_due');
    expect(await remindCall(deps, 'c0ffee00-0000-4000-8000-00000000ffff')).toBe('not_due');
    expect(w.plans).toEqual([]);
    expect(w.sent).toEqual([]);
  });

  it('sends nothing when the call moved or was reminded meanwhile (the mark’s condition)', async () => {
    const { w, deps } = world([call()], { outcomes: ['not_remindable'] });
    expect(await remindCall(deps, call().id)).toBe('not_due');
    expect(w.plans).toHaveLength(1);
    expect(w.sent).toEqual([]);
  });

  it('never texts an opted-out number or past the month’s cap, and marks the call so it is not tried again', async () => {
    for (const refusal of ['opted_out', 'limit'] as const) {
      const { w, deps } = world([call()], { outcomes: [refusal] });
      expect(await remindCall(deps, call().id)).toBe(refusal);
      expect(w.plans[1]).toEqual(['patch callLog']);
      expect(w.sent).toEqual([]);
    }
  });

  it('leaves the call open to the next run when the practice’s day of texts is used up', async () => {
    const { w, deps } = world([call()], { outcomes: ['daily_limit'] });
    expect(await remindCall(deps, call().id)).toBe('daily_limit');
    expect(w.plans).toHaveLength(1);
    expect(w.sent).toEqual([]);
  });

  it('sends nothing of a monthly check-in waiting for consent (it is not placed); a staff-scheduled call is reminded', async () => {
    for (const status of ['not_asked', 'declined', 'withdrawn'] as const) {
      const waiting = world([call()], { patient: patient({ consent: { status, date: null } }) });
      expect(await remindCall(waiting.deps, call().id)).toBe('no_consent');
      expect(waiting.w.plans).toEqual([]);
    }
    const staff = world([call({ kind: 'scheduled' })], { patient: patient({ consent: undefined }) });
    expect(await remindCall(staff.deps, call().id)).toBe('sent');
  });

  it('sends nothing of a booked enrollment call: it asks for interest before any consent', async () => {
    const invited = world([call({ kind: 'enrollment' })], { patient: patient({ consent: undefined }) });
    expect(await remindCall(invited.deps, call().id)).toBe('no_consent');
    expect(invited.w.sent).toEqual([]);
  });

  it('keeps the calling hours in the practice’s zone: nothing at 21:00 or before 8:00, sent from 8:00', async () => {
    // 02:00 UTC is 21:00 in New York (EST); 12:59 UTC is 7:59; 13:00 UTC is 8:00.
    for (const [at, outcome] of [
      ['2026-12-01T02:00:00.000Z', 'quiet_hours'],
      ['2026-12-01T12:59:00.000Z', 'quiet_hours'],
      ['2026-12-01T13:00:00.000Z', 'sent'],
    ] as const) {
      const now = new Date(at);
      const { w, deps } = world([call({ scheduledAt: new Date(now.getTime() + 3 * HOUR).toISOString() })], { now });
      expect(await remindCall(deps, call().id), at).toBe(outcome);
      expect(w.sent, at).toHaveLength(outcome === 'sent' ? 1 : 0);
    }
  });

  it('texts nobody without a phone, a sender, or an active patient', async () => {
    expect(await remindCall(world([call()], { patient: patient({ phone_number: null }) }).deps, call().id)).toBe(
      'no_phone',
    );
    expect(await remindCall(world([call()], { patient: patient({ status: 'archived' }) }).deps, call().id)).toBe(
      'inactive',
    );
    expect(await remindCall(world([call()], { patient: null }).deps, call().id)).toBe('inactive');
    const { deps } = world([call()]);
    const noSender = { ...organization, sms_sender: null };
    deps.organizations = { ...deps.organizations, getRef: () => Promise.resolve(noSender) };
    expect(await remindCall(deps, call().id)).toBe('no_sender');
  });

  it('gives the slot back and reopens the call when Twilio is unavailable, so the next run tries again', async () => {
    const { w, deps } = world([call()], { sendError: new MessageSendError('twilio.http_503', 'unavailable') });
    expect(await remindCall(deps, call().id)).toBe('unavailable');
    expect(w.plans[1]).toEqual(['patch textMessage', 'upsert counter']);
  });

  it('keeps a STOP Twilio knows of on CareLoop’s side too', async () => {
    const { w, deps } = world([call()], { sendError: new MessageSendError('twilio.21610', 'unsubscribed') });
    expect(await remindCall(deps, call().id)).toBe('opted_out');
    expect(w.plans[1]).toEqual(['patch textMessage', 'upsert counter', 'put smsPreference']);
  });
});

describe('the reminder jobs', () => {
  it('the recurring job reminds of the pending calls within 24 hours, each once', async () => {
    const calls = [
      call({ id: 'c-1', scheduledAt: inHours(23.9) }),
      call({ id: 'c-2', scheduledAt: inHours(48) }),
      call({ id: 'c-3', scheduledAt: inHours(2), remindedFor: inHours(2) }),
    ];
    const { w, deps } = world(calls);
    expect(await remindDueCalls(deps)).toEqual({ sent: 1 });
    expect(w.sent).toHaveLength(1);
  });

  it('the stream job reminds of changed calls that are due, once per call in a batch', async () => {
    const soon = call({ scheduledAt: new Date(NOW.getTime() + 10 * 60_000).toISOString() });
    const { w, deps } = world([soon]);
    expect(await remindChangedCalls(deps, [soon, soon, call({ id: 'c-far', scheduledAt: inHours(72) })])).toEqual({
      sent: 1,
    });
    expect(w.sent).toHaveLength(1);
  });
});
