import { describe, expect, it } from 'vitest';
import type { EscalationLevel } from '../../shared/values/calls';
import type { NotificationPreferences } from '../../shared/domain';
import { newCallLog } from '../kernel/records/call-log';
import { hashToken } from '../kernel/links';
import {
  ALERT_LEASE_MARGIN_MS,
  ALERT_MAX_SECONDS,
  ALERT_SYSTEM_PROMPT,
  LINES_BUSY,
  NotificationsIncomplete,
  SENDING_LEASE_MS,
  UNANSWERED_TRANSFER_ALERT,
  notifyCall,
  plannedDeliveries,
  type NotifyDeps,
} from './notifications';
import {
  type NotificationKey,
  type NotificationRecord,
  type NotificationRepository,
  type OutboundEmail,
  type SpokenAlert,
  type StaffText,
} from './ports';
import { MessageSendError } from '../kernel/vendor-errors';
import { VoiceAgentError } from '../kernel/vendor-errors';
import { type CallLogRecord } from '../kernel/records/call-log';
import type { LinkRecord } from '../kernel/records/link';
import type { CommitOutcome, ItemWrite, WritePlan } from '../kernel/write-plan';
import { createdLinks } from '../../test/support/created-links';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';

const NOW = new Date('2026-03-02T15:00:00.000Z');
const ORIGIN = 'https://app.careloop.test';

const call = (overrides: Partial<CallLogRecord> = {}): CallLogRecord =>
  newCallLog(
    {
      id: 'call-1',
      patient_id: 'pat-1',
      provider_id: 'org-1',
      status: 'completed',
      kind: 'instant',
      created_by: 'nurse-1',
      summary: 'Chest pain since the morning; advised to call 911.',
      escalation_level: 'Emergent',
      note_to_doctor: 'Chest pain and shortness of breath.',
      ...overrides,
    },
    NOW.toISOString(),
  );

const patient: PatientRecord = {
  id: 'pat-1',
  provider_id: 'org-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'margaret@example.test',
  phone_number: '+18135550103',
  created_at: NOW.toISOString(),
  updated_at: NOW.toISOString(),
  version: 1,
  status: 'active',
};

const user = (
  id: string,
  preferences: NotificationPreferences,
  overrides: Partial<UserProfileRecord> = {},
): UserProfileRecord => ({
  id,
  email: `${id}@sunrise.example`,
  first_name: 'Nora',
  last_name: 'Ellis',
  phone_number: '+18135550190',
  role: 'provider',
  provider_id: 'org-1',
  assigned_at: NOW.toISOString(),
  notification_preferences: preferences,
  created_at: NOW.toISOString(),
  status: 'active',
  ...overrides,
});

/** A notification's table attributes as its record names them. */
const FIELDS: Record<string, keyof NotificationRecord> = {
  call_log_id: 'callLogId',
  user_id: 'userId',
  channel: 'channel',
  reason: 'reason',
  status: 'status',
  attempts: 'attempts',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  provider_message_id: 'providerMessageId',
  error_code: 'errorCode',
};

/** The notification records as DynamoDB keeps them, changed by their plans with the same conditions. */
class InMemoryNotifications implements NotificationRepository {
  readonly records = new Map<string, NotificationRecord>();
  private id = (key: Readonly<Record<string, unknown>>) => `${key.call_log_id}|${key.user_id}|${key.channel}`;

  listByCall(callLogId: string) {
    return Promise.resolve([...this.records.values()].filter((r) => r.callLogId === callLogId));
  }

  get(key: NotificationKey) {
    return Promise.resolve(this.records.get(`${key.callLogId}|${key.userId}|${key.channel}`) ?? null);
  }

