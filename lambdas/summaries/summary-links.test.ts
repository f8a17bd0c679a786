import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SUMMARY_LINK_MESSAGES } from '../../shared/summary-link';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import { newCallLog } from '../kernel/records/call-log';
import { createLink, hashToken, type CreateLinkDeps } from '../kernel/links';
import type { WriteCommitter, WriteCondition, WritePlan } from '../kernel/write-plan';
import { createdLinks } from '../../test/support/created-links';
import type { AuditEntry } from '../kernel/audit-entry';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { LinkRecord } from '../kernel/records/link';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { SummaryAccessRecord } from './ports';
import { createSummaryLink } from '../kernel/links';
import { viewSummaryLink, type SummaryLinkDeps } from './summary-links';

const DAY = 24 * 60 * 60 * 1000;
const CREATED = new Date('2026-03-01T12:00:00.000Z');

const employee: Actor = { userId: 'op-1', email: 'admin@careloop.health', role: 'careloop_employee', providerId: null };
const sunriseNurse: Actor = {
  userId: 'nurse-1',
  email: 'nurse@sunrise.example',
  role: 'provider',
  providerId: 'org-1',
};
const lakesideNurse: Actor = {
  userId: 'nurse-2',
  email: 'nurse@lakeside.example',
  role: 'provider',
  providerId: 'org-2',
};
const patientUser: Actor = { userId: 'pat-user', email: 'p@example.test', role: 'patient', providerId: 'org-1' };
const pendingUser: Actor = { userId: 'new-user', email: 'new@example.test', role: null, providerId: null };

const completedCall = (overrides: Partial<CallLogRecord> = {}) =>
  newCallLog(
    {
      id: 'call-1',
      patient_id: 'pat-1',
      provider_id: 'org-1',
      status: 'completed',
      kind: 'instant',
      created_by: 'nurse-1',
      duration_seconds: 125,
      summary: 'Feeling well.\nTaking medication daily.',
      transcript: [
        { speaker: 'assistant', text: 'Hello, this is your care assistant.' },
        { speaker: 'patient', text: 'Hi there.' },
      ],
      success_evaluation: true,
      escalation_level: 'Urgent',
      note_to_doctor: 'Blood pressure readings are rising.',
      ...overrides,
    },
    CREATED.toISOString(),
  );

const patient: PatientRecord = {
  id: 'pat-1',
  provider_id: 'org-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'margaret@example.test',
  phone_number: '+18135550106',
  created_at: CREATED.toISOString(),
  updated_at: CREATED.toISOString(),
  version: 1,
  status: 'active',
};

const organization: OrganizationRecord = {
  id: 'org-1',
  name: 'Sunrise Family Medicine',
  address: '1 Main St',
  telephone: '+18135550100',
  office_email: 'office@sunrise.example',
  timezone: 'America/New_York',
  sms_sender: null,
  created_at: CREATED.toISOString(),
  updated_at: CREATED.toISOString(),
  patient_count: 1,
  daily_call_limit: null,
  daily_text_limit: null,
  on_call_number: null,
  version: 1,
  status: 'active',
};

