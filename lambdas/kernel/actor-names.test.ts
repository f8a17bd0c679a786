import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { actorNameOf, NamedAuditLog, NamedCommitter, withActorNames, type ActorNames } from './actor-names';
import { audited, auditedChange } from './audit';
import { systemActorId, systemEvent } from './audit-actors';
import type { ActorName, AuditEntry } from './audit-entry';
import { auditEventItem, auditEventWrite } from './audit-event-item';
import type { WritePlan } from './write-plan';

const nurse: Actor = { userId: 'u1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };
const NORA: ActorName = { name: 'Nora Ellis', email: 'nora.ellis@sunrise.example' };

/** The nurse's name as her profile gives it now (`rename` changes it), and how often it was asked. */
function directory() {
  let current: ActorName | null = NORA;
  const asked: string[] = [];
  const names: ActorNames = async (id) => {
    asked.push(id);
    return id === nurse.userId ? current : null;
  };
  return { names, asked, rename: (name: ActorName | null) => void (current = name) };
}

function recorder() {
  const entries: AuditEntry[] = [];
  return {
    entries,
    log: {
      record: async (e: AuditEntry) => void entries.push(e),
      recordMany: async (es: readonly AuditEntry[]) => void entries.push(...es),
    },
  };
}

function committer() {
  const plans: WritePlan<string>[] = [];
  return {
    plans,
    commit: async <R extends string>(plan: WritePlan<R>) => {
      plans.push(plan);
      return 'committed' as const;
    },
  };
}

describe('actorNameOf', () => {
  it("names a person by their profile's first and last name and e-mail; nobody without a profile or a name", () => {
    const profile = { first_name: 'Nora', last_name: 'Ellis', email: 'nora.ellis@sunrise.example' };
    expect(actorNameOf(profile)).toEqual(NORA);
    expect(actorNameOf(null)).toBeNull();
    // A self sign-up's profile may have no name yet: its events stay unnamed and are named by a read later.
    expect(actorNameOf({ first_name: ' ', last_name: '', email: 'new@example.test' })).toBeNull();
  });
});

describe('NamedAuditLog', () => {
  it("names the actor on every event it appends (audited's early and late events alike), and only the actor", async () => {
    const { names, asked } = directory();
    const { entries, log } = recorder();
    const named = new NamedAuditLog(log, names);
    await audited(
      named,
      nurse,
      'patient.list',
      { type: 'organization', id: 'org-1' },
      async (_about, disclose, granted) => {
        disclose(['p1']);
        // The early success event with the page's disclosure, written beside the work's last reads.
        granted();
        disclose(['p1', 'p2']);
        return 'page';
      },
    );
    expect(entries.map((e) => [e.patientId ?? null, e.actorName, e.actorEmail])).toEqual([
      ['p1', NORA.name, NORA.email],
      [null, NORA.name, NORA.email],
      ['p2', NORA.name, NORA.email],
    ]);
    expect(asked.every((id) => id === nurse.userId)).toBe(true);

    // A system actor's event is asked about and left unnamed: the history labels it.
    entries.length = 0;
    await named.record({
      ...systemEvent('vapi-webhook', 'call.report_store', { type: 'call', id: 'c1' }, 'p1', 'e', 't'),
    });
    expect(entries[0]).not.toHaveProperty('actorName');
    expect(entries[0]).toMatchObject({ actorId: systemActorId('vapi-webhook') });
  });

  it('keeps the name an event already carries, and writes the event without one when the actor has none', async () => {
    const { names, rename } = directory();
    const { entries, log } = recorder();
    const named = new NamedAuditLog(log, names);
    const entry: AuditEntry = {
      actorId: 'u1',
      actorRole: 'provider',
      actorProviderId: 'org-1',
      action: 'patient.read',
      subject: { type: 'patient', id: 'p1' },
      outcome: 'success',
    };
    await named.record({ ...entry, actorName: 'Nora Ellis', actorEmail: 'old@sunrise.example' });
    rename(null);
    await named.record(entry);
    expect(entries).toEqual([{ ...entry, actorName: 'Nora Ellis', actorEmail: 'old@sunrise.example' }, entry]);
  });

  it('names an event as the actor was when it was written: a rename names the later events only', async () => {
    const { names, rename } = directory();
    const { entries, log } = recorder();
    const named = new NamedAuditLog(log, names);
    const read = () => audited(named, nurse, 'patient.read', { type: 'patient', id: 'p1' }, async () => 'x');
    await read();
    rename({ name: 'Nora Quinn', email: 'nora.quinn@sunrise.example' });
    await read();
    expect(entries.map((e) => e.actorName)).toEqual(['Nora Ellis', 'Nora Quinn']);
  });
});

describe('NamedCommitter', () => {
  it("names the actor on a plan's audit events (the change's own, in its transaction), and changes nothing else", async () => {
    const { names } = directory();
    const inner = committer();
    const deps = {
      audit: recorder().log,
      committer: new NamedCommitter(inner, names),
      clock: { now: () => new Date(0) },
    };
    const ids = { newId: () => 'evt-1' };
    const patientWrite = {
      op: 'patch',
      entity: 'patient',
      key: { patient_id: 'p1' },
      set: { first_name: 'Ann' },
    } as const;
    const system = systemEvent('call-follow-up', 'call.follow_up', { type: 'call', id: 'c1' }, 'p1', 'evt-2', 'at');
    const outcome = await auditedChange(
      { ...deps, ids },
      nurse,
      'patient.update',
      { type: 'patient', id: 'p1' },
      (eventOf) =>
        deps.committer.commit({
          transaction: [patientWrite, auditEventWrite(eventOf()), auditEventWrite(system)],
          afterCommit: [auditEventWrite(eventOf())],
        }),
    );
    expect(outcome).toBe('committed');
    const [plan] = inner.plans;
    expect(plan?.transaction[0]).toBe(patientWrite);
    expect(plan?.transaction[1]).toMatchObject({
      op: 'create',
      entity: 'auditEvent',
      item: { actor_id: 'u1', action: 'patient.update', actor_name: NORA.name, actor_email: NORA.email },
    });
    expect(plan?.transaction[2]).toEqual(auditEventWrite(system));
    expect(plan?.afterCommit[0]).toMatchObject({ item: { actor_name: NORA.name } });
  });
});

describe('withActorNames', () => {
  it('wraps the audit log and the committer a set of dependencies has, and leaves the rest as they are', async () => {
    const { names } = directory();
    const { entries, log } = recorder();
    const profiles = { get: async () => null };
    const deps = withActorNames({ audit: log, committer: committer(), profiles }, names);
    expect(deps.audit).toBeInstanceOf(NamedAuditLog);
    expect(deps.committer).toBeInstanceOf(NamedCommitter);
    expect(deps.profiles).toBe(profiles);
    expect(withActorNames({ profiles }, names)).toEqual({ profiles });
    await audited(deps.audit, nurse, 'patient.read', { type: 'patient', id: 'p1' }, async () => 'x');
    expect(entries[0]).toMatchObject({ actorName: NORA.name });
  });
});

describe('auditEventItem', () => {
  it("stores the actor's name and e-mail of the time beside their id, and nothing for an unnamed event", () => {
    const event = {
      id: 'e1',
      at: '2026-03-01T12:00:00.000Z',
      actorId: 'u1',
      actorRole: 'provider' as const,
      actorProviderId: 'org-1',
      action: 'patient.read',
      subject: { type: 'patient' as const, id: 'p1' },
      patientId: 'p1',
      outcome: 'success' as const,
    };
    expect(auditEventItem({ ...event, actorName: NORA.name, actorEmail: NORA.email })).toMatchObject({
      actor_id: 'u1',
      actor_name: 'Nora Ellis',
      actor_email: 'nora.ellis@sunrise.example',
    });
    expect(auditEventWrite(event)).toMatchObject({ op: 'create', item: { actor_id: 'u1' } });
    expect(auditEventWrite(event)).not.toHaveProperty('item.actor_name');
  });
});