  /** A notification's write of a plan: false when its condition fails (nothing written). */
  apply(write: ItemWrite<string>): boolean {
    if (write.op === 'create') {
      if (this.records.has(this.id(write.item))) return false;
      const record = { providerMessageId: null, errorCode: null } as Record<string, unknown>;
      for (const [name, value] of Object.entries(write.item)) record[FIELDS[name] ?? name] = value;
      this.records.set(this.id(write.item), record as unknown as NotificationRecord);
      return true;
    }
    if (write.op !== 'patch') throw new Error(`unexpected ${write.op} of a notification`);
    const stored = this.records.get(this.id(write.key));
    const field = (name: string) => (stored as unknown as Record<string, unknown>)[FIELDS[name] ?? name];
    const holds =
      stored !== undefined &&
      Object.entries(write.when?.equal ?? {}).every(([name, value]) => field(name) === value) &&
      Object.entries(write.when?.notEqual ?? {}).every(([name, value]) => field(name) !== value);
    if (!holds) return false;
    const next = { ...stored } as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(write.set ?? {})) next[FIELDS[name] ?? name] = value;
    for (const [name, by] of Object.entries(write.add ?? {})) next[FIELDS[name] ?? name] = Number(field(name)) + by;
    for (const name of write.remove ?? []) next[FIELDS[name] ?? name] = null;
    this.records.set(this.id(write.key), next as unknown as NotificationRecord);
    return true;
  }
}

interface World {
  deps: NotifyDeps;
  emails: OutboundEmail[];
  texts: StaffText[];
  calls: SpokenAlert[];
  links: LinkRecord[];
  notifications: InMemoryNotifications;
  unnotified: string[];
  /** Failures of the next sends, per channel (consumed one per send). */
  failNext: { email: Error[]; sms: Error[]; call: Error[] };
  users: UserProfileRecord[];
  log: CallLogRecord | null;
  /** The deployment's call lines as the plans leave them: lines in use, and the leases held. */
  lines: { inUse: number; leases: Map<string, Record<string, unknown>> };
}

const LINES = 3;

/**
 * The call lines' writes of a plan, all or none, as DynamoDB would apply them: a line taken below
 * its limit, a lease created once, patched or removed only while it is there.
 */
function applyToLines<R extends string>(lines: World['lines'], plan: WritePlan<R>): CommitOutcome<R> {
  let inUse = lines.inUse;
  const leases = new Map(lines.leases);
  for (const write of plan.transaction) {
    if (write.entity === 'callLines' && write.op === 'upsert') {
      const limit = write.when?.missingOr?.below?.in_use;
      if (typeof limit === 'number' && !(inUse < limit)) return write.refusal ?? 'conflict';
      inUse += write.add?.in_use ?? 0;
    } else if (write.entity === 'lineLease') {
      const id = 'key' in write ? (write.key.lease_id ?? '') : String(write.item.lease_id);
      const lease = leases.get(id);
      if (write.op === 'create') {
        if (lease) return write.refusal ?? 'conflict';
        leases.set(id, { ...write.item });
      } else if (write.op === 'patch' || write.op === 'delete') {
        const equal = Object.entries(write.when?.equal ?? {}).every(([name, value]) => lease?.[name] === value);
        if (!lease || !equal) return write.refusal ?? 'conflict';
        if (write.op === 'patch') leases.set(id, { ...lease, ...write.set });
        else leases.delete(id);
      }
    }
  }
  lines.inUse = inUse;
  lines.leases = leases;
  return 'committed';
}

function world(users: UserProfileRecord[], log: CallLogRecord | null = call()): World {
  const w: World = {
    emails: [],
    texts: [],
    calls: [],
    links: [],
    notifications: new InMemoryNotifications(),
    unnotified: [],
    failNext: { email: [], sms: [], call: [] },
    users,
    log,
    lines: { inUse: 0, leases: new Map() },
    deps: undefined as unknown as NotifyDeps,
  };
  let sequence = 0;
  w.deps = {
    callLogs: { get: (id) => Promise.resolve(w.log?.id === id ? w.log : null) },
    patients: { get: (id) => Promise.resolve(id === patient.id ? patient : null) },
    profiles: { listByOrganization: (org) => Promise.resolve(w.users.filter((u) => u.provider_id === org)) },
    settings: { get: () => Promise.resolve(null) },
    notifications: w.notifications,
    // Each plan here writes one item: a link, or a notification whose condition may fail.
    committer: {
      commit: <R extends string>(plan: WritePlan<R>): Promise<CommitOutcome<R>> => {
        w.links.push(...createdLinks(plan));
        const lines = applyToLines(w.lines, plan);
        if (lines !== 'committed') return Promise.resolve(lines);
        for (const write of plan.transaction) {
          if (write.entity === 'notification' && !w.notifications.apply(write)) {
            return Promise.resolve(write.refusal ?? 'conflict');
          }
        }
        return Promise.resolve('committed');
      },
    },
    clock: { now: () => NOW },
    email: {
      send: (email) => {
        const failure = w.failNext.email.shift();
        if (failure) return Promise.reject(failure);
        w.emails.push(email);
        return Promise.resolve({ messageId: `ses-${++sequence}` });
      },
    },
    sms: {
      send: (text) => {
        const failure = w.failNext.sms.shift();
        if (failure) return Promise.reject(failure);
        w.texts.push(text);
        return Promise.resolve({ messageSid: `SM${++sequence}` });
      },
    },
    voice: {
      placeCall: (request) => {
        const failure = w.failNext.call.shift();
        if (failure) return Promise.reject(failure);
        w.calls.push(request);
        return Promise.resolve({ vendorCallId: `vapi-${++sequence}` });
      },
    },
    defaultAssistantId: 'asst-default',
    callLines: LINES,
    ids: { newId: () => `lease-${++sequence}` },
    webOrigin: ORIGIN,
    signals: { emergentEscalationUnnotified: (id) => void w.unnotified.push(id) },
  };
  return w;
}