/** In-memory stand-ins for the table: what was stored, read and written. */
function fakeDeps() {
  let now = CREATED;
  const links = new Map<string, LinkRecord>();
  const calls = new Map<string, CallLogRecord>([['call-1', completedCall()]]);
  const patients = new Map<string, PatientRecord>([['pat-1', patient]]);
  const organizations = new Map<string, OrganizationRecord>([['org-1', organization]]);
  const audit: AuditEntry[] = [];
  const accesses: SummaryAccessRecord[] = [];
  let nextId = 0;
  const deps = {
    clock: { now: () => now },
    ids: { newId: () => `id-${++nextId}` },
    links: { get: vi.fn(async (hash: string) => links.get(hash) ?? null) },
    committer: {
      commit: vi.fn(async (plan: WritePlan<string>): Promise<string> => {
        // A check holds as the table would hold it, on the records as they are now.
        const stored = (entity: string, key: Readonly<Record<string, string>>) =>
          entity === 'callLog'
            ? calls.get(key.call_log_id ?? '')
            : entity === 'patient'
              ? patients.get(key.patient_id ?? '')
              : entity === 'organization'
                ? organizations.get(key.organization_id ?? '')
                : undefined;
        for (const write of plan.transaction) {
          if (write.op === 'check' && !meets(stored(write.entity, write.key), write.when)) {
            return write.refusal ?? 'conflict';
          }
        }
        for (const link of createdLinks(plan)) links.set(link.tokenHash, link);
        for (const write of plan.transaction) {
          if (write.op !== 'create') continue;
          if (write.entity === 'summaryAccess') accesses.push(accessOf(write.item));
          if (write.entity === 'auditEvent') audit.push(entryOf(write.item));
        }
        return 'committed';
      }) as Mock<(plan: WritePlan<string>) => Promise<string>> & WriteCommitter['commit'],
    },
    callLogs: { get: vi.fn(async (id: string) => calls.get(id) ?? null) },
    patients: { get: vi.fn(async (id: string) => patients.get(id) ?? null) },
    organizations: { get: vi.fn(async (id: string) => organizations.get(id) ?? null) },
    audit: { record: vi.fn(async (entry: AuditEntry) => void audit.push(entry)), recordMany: vi.fn() },
  } satisfies SummaryLinkDeps & CreateLinkDeps;
  return {
    deps,
    links,
    calls,
    patients,
    organizations,
    audit,
    accesses,
    setNow: (at: Date) => {
      now = at;
    },
  };
}

type World = ReturnType<typeof fakeDeps>;

/** Whether a record (its attributes; a null one is not stored) meets a write's condition. */
function meets(record: object | undefined, when: WriteCondition): boolean {
  const value = (name: string) => (record as Record<string, unknown> | undefined)?.[name] ?? undefined;
  const entries = <V>(values: Readonly<Record<string, V>> | undefined) => Object.entries(values ?? {});
  return (
    (when.missing ?? []).every((name) => value(name) === undefined) &&
    (when.present ?? []).every((name) => value(name) !== undefined) &&
    entries(when.equal).every(([name, v]) => value(name) === v) &&
    entries(when.notEqual).every(([name, v]) => value(name) !== v) &&
    entries(when.oneOf).every(([name, values]) => values.includes(value(name) as never)) &&
    entries(when.missingOr?.equal).every(([name, v]) => value(name) === undefined || value(name) === v)
  );
}

/** A summary-access record as a committed plan wrote it. */
function accessOf(item: Readonly<Record<string, unknown>>): SummaryAccessRecord {
  return {
    id: item.access_id as string,
    callLogId: item.call_log_id as string,
    accessedAt: item.accessed_at as string,
    userId: item.user_id as string,
    role: item.role as SummaryAccessRecord['role'],
    organizationId: (item.organization_id as string | undefined) ?? null,
  };
}

/** An audit event as a committed plan wrote it, in the audit log's words (no id or time). */
function entryOf(item: Readonly<Record<string, unknown>>): AuditEntry {
  const [type = '', ...id] = String(item.subject).split(':');
  return {
    actorId: item.actor_id as string,
    actorRole: item.actor_role === 'none' ? null : (item.actor_role as AuditEntry['actorRole']),
    actorProviderId: (item.actor_provider_id as string | undefined) ?? null,
    action: item.action as string,
    subject: { type, id: id.join(':') } as AuditEntry['subject'],
    ...(item.patient_id ? { patientId: item.patient_id as string } : {}),
    outcome: item.outcome as AuditEntry['outcome'],
  };
}

/** A summary link for call-1 (as the notifier makes it), returning its token. */
async function linkFor(world: World, callLogId = 'call-1') {
  const path = await createSummaryLink(world.deps, callLogId, 'org-1', 'pat-1', 'notifier');
  return path.replace('/summary/', '');
}

