import { describe, expect, it } from 'vitest';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import { getAccessHistory, type AccessHistoryDeps } from './access-history';
import type { AuditEventRecord, AuditHistoryFilter } from './ports';
import type { AuditEntry } from '../kernel/audit-entry';
import type { PatientRecord } from '../kernel/records/patient';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const MISSING = '33333333-3333-4333-8333-333333333333';

const operator: Actor = {
  userId: 'op-1',
  email: 'admin@careloop.health',
  role: 'careloop_employee',
  providerId: null,
  requestId: 'req-9',
};
const nurse: Actor = { userId: 'nurse-1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };

const event = (n: number, overrides: Partial<AuditEventRecord> = {}): AuditEventRecord => ({
  id: `evt-${n}`,
  at: `2026-03-01T12:0${n}:00.000Z`,
  actorId: 'nurse-1',
  actorRole: 'provider',
  actorProviderId: 'org-1',
  // Events from before names were kept (the ones a lookup names); named ones set these.
  actorName: null,
  actorEmail: null,
  action: 'care_plan.read',
  outcome: 'success',
  requestId: `req-${n}`,
  sourceIp: '203.0.113.7',
  ...overrides,
});

function world(status: PatientRecord['status'] = 'archived') {
  const audit: AuditEntry[] = [];
  const events = [event(3), event(2, { actorId: 'gone-user', actorRole: 'none', actorProviderId: null }), event(1)];
  const lookups: string[][] = [];
  const filters: AuditHistoryFilter[] = [];
  const deps: AccessHistoryDeps = {
    audit: { record: async (entry) => void audit.push(entry), recordMany: async () => {} },
    patients: {
      get: async (id: string) => (id === PATIENT ? ({ id, provider_id: 'org-1', status } as PatientRecord) : null),
    } as unknown as AccessHistoryDeps['patients'],
    history: {
      byPatient: async (patientId, filter, limit, cursor) => {
        filters.push(filter);
        if (patientId !== PATIENT) return { items: [], cursor: null };
        if (filter.actorId === 'system:vapi-webhook') {
          const stored = event(4, { actorId: 'system:vapi-webhook', actorRole: 'none', actorProviderId: null });
          return { items: [{ ...stored, action: 'call.report_store', requestId: null, sourceIp: null }], cursor: null };
        }
        if (cursor !== null && cursor !== 'after-2') return 'invalid_cursor';
        const start = cursor === null ? 0 : 2;
        return { items: events.slice(start, start + limit), cursor: start + limit < events.length ? 'after-2' : null };
      },
    },
    users: {
      displayOf: async (ids) => {
        lookups.push([...ids]);
        return new Map([['nurse-1', { name: 'Nora Ellis', email: 'nurse@sunrise.example' }]]);
      },
    },
  };
  return { deps, audit, lookups, filters };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code } = error as AppError;
  return { status, code };
}