const escalationAndSummary: NotificationPreferences = { new_summaries: ['email'], escalations: ['email', 'sms'] };
const statusOf = (w: World, userId: string, channel: string) =>
  [...w.notifications.records.values()].find((r) => r.userId === userId && r.channel === channel);
/** The link a message carries, as the summary page resolves it (only its hash is stored). */
const tokenIn = (text: string) => /\/summary\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1] ?? '';

describe('who gets what', () => {
  it('sends an escalation through the escalation channels and no second message on the same channel', async () => {
    const w = world([user('nora', escalationAndSummary)]);

    const outcome = await notifyCall(w.deps, 'call-1');

    expect(outcome).toMatchObject({ sent: 2, alreadySent: 0, failed: [], escalationNotified: true });
    expect(w.emails).toEqual([
      expect.objectContaining({ to: 'nora@sunrise.example', subject: 'Emergent escalation: Margaret' }),
    ]);
    expect(w.texts).toEqual([expect.objectContaining({ to: '+18135550190' })]);
    expect(w.texts[0]?.body).toMatch(
      /^CareLoop: Emergent escalation for Margaret\. https:\/\/app\.careloop\.test\/summary\//,
    );
    expect(statusOf(w, 'nora', 'email')).toMatchObject({
      reason: 'escalation',
      status: 'sent',
      providerMessageId: 'ses-1',
    });
  });

  it('adds the new-summary message on channels the escalation did not use', async () => {
    const w = world(
      [user('ravi', { new_summaries: ['email', 'sms'], escalations: ['sms'] })],
      call({ escalation_level: 'Urgent' }),
    );

    await notifyCall(w.deps, 'call-1');

    expect(w.texts.map((t) => t.body.slice(0, 38))).toEqual(['CareLoop: Urgent escalation for Margar']);
    expect(w.emails.map((e) => e.subject)).toEqual(['New call summary: Margaret']);
    expect(statusOf(w, 'ravi', 'email')?.reason).toBe('new_summary');
  });

  it('sends only new-summary messages for Elective and Normal calls', async () => {
    for (const level of ['Elective', 'Normal'] as EscalationLevel[]) {
      const w = world([user('nora', escalationAndSummary)], call({ escalation_level: level }));

      const outcome = await notifyCall(w.deps, 'call-1');

      expect(outcome.escalationNotified, level).toBe(false);
      expect(
        w.emails.map((e) => e.subject),
        level,
      ).toEqual(['New call summary: Margaret']);
      expect(w.texts, level).toEqual([]);
      expect(w.unnotified, level).toEqual([]);
    }
  });

  it('notifies only active provider users of the call organization', () => {
    const users = [
      user('nora', escalationAndSummary),
      user('admin', escalationAndSummary, { role: 'careloop_employee' }),
      user('gone', escalationAndSummary, { status: 'disabled' }),
      user('none', { new_summaries: [], escalations: [] }),
    ];
    expect(plannedDeliveries(users, true).map((d) => `${d.user.id}:${d.channel}:${d.reason}`)).toEqual([
      'nora:email:escalation',
      'nora:sms:escalation',
    ]);
  });

  it('sends nothing for calls that did not complete or have no summary', async () => {
    for (const log of [call({ status: 'failed' }), call({ summary: '  ', escalation_level: 'Normal' })]) {
      const w = world([user('nora', escalationAndSummary)], log);

      const outcome = await notifyCall(w.deps, 'call-1');

      expect(outcome.skipped).not.toBeNull();
      expect([...w.emails, ...w.texts]).toEqual([]);
      expect(w.links).toEqual([]);
    }
    expect((await notifyCall(world([]).deps, 'missing')).skipped).toBe('no_call');
  });
});