/** The error a view throws, as the handler would map it. */
async function refusal(world: World, actor: Actor, token: string) {
  const error: unknown = await viewSummaryLink(world.deps, actor, token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message } = error as AppError;
  return { status, code, message };
}

const INVALID = { status: 404, code: 'link.invalid', message: 'Invalid or expired magic link' };
const STAFF_ONLY = {
  status: 403,
  code: 'summary.staff_only',
  message: 'Access denied - Provider or admin authentication required',
};
const OTHER_ORGANIZATION = {
  status: 403,
  code: 'summary.other_organization',
  message: 'Access denied - You can only view summaries from your organization',
};

describe('createSummaryLink', () => {
  it('returns /summary/<256-bit base64url token> and stores only its hash, for 30 days', async () => {
    const world = fakeDeps();
    const path = await createSummaryLink(world.deps, 'call-1', 'org-1', 'pat-1', 'notifier');
    expect(path).toMatch(/^\/summary\/[A-Za-z0-9_-]{43}$/);
    const token = path.slice('/summary/'.length);
    expect([...world.links.keys()]).toEqual([hashToken(token)]);
    expect(JSON.stringify([...world.links.values()])).not.toContain(token);
    expect(world.links.get(hashToken(token))).toEqual({
      tokenHash: hashToken(token),
      kind: 'summary',
      organizationId: 'org-1',
      patientId: 'pat-1',
      callLogId: 'call-1',
      createdAt: CREATED.toISOString(),
      createdBy: 'notifier',
      expires: new Date(CREATED.getTime() + 30 * DAY).toISOString(),
    });
  });

  it('makes a different token every time', async () => {
    const world = fakeDeps();
    expect(await linkFor(world)).not.toBe(await linkFor(world));
  });
});