describe('access history', () => {
  it("gives operators a patient's audit events newest first, with the actors' names from one lookup", async () => {
    const w = world();
    const first = await getAccessHistory(w.deps, operator, PATIENT, { limit: 2, cursor: null });
    expect(first).toEqual({
      items: [
        {
          id: 'evt-3',
          at: '2026-03-01T12:03:00.000Z',
          action: 'care_plan.read',
          outcome: 'success',
          actor: {
            kind: 'person',
            user_id: 'nurse-1',
            role: 'provider',
            organization_id: 'org-1',
            name: 'Nora Ellis',
            email: 'nurse@sunrise.example',
          },
          request_id: 'req-3',
          source_ip: '203.0.113.7',
        },
        expect.objectContaining({
          id: 'evt-2',
          actor: { kind: 'person', user_id: 'gone-user', role: 'none', organization_id: null, name: null, email: null },
        }),
      ],
      next_cursor: 'after-2',
    });
    expect(w.lookups).toEqual([['nurse-1', 'gone-user']]);
    const next = await getAccessHistory(w.deps, operator, PATIENT, { limit: 2, cursor: first.next_cursor });
    expect(next).toMatchObject({ items: [{ id: 'evt-1' }], next_cursor: null });
    expect(w.audit).toEqual([
      expect.objectContaining({
        action: 'patient.access_history.read',
        outcome: 'success',
        actorId: 'op-1',
        subject: { type: 'patient', id: PATIENT },
        requestId: 'req-9',
      }),
      expect.objectContaining({ action: 'patient.access_history.read', outcome: 'success' }),
    ]);
  });

  it('passes the filters to the read, and names a system actor without looking up a profile', async () => {
    const w = world();
    const page = await getAccessHistory(
      w.deps,
      operator,
      PATIENT,
      { limit: 50, cursor: null },
      { action: 'call.report_store', actorId: 'system:vapi-webhook' },
    );
    expect(w.filters).toEqual([{ action: 'call.report_store', actorId: 'system:vapi-webhook' }]);
    expect(page.items).toEqual([
      expect.objectContaining({
        action: 'call.report_store',
        actor: {
          kind: 'system',
          user_id: 'system:vapi-webhook',
          role: 'none',
          organization_id: null,
          name: 'CareLoop (Vapi report)',
          email: null,
        },
      }),
    ]);
    // A system actor is labelled, never looked up: no read of profiles at all.
    expect(w.lookups).toEqual([]);
  });

  it('names people as their events name them, reading profiles only for events from before names were kept', async () => {
    const w = world();
    // The nurse was Nora Ellis when she read the care plan and is Nora Quinn now (her profile); an
    // older event of hers, written before names were kept, is named by the profile as it is now.
    const named = event(5, { actorName: 'Nora Ellis', actorEmail: 'nora.ellis@sunrise.example' });
    const operatorRead = event(4, {
      actorId: 'op-1',
      actorRole: 'careloop_employee',
      actorProviderId: null,
      actorName: 'Ada Admin',
      actorEmail: 'admin@careloop.health',
    });
    const old = event(1);
    w.deps.history.byPatient = async () => ({ items: [named, operatorRead, old], cursor: null });
    w.deps.users.displayOf = async (ids) => {
      w.lookups.push([...ids]);
      return new Map([['nurse-1', { name: 'Nora Quinn', email: 'nora.quinn@sunrise.example' }]]);
    };
    const page = await getAccessHistory(w.deps, operator, PATIENT, { limit: 50, cursor: null });
    expect(page.items.map((e) => [e.id, e.actor.user_id, e.actor.name, e.actor.email])).toEqual([
      ['evt-5', 'nurse-1', 'Nora Ellis', 'nora.ellis@sunrise.example'],
      ['evt-4', 'op-1', 'Ada Admin', 'admin@careloop.health'],
      ['evt-1', 'nurse-1', 'Nora Quinn', 'nora.quinn@sunrise.example'],
    ]);
    expect(w.lookups).toEqual([['nurse-1']]);

    // A page whose people are all named reads no profile: the route's requests are the patient, the
    // page and its own event (3 in 2 waves, issue 27 item 5).
    w.lookups.length = 0;
    w.deps.history.byPatient = async () => ({ items: [named, operatorRead], cursor: null });
    const namedPage = await getAccessHistory(w.deps, operator, PATIENT, { limit: 50, cursor: null });
    expect(namedPage.items.map((e) => e.actor.name)).toEqual(['Nora Ellis', 'Ada Admin']);
    expect(w.lookups).toEqual([]);
  });

  it('refuses provider users with 403 and audits the refusal', async () => {
    const w = world();
    expect(await refusal(getAccessHistory(w.deps, nurse, PATIENT, { limit: 50, cursor: null }))).toEqual({
      status: 403,
      code: 'auth.forbidden',
    });
    expect(w.audit).toEqual([expect.objectContaining({ actorId: 'nurse-1', outcome: 'denied' })]);
  });

  it('answers 404 for a patient that does not exist, and 400 for a cursor of another list', async () => {
    const w = world('active');
    expect(await refusal(getAccessHistory(w.deps, operator, MISSING, { limit: 50, cursor: null }))).toEqual({
      status: 404,
      code: 'patient.not_found',
    });
    expect(await refusal(getAccessHistory(w.deps, operator, 'not-an-id', { limit: 50, cursor: null }))).toEqual({
      status: 404,
      code: 'patient.not_found',
    });
    expect(await refusal(getAccessHistory(w.deps, operator, PATIENT, { limit: 50, cursor: 'elsewhere' }))).toEqual({
      status: 400,
      code: 'request.invalid_cursor',
    });
  });
});