describe('the messages', () => {
  it('carry one absolute summary link per run and no PHI beyond the first name', async () => {
    const w = world([user('nora', escalationAndSummary), user('ravi', { new_summaries: ['sms'], escalations: [] })]);

    await notifyCall(w.deps, 'call-1');

    expect(w.links).toHaveLength(1);
    expect(w.links[0]).toMatchObject({
      kind: 'summary',
      callLogId: 'call-1',
      organizationId: 'org-1',
      patientId: 'pat-1',
    });
    const bodies = [...w.emails.flatMap((e) => [e.subject, e.text, e.html ?? '']), ...w.texts.map((t) => t.body)];
    for (const body of bodies) {
      expect(body).not.toMatch(/Alvarez|margaret@|5550103|Chest|911/);
    }
    const tokens = new Set([...w.emails.map((e) => tokenIn(e.text)), ...w.texts.map((t) => tokenIn(t.body))]);
    expect(tokens.size).toBe(1);
    expect(hashToken([...tokens][0] ?? '')).toBe(w.links[0]?.tokenHash);
    expect(w.emails[0]?.text).toContain(`${ORIGIN}/summary/`);
    expect(w.emails[0]?.html).toContain(`href="${ORIGIN}/summary/`);
  });

  it('places a short spoken alert to the staff phone, named apart from the patient call', async () => {
    const w = world([user('nora', { new_summaries: [], escalations: ['call'] })], call({ escalation_level: 'Urgent' }));

    await notifyCall(w.deps, 'call-1');

    expect(w.calls).toEqual([
      {
        callLogId: 'alert-call-1-nora',
        patientId: 'pat-1',
        organizationId: 'org-1',
        customerNumber: '+18135550190',
        assistantId: 'asst-default',
        voiceId: expect.any(String),
        systemPrompt: ALERT_SYSTEM_PROMPT,
        firstMessage:
          'This is CareLoop with an urgent escalation for one of your patients, Margaret. Please open the summary link sent to you.',
        // No call log: only its status comes back, to give its line back.
        audience: 'staff',
        voicemailMessage: null,
        lineLeaseId: expect.stringMatching(/^lease-/),
        maxDurationSeconds: ALERT_MAX_SECONDS,
      },
    ]);
    expect(statusOf(w, 'nora', 'call')).toMatchObject({
      status: 'sent',
      providerMessageId: expect.stringMatching(/^vapi-/),
    });
  });
});