describe('viewSummaryLink', () => {
  let world: World;
  let token: string;
  beforeEach(async () => {
    world = fakeDeps();
    token = await linkFor(world);
    world.setNow(new Date(CREATED.getTime() + DAY));
  });

  it('shows an operator the call, the patient and the practice, and records the view', async () => {
    const answer = await viewSummaryLink(world.deps, employee, token);
    const accessedAt = new Date(CREATED.getTime() + DAY).toISOString();
    expect(answer).toEqual({
      accessedAt,
      callLog: {
        id: 'call-1',
        createdAt: CREATED.toISOString(),
        duration: 125,
        summary: 'Feeling well.\nTaking medication daily.',
        transcript: [
          { speaker: 'assistant', text: 'Hello, this is your care assistant.' },
          { speaker: 'patient', text: 'Hi there.' },
        ],
        successEvaluation: true,
        escalationLevel: 'Urgent',
        noteToDoctor: 'Blood pressure readings are rising.',
      },
      patient: {
        first_name: 'Margaret',
        last_name: 'Alvarez',
        email: 'margaret@example.test',
        phone_number: '+18135550106',
      },
      provider: {
        name: 'Sunrise Family Medicine',
        phone: '+18135550100',
        email: 'office@sunrise.example',
        address: '1 Main St',
      },
    });
    expect(world.accesses).toEqual([
      {
        id: 'id-1',
        callLogId: 'call-1',
        accessedAt,
        userId: 'op-1',
        role: 'careloop_employee',
        organizationId: null,
      },
    ]);
    expect(world.audit).toEqual([
      {
        actorId: 'op-1',
        actorRole: 'careloop_employee',
        actorProviderId: null,
        action: 'summary.link_view',
        subject: { type: 'call', id: 'call-1' },
        patientId: 'pat-1',
        outcome: 'success',
      },
    ]);
  });

  it("shows provider staff their own organization's summary, every time the link is opened", async () => {
    await viewSummaryLink(world.deps, sunriseNurse, token);
    await viewSummaryLink(world.deps, sunriseNurse, token);
    expect(world.accesses.map((a) => [a.userId, a.role, a.organizationId])).toEqual([
      ['nurse-1', 'provider', 'org-1'],
      ['nurse-1', 'provider', 'org-1'],
    ]);
    expect(world.audit.map((e) => e.outcome)).toEqual(['success', 'success']);
  });

  it('refuses provider staff of another organization with its refusal text, before reading the call', async () => {
    expect(await refusal(world, lakesideNurse, token)).toEqual(OTHER_ORGANIZATION);
    expect(world.deps.callLogs.get).not.toHaveBeenCalled();
    expect(world.accesses).toEqual([]);
    expect(world.audit).toEqual([
      expect.objectContaining({
        actorId: 'nurse-2',
        subject: { type: 'call', id: 'call-1' },
        outcome: 'denied',
      }),
    ]);
  });

  it('treats provider staff without an organization as another organization', async () => {
    expect(await refusal(world, { ...sunriseNurse, providerId: null }, token)).toEqual(OTHER_ORGANIZATION);
  });

  it.each([
    ['a patient', patientUser],
    ['an account with no group', pendingUser],
  ])('refuses %s as staff-only before looking the token up', async (_, actor) => {
    for (const anyToken of [token, 'not-a-token', 'x'.repeat(43)]) {
      expect(await refusal(world, actor, anyToken)).toEqual(STAFF_ONLY);
    }
    expect(world.deps.links.get).not.toHaveBeenCalled();
    expect(world.accesses).toEqual([]);
    expect(world.audit.map((e) => [e.subject, e.outcome])).toEqual(
      Array.from({ length: 3 }, () => [{ type: 'call', id: 'unknown' }, 'denied']),
    );
  });

  it('works until the 30th day, then answers like an unknown link', async () => {
    world.setNow(new Date(CREATED.getTime() + 30 * DAY - 1000));
    await expect(viewSummaryLink(world.deps, sunriseNurse, token)).resolves.toMatchObject({
      callLog: { id: 'call-1' },
    });
    world.setNow(new Date(CREATED.getTime() + 30 * DAY));
    expect(await refusal(world, sunriseNurse, token)).toEqual(INVALID);
  });

  it('answers the same 404 to unknown, expired, malformed and call-link tokens, and to calls without a summary', async () => {
    const unknown = 'A'.repeat(43);
    const malformed = ['', 'short', `${token}x`, token.slice(0, 42), `${token.slice(0, 42)}!`, '../../etc/passwd'];
    const { token: callLinkToken } = await createLink(world.deps, {
      kind: 'call',
      organizationId: 'org-1',
      patientId: 'pat-1',
      callLogId: null,
      createdBy: 'nurse-1',
    });
    world.calls.set('call-2', completedCall({ id: 'call-2', summary: null }));
    world.calls.set('call-3', completedCall({ id: 'call-3', status: 'in_progress' }));
    world.calls.set('call-4', completedCall({ id: 'call-4', summary: '   ' }));
    const noSummary = await Promise.all(['call-2', 'call-3', 'call-4', 'call-missing'].map((id) => linkFor(world, id)));
    world.setNow(new Date(CREATED.getTime() + DAY));
    const expired = await linkFor(world);
    world.setNow(new Date(CREATED.getTime() + 40 * DAY));

    for (const actor of [employee, sunriseNurse]) {
      for (const candidate of [unknown, ...malformed, callLinkToken, ...noSummary, expired, token]) {
        expect(await refusal(world, actor, candidate), candidate).toEqual(INVALID);
      }
    }
    expect(world.accesses).toEqual([]);
    expect(new Set(world.audit.map((e) => e.outcome))).toEqual(new Set(['not_found']));
  });

  it("answers the same 404 when the link's organization is not the call's", async () => {
    world.calls.set('call-1', completedCall({ provider_id: 'org-2' }));
    expect(await refusal(world, sunriseNurse, token)).toEqual(INVALID);
    expect(await refusal(world, employee, token)).toEqual(INVALID);
  });

  it('stops working once the patient or the organization is archived', async () => {
    world.patients.set('pat-1', { ...patient, status: 'archived' });
    expect(await refusal(world, employee, token)).toEqual(INVALID);
    world.patients.set('pat-1', patient);
    world.organizations.set('org-1', { ...organization, status: 'archived' });
    expect(await refusal(world, employee, token)).toEqual(INVALID);
    expect(world.accesses).toEqual([]);
  });

  it("reads the call, the link's patient and its organization together, and records the view beside them", async () => {
    let release: () => void = () => undefined;
    const call = completedCall();
    world.deps.callLogs.get.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return call;
    });
    const answer = viewSummaryLink(world.deps, employee, token);
    await new Promise((resolve) => setImmediate(resolve));
    // All three asked, and the view's record written, before the call answered: one wave.
    expect(world.deps.patients.get).toHaveBeenCalledWith('pat-1');
    expect(world.deps.organizations.get).toHaveBeenCalledWith('org-1');
    expect(world.accesses).toHaveLength(1);
    release();
    await expect(answer).resolves.toMatchObject({ patient: { first_name: 'Margaret' } });
  });

  it("records the view only while the table still holds what the page checks: the link's call, completed, with a summary", async () => {
    const plan = () => world.deps.committer.commit.mock.calls.at(-1)?.[0];
    await viewSummaryLink(world.deps, employee, token);
    expect(plan()?.transaction.filter((write) => write.op === 'check')).toEqual([
      {
        op: 'check',
        entity: 'callLog',
        key: { call_log_id: 'call-1' },
        when: { equal: { provider_id: 'org-1', patient_id: 'pat-1', status: 'completed' }, present: ['summary'] },
        refusal: 'gone',
      },
      {
        op: 'check',
        entity: 'patient',
        key: { patient_id: 'pat-1' },
        when: { missingOr: { equal: { status: 'active' } } },
        refusal: 'gone',
      },
      {
        op: 'check',
        entity: 'organization',
        key: { organization_id: 'org-1' },
        when: { missingOr: { equal: { status: 'active' } } },
        refusal: 'gone',
      },
    ]);
    // A call whose patient is not the link's (none is written so) opens nothing, and nothing is recorded.
    world.accesses.length = 0;
    world.calls.set('call-1', completedCall({ patient_id: 'pat-2' }));
    expect(await refusal(world, employee, token)).toEqual(INVALID);
    world.calls.set('call-1', completedCall({ summary: null }));
    expect(await refusal(world, employee, token)).toEqual(INVALID);
    expect(world.accesses).toEqual([]);
  });

  it('shows nothing when the record was written but the read disagrees (a patient archived that instant), and audits the failure', async () => {
    world.deps.patients.get.mockResolvedValueOnce({ ...patient, status: 'archived' });
    world.audit.length = 0;
    expect(await refusal(world, employee, token)).toEqual(INVALID);
    expect(world.accesses).toHaveLength(1);
    expect(world.audit.map((entry) => entry.outcome)).toEqual(['success', 'not_found']);
  });

  it('leaves the patient and practice out when their records are gone', async () => {
    world.patients.clear();
    world.organizations.clear();
    await expect(viewSummaryLink(world.deps, employee, token)).resolves.toMatchObject({
      patient: null,
      provider: null,
    });
  });

  it('sends no data when the view cannot be recorded', async () => {
    world.deps.committer.commit.mockRejectedValueOnce(new Error('table unavailable'));
    await expect(viewSummaryLink(world.deps, employee, token)).rejects.toThrow('table unavailable');
    // The success event travels with the access record (one transaction): only the failure is recorded.
    expect(world.accesses).toEqual([]);
    expect(world.audit.map((e) => e.outcome)).toEqual(['error']);
  });

  it("uses the spec's exact texts", () => {
    expect(SUMMARY_LINK_MESSAGES).toMatchObject({
      staffOnly: STAFF_ONLY.message,
      otherOrganization: OTHER_ORGANIZATION.message,
      invalid: INVALID.message,
      loadFailed: 'Failed to load summary data',
      noSummary: 'No summary available for this call.',
    });
  });
});