describe('the call line a spoken alert holds', () => {
  const alerting = () =>
    world(
      [user('nora', { new_summaries: [], escalations: ['call', 'email'] })],
      call({ escalation_level: 'Emergent' }),
    );

  it('takes one line under a lease naming the Vapi call, until the longest alert and its margin', async () => {
    const w = alerting();

    await notifyCall(w.deps, 'call-1');

    expect(w.lines.inUse).toBe(1);
    const [lease] = [...w.lines.leases.values()];
    expect(lease).toEqual({
      shard: 'leases',
      lease_id: w.calls[0]?.lineLeaseId,
      holder: 'alert',
      taken_at: NOW.toISOString(),
      until: new Date(NOW.getTime() + ALERT_MAX_SECONDS * 1000 + ALERT_LEASE_MARGIN_MS).toISOString(),
      vendor_call_id: statusOf(w, 'nora', 'call')?.providerMessageId,
    });
  });

  it('takes a line held back for people: only every line in use stops it', async () => {
    const w = alerting();
    w.lines.inUse = LINES - 1;

    await notifyCall(w.deps, 'call-1');

    expect(w.calls).toHaveLength(1);
    expect(w.lines.inUse).toBe(LINES);
  });

  it('with every line in use, places nothing, fails as lines.busy to be tried again, and the e-mail still goes', async () => {
    const w = alerting();
    w.lines.inUse = LINES;

    await expect(notifyCall(w.deps, 'call-1')).rejects.toBeInstanceOf(NotificationsIncomplete);

    expect(w.calls).toEqual([]);
    expect(statusOf(w, 'nora', 'call')).toMatchObject({ status: 'failed', errorCode: LINES_BUSY });
    expect(w.emails).toHaveLength(1);
    expect(w.lines).toEqual({ inUse: LINES, leases: new Map() });

    // A line freed: the event delivered again places the alert.
    w.lines.inUse = LINES - 1;
    await notifyCall(w.deps, 'call-1');
    expect(w.calls).toHaveLength(1);
    expect(statusOf(w, 'nora', 'call')).toMatchObject({ status: 'sent' });
  });

  it('sends the alert once when the table does not answer as its Vapi call is named: the lease frees by its time', async () => {
    const w = alerting();
    const commit = w.deps.committer.commit.bind(w.deps.committer);
    w.deps.committer = {
      commit: (plan) =>
        plan.transaction.some((write) => write.entity === 'lineLease' && write.op === 'patch')
          ? Promise.reject(new Error('ECONNRESET'))
          : commit(plan),
    };

    const outcome = await notifyCall(w.deps, 'call-1');

    expect(outcome.failed).toEqual([]);
    expect(w.calls).toHaveLength(1);
    expect(statusOf(w, 'nora', 'call')).toMatchObject({ status: 'sent' });
    // The line stays held under a lease without Vapi's id, until its time is up (the reconciler).
    expect(w.lines.inUse).toBe(1);
    expect([...w.lines.leases.values()][0]?.vendor_call_id).toBeUndefined();
  });

  it('gives the line back at once when Vapi does not take the call', async () => {
    const w = alerting();
    w.failNext.call.push(new VoiceAgentError('at_capacity', 'concurrency'));

    await expect(notifyCall(w.deps, 'call-1')).rejects.toBeInstanceOf(NotificationsIncomplete);

    expect(statusOf(w, 'nora', 'call')?.errorCode).toBe('vapi.at_capacity.concurrency');
    expect(w.lines).toEqual({ inUse: 0, leases: new Map() });
  });
});

describe('an emergent call whose warm transfer nobody answered', () => {
  it('tells every channel that the patient is to be called back, with no more PHI', async () => {
    const transferred = call({
      escalation_level: 'Emergent',
      transfer: { to: '+12025550199', status: 'unanswered', at: '2026-03-04T15:00:00.000Z' },
    });
    const w = world([user('nora', { new_summaries: [], escalations: ['email', 'sms', 'call'] })], transferred);

    await notifyCall(w.deps, 'call-1');

    expect(w.emails[0]?.text).toContain(UNANSWERED_TRANSFER_ALERT);
    expect(w.texts[0]?.body).toContain(UNANSWERED_TRANSFER_ALERT);
    expect(w.calls[0]?.firstMessage).toContain(UNANSWERED_TRANSFER_ALERT);
    expect(w.texts[0]?.body).not.toMatch(/2025550199|Alvarez/);
  });

  it('says nothing of a callback when the clinician answered', async () => {
    const answered = call({
      escalation_level: 'Emergent',
      transfer: { to: '+12025550199', status: 'answered', at: '2026-03-04T15:00:00.000Z' },
    });
    const w = world([user('nora', { new_summaries: [], escalations: ['email'] })], answered);

    await notifyCall(w.deps, 'call-1');

    expect(w.emails[0]?.text).not.toContain(UNANSWERED_TRANSFER_ALERT);
  });
});

describe('once per call, user and channel', () => {
  it('sends nothing the second time the event is delivered', async () => {
    const w = world([user('nora', escalationAndSummary), user('ravi', escalationAndSummary)]);
    await notifyCall(w.deps, 'call-1');

    const second = await notifyCall(w.deps, 'call-1');

    expect(second).toMatchObject({ sent: 0, alreadySent: 4, escalationNotified: true });
    expect(w.emails).toHaveLength(2);
    expect(w.texts).toHaveLength(2);
    expect(w.links).toHaveLength(1);
    expect(w.unnotified).toEqual([]);
  });

  it('tries every channel, throws for a retry, and the retry sends only the failed channel', async () => {
    const w = world([user('nora', escalationAndSummary), user('ravi', escalationAndSummary)]);
    w.failNext.email.push(new MessageSendError('ses.TooManyRequestsException', 'unavailable'));

    const first = await notifyCall(w.deps, 'call-1').catch((error: unknown) => error);

    expect(first).toBeInstanceOf(NotificationsIncomplete);
    const failed = (first as NotificationsIncomplete).outcome;
    expect(failed).toMatchObject({
      sent: 3,
      failed: [{ userId: 'nora', channel: 'email', code: 'ses.TooManyRequestsException' }],
    });
    expect(statusOf(w, 'nora', 'email')).toMatchObject({ status: 'failed', errorCode: 'ses.TooManyRequestsException' });

    const retry = await notifyCall(w.deps, 'call-1');

    expect(retry).toMatchObject({ sent: 1, alreadySent: 3, failed: [] });
    expect(w.emails.map((e) => e.to)).toEqual(['ravi@sunrise.example', 'nora@sunrise.example']);
    expect(w.texts).toHaveLength(2);
    expect(statusOf(w, 'nora', 'email')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leaves a notification another run is sending to that run, and takes it once that run is long gone', async () => {
    const w = world(
      [user('nora', { new_summaries: ['email'], escalations: [] })],
      call({ escalation_level: 'Normal' }),
    );
    const taken = new Date(NOW.getTime() - 1000).toISOString();
    w.notifications.records.set('call-1|nora|email', {
      callLogId: 'call-1',
      userId: 'nora',
      channel: 'email',
      reason: 'new_summary',
      status: 'sending',
      attempts: 1,
      createdAt: taken,
      updatedAt: taken,
      providerMessageId: null,
      errorCode: null,
    });

    await expect(notifyCall(w.deps, 'call-1')).rejects.toBeInstanceOf(NotificationsIncomplete);
    expect(w.emails).toEqual([]);

    const later = new Date(NOW.getTime() + SENDING_LEASE_MS + 1000);
    w.deps.clock = { now: () => later };
    await notifyCall(w.deps, 'call-1');
    expect(w.emails).toHaveLength(1);
  });

  it('records a channel the profile has no address for as failed, without retrying the event for it', async () => {
    const w = world([user('nora', escalationAndSummary, { phone_number: null })], call({ escalation_level: 'Urgent' }));

    const outcome = await notifyCall(w.deps, 'call-1');

    expect(outcome.failed).toEqual([{ userId: 'nora', channel: 'sms', code: 'recipient.no_phone' }]);
    expect(w.emails).toHaveLength(1);
  });

  it('keeps vendor codes, never vendor text', async () => {
    const w = world([user('nora', { new_summaries: [], escalations: ['call', 'sms'] })]);
    w.failNext.call.push(new VoiceAgentError('rejected', '400'));
    w.failNext.sms.push(new Error('The number +18135550190 is unverified'));

    await expect(notifyCall(w.deps, 'call-1')).rejects.toBeInstanceOf(NotificationsIncomplete);

    expect(statusOf(w, 'nora', 'call')?.errorCode).toBe('vapi.rejected.400');
    expect(statusOf(w, 'nora', 'sms')?.errorCode).toBe('internal.Error');
  });
});

describe('an Emergent escalation that reaches nobody', () => {
  it('raises the on-call signal when the organization has no provider user', async () => {
    const w = world([user('admin', escalationAndSummary, { role: 'careloop_employee' })]);

    const outcome = await notifyCall(w.deps, 'call-1');

    expect(outcome.escalationNotified).toBe(false);
    expect(w.unnotified).toEqual(['call-1']);
  });

  it('raises it when every escalation channel failed, and not once one went out', async () => {
    const w = world([user('nora', { new_summaries: [], escalations: ['email', 'sms'] })]);
    w.failNext.email.push(new MessageSendError('ses.InternalFailure', 'unavailable'));
    w.failNext.sms.push(new MessageSendError('twilio.http_503', 'unavailable'));

    await expect(notifyCall(w.deps, 'call-1')).rejects.toBeInstanceOf(NotificationsIncomplete);
    expect(w.unnotified).toEqual(['call-1']);

    await notifyCall(w.deps, 'call-1');
    expect(w.unnotified).toEqual(['call-1']);
  });

  it('does not raise it for an Urgent escalation', async () => {
    const w = world([], call({ escalation_level: 'Urgent' }));

    await notifyCall(w.deps, 'call-1');

    expect(w.unnotified).toEqual([]);
  });
});
