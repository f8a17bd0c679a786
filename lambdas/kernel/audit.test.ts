import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { badRequest, conflict, forbidden, notFound } from './app-error';
import { audited, auditedChange, auditOutcomeOf } from './audit';
import { actorOf, systemActorId, systemEvent } from './audit-actors';
import { denied, fail } from './error-catalogue';
import type { AuditEntry, AuditEvent } from './audit-entry';

const actor: Actor = { userId: 'u1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };

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

describe('auditOutcomeOf', () => {
  it('tells a refusal for another organization from a missing record, though both answer 404', () => {
    expect(denied('patientNotFound').status).toBe(404);
    expect(denied('patientNotFound').code).toBe(fail('patientNotFound').code);
    expect(auditOutcomeOf(denied('patientNotFound'))).toBe('denied');
    expect(auditOutcomeOf(fail('patientNotFound'))).toBe('not_found');
  });

  it('maps the other failures', () => {
    expect(auditOutcomeOf(forbidden())).toBe('denied');
    expect(auditOutcomeOf(badRequest('x', 'y'))).toBe('invalid');
    expect(auditOutcomeOf(conflict('x', 'y'))).toBe('invalid');
    expect(auditOutcomeOf(notFound('x', 'y'))).toBe('not_found');
    expect(auditOutcomeOf(new Error('boom'))).toBe('error');
  });
});

describe('audited', () => {
  it('records who did what to which patient, and the success, before answering', async () => {
    const { entries, log } = recorder();
    const result = await audited(log, actor, 'patient.read', { type: 'patient', id: 'p1' }, async () => {
      expect(entries).toHaveLength(0);
      return 'data';
    });
    expect(result).toBe('data');
    expect(entries).toEqual([
      {
        actorId: 'u1',
        actorRole: 'provider',
        actorProviderId: 'org-1',
        action: 'patient.read',
        subject: { type: 'patient', id: 'p1' },
        patientId: 'p1',
        outcome: 'success',
      },
    ]);
  });

  it("puts an event about a call in the patient's history once the work has read whose call it is", async () => {
    const { entries, log } = recorder();
    await audited(log, actor, 'call.read', { type: 'call', id: 'c1' }, async (about) => {
      about('p7');
      return 'call';
    });
    await expect(
      audited(log, actor, 'summary.status', { type: 'call', id: 'c2' }, async (about) => {
        about('p8');
        throw conflict('summary.stale', 'Stale');
      }),
    ).rejects.toThrow();
    expect(entries.map((e) => [e.subject.id, e.patientId, e.outcome])).toEqual([
      ['c1', 'p7', 'success'],
      ['c2', 'p8', 'invalid'],
    ]);
  });

  it('records a failure with its outcome and rethrows it', async () => {
    const { entries, log } = recorder();
    const work = audited(log, actor, 'care_plan.update', { type: 'patient', id: 'p2' }, () =>
      Promise.reject(denied('patientNotFound')),
    );
    await expect(work).rejects.toMatchObject({ status: 404, code: 'patient.not_found' });
    expect(entries[0]).toMatchObject({ action: 'care_plan.update', patientId: 'p2', outcome: 'denied' });
  });

  it('names the patient of an organization-level event when given', async () => {
    const { entries, log } = recorder();
    await audited(log, actor, 'patient.create', { type: 'organization', id: 'org-1' }, async () => 1, 'p3');
    expect(entries[0]).toMatchObject({ subject: { type: 'organization', id: 'org-1' }, patientId: 'p3' });
  });

  it("carries the request's id and source IP when the actor has them, on success and on failure", async () => {
    const { entries, log } = recorder();
    const fromRequest: Actor = { ...actor, requestId: 'req-1', sourceIp: '203.0.113.7' };
    await audited(log, fromRequest, 'patient.read', { type: 'patient', id: 'p1' }, async () => 'data');
    await expect(
      audited(log, fromRequest, 'patient.update', { type: 'patient', id: 'p1' }, () =>
        Promise.reject(denied('patientNotFound')),
      ),
    ).rejects.toThrow();
    expect(entries).toEqual([
      expect.objectContaining({ outcome: 'success', requestId: 'req-1', sourceIp: '203.0.113.7' }),
      expect.objectContaining({ outcome: 'denied', requestId: 'req-1', sourceIp: '203.0.113.7' }),
    ]);
  });

  it('records no request fields for an actor without them, and never the e-mail', async () => {
    const { entries, log } = recorder();
    await audited(log, actor, 'patient.read', { type: 'patient', id: 'p1' }, async () => 'data');
    expect(entries[0]).not.toHaveProperty('requestId');
    expect(entries[0]).not.toHaveProperty('sourceIp');
    expect(JSON.stringify(entries)).not.toContain(actor.email);
  });

  it('fails the request when the event cannot be written', async () => {
    const failing = {
      record: () => Promise.reject(new Error('table unavailable')),
      recordMany: () => Promise.resolve(),
    };
    await expect(
      audited(failing, actor, 'patient.read', { type: 'patient', id: 'p1' }, async () => 'data'),
    ).rejects.toThrow('table unavailable');
  });
});

describe('auditedChange', () => {
  const deps = (entries: AuditEntry[]) => ({
    audit: { record: async (e: AuditEntry) => void entries.push(e), recordMany: async () => {} },
    clock: { now: () => new Date('2026-11-23T10:00:00.000Z') },
    ids: { newId: () => 'event-1' },
  });
  const traced: Actor = {
    ...actor,
    role: 'careloop_employee',
    providerId: null,
    requestId: 'req-1',
    sourceIp: '203.0.113.7',
  };

  it('hands the success event, with what moved, to the write; records nothing on its own', async () => {
    const recorded: AuditEntry[] = [];
    const written: AuditEvent[] = [];
    const result = await auditedChange(
      deps(recorded),
      traced,
      'user.update',
      { type: 'user', id: 'u9' },
      async (eventOf) => {
        written.push(
          eventOf({ roleBefore: 'provider', roleAfter: 'patient', organizationBefore: 'o1', organizationAfter: 'o2' }),
        );
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(recorded).toEqual([]);
    expect(written).toEqual([
      {
        id: 'event-1',
        at: '2026-11-23T10:00:00.000Z',
        actorId: 'u1',
        actorRole: 'careloop_employee',
        actorProviderId: null,
        action: 'user.update',
        subject: { type: 'user', id: 'u9' },
        outcome: 'success',
        requestId: 'req-1',
        sourceIp: '203.0.113.7',
        change: { roleBefore: 'provider', roleAfter: 'patient', organizationBefore: 'o1', organizationAfter: 'o2' },
      },
    ]);
  });

  it('names the patient of a patient change, or the one given, in its event and in its refusal', async () => {
    const recorded: AuditEntry[] = [];
    const written: AuditEvent[] = [];
    await auditedChange(deps(recorded), traced, 'patient.update', { type: 'patient', id: 'p1' }, async (eventOf) => {
      written.push(eventOf());
    });
    await auditedChange(
      deps(recorded),
      traced,
      'call.place',
      { type: 'call', id: 'c1' },
      async (eventOf) => void written.push(eventOf()),
      'p2',
    );
    await expect(
      auditedChange(deps(recorded), traced, 'patient.archive', { type: 'patient', id: 'p3' }, async () => {
        throw notFound('patient.not_found', 'Patient not found');
      }),
    ).rejects.toMatchObject({ code: 'patient.not_found' });
    expect(written.map((event) => event.patientId)).toEqual(['p1', 'p2']);
    expect(recorded).toEqual([expect.objectContaining({ patientId: 'p3', outcome: 'not_found' })]);
  });

  it('records a refusal on its own (nothing changed) and rethrows it', async () => {
    const recorded: AuditEntry[] = [];
    await expect(
      auditedChange(deps(recorded), traced, 'user.delete', { type: 'user', id: 'u9' }, async () => {
        throw notFound('user.not_found', 'User not found');
      }),
    ).rejects.toMatchObject({ code: 'user.not_found' });
    expect(recorded).toEqual([
      expect.objectContaining({ action: 'user.delete', outcome: 'not_found', requestId: 'req-1' }),
    ]);
    expect(recorded[0]).not.toHaveProperty('change');
  });
});

describe('granted: the success event beside the last reads', () => {
  it('starts writing the success event when the access check has passed, before the rest of the work ends', async () => {
    const order: string[] = [];
    const log = {
      record: async (e: AuditEntry) => void order.push(`audit ${e.outcome}`),
      recordMany: async () => {},
    };
    let finish: () => void = () => undefined;
    const answer = audited(log, actor, 'care_plan.read', { type: 'patient', id: 'p1' }, async (_a, _d, granted) => {
      granted();
      await new Promise<void>((resolve) => (finish = resolve));
      order.push('names read');
      return 'plan';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['audit success']);
    finish();
    expect(await answer).toBe('plan');
    expect(order).toEqual(['audit success', 'names read']);
  });

  it('records the failure too when the rest of the work fails after the grant, and answers nothing until the event is written', async () => {
    const { entries, log } = recorder();
    await expect(
      audited(log, actor, 'care_plan.read', { type: 'patient', id: 'p1' }, async (_a, _d, granted) => {
        granted();
        throw new Error('names unavailable');
      }),
    ).rejects.toThrow('names unavailable');
    expect(entries.map((e) => e.outcome)).toEqual(['success', 'error']);

    const failing = { record: async () => Promise.reject(new Error('audit down')), recordMany: async () => {} };
    await expect(
      audited(failing, actor, 'care_plan.read', { type: 'patient', id: 'p1' }, async (_a, _d, granted) => {
        granted();
        return 'plan';
      }),
    ).rejects.toThrow('audit down');
  });
});

describe('granted after disclose: the disclosures travel with the early event', () => {
  it('writes the disclosures named so far with the success event, in one batch beside the rest of the work', async () => {
    const batches: (readonly AuditEntry[])[] = [];
    const single: AuditEntry[] = [];
    const log = {
      record: async (e: AuditEntry) => void single.push(e),
      recordMany: async (es: readonly AuditEntry[]) => void batches.push(es),
    };
    let finish: () => void = () => undefined;
    const answer = audited(
      log,
      actor,
      'billing_report.read',
      { type: 'organization', id: 'org-1' },
      async (_a, disclose, granted) => {
        disclose(['p1', 'p2', 'p1']);
        granted();
        await new Promise<void>((resolve) => (finish = resolve));
        return 'page';
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    // Written before the work's last read ended.
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((e) => [e.patientId, e.outcome])).toEqual([
      ['p1', 'success'],
      ['p2', 'success'],
      [undefined, 'success'],
    ]);
    finish();
    expect(await answer).toBe('page');
    expect(batches).toHaveLength(1);
    expect(single).toEqual([]);
  });

  it('records a patient named only after the grant in a batch of its own, and none twice', async () => {
    const batches: (readonly AuditEntry[])[] = [];
    const log = { record: async () => {}, recordMany: async (es: readonly AuditEntry[]) => void batches.push(es) };
    await audited(
      log,
      actor,
      'billing_report.read',
      { type: 'organization', id: 'org-1' },
      async (_a, disclose, granted) => {
        disclose(['p1']);
        granted();
        disclose(['p1', 'p3']);
        return 'page';
      },
    );
    expect(batches.map((b) => b.map((e) => e.patientId ?? 'success'))).toEqual([['p1', 'success'], ['p3']]);
  });
});

describe("a page's disclosures", () => {
  it("records one event per patient a page showed (ids only, each once) under the list's action, with the success event, in one batch", async () => {
    const batches: (readonly AuditEntry[])[] = [];
    const single: AuditEntry[] = [];
    const log = {
      record: async (e: AuditEntry) => void single.push(e),
      recordMany: async (es: readonly AuditEntry[]) => void batches.push(es),
    };
    const subject = { type: 'organization', id: 'org-1' } as const;
    const page = await audited(log, actor, 'patient.list', subject, async (_about, disclose) => {
      disclose(['p1', 'p2', 'p1']);
      return 'page';
    });
    expect(page).toBe('page');
    const entry = { actorId: 'u1', actorRole: 'provider', actorProviderId: 'org-1', action: 'patient.list', subject };
    expect(single).toEqual([]);
    expect(batches).toEqual([
      [
        { ...entry, patientId: 'p1', outcome: 'success' },
        { ...entry, patientId: 'p2', outcome: 'success' },
        { ...entry, outcome: 'success' },
      ],
    ]);
  });

  it('an empty page records the success event alone; a failed page discloses nothing', async () => {
    const { entries, log } = recorder();
    const subject = { type: 'organization', id: 'all' } as const;
    await audited(log, actor, 'summary.list', subject, async (_about, disclose) => disclose([]));
    await expect(
      audited(log, actor, 'summary.list', subject, async (_about, disclose) => {
        disclose(['p1']);
        throw badRequest('x', 'y');
      }),
    ).rejects.toThrow();
    expect(entries.map((e) => [e.patientId ?? null, e.outcome])).toEqual([
      [null, 'success'],
      [null, 'invalid'],
    ]);
  });
});

describe('system and patient actors', () => {
  it('names the webhook or job a system event comes from, with no role or organization', () => {
    const event = systemEvent('twilio-webhook', 'text.opt_out', { type: 'patient', id: 'p1' }, 'p1', 'e1', 'T');
    expect(event).toEqual({
      actorId: 'system:twilio-webhook',
      actorRole: null,
      actorProviderId: null,
      action: 'text.opt_out',
      subject: { type: 'patient', id: 'p1' },
      patientId: 'p1',
      outcome: 'success',
      id: 'e1',
      at: 'T',
    });
    expect(actorOf(systemActorId('vapi-webhook'))).toEqual({ kind: 'system', label: 'CareLoop (Vapi report)' });
    expect(actorOf('system:some-new-job')).toEqual({ kind: 'system', label: 'CareLoop (some-new-job)' });
    expect(actorOf('careloop')).toEqual({ kind: 'system', label: 'CareLoop' });
    // The phone migration's events, as written now and as written before they carried the prefix.
    const migration = { kind: 'system', label: 'CareLoop (Phone number migration)' };
    expect(actorOf(systemActorId('migrate-phones'))).toEqual(migration);
    expect(actorOf('migrate-phones')).toEqual(migration);
    expect(actorOf('call-link')).toEqual({ kind: 'patient', label: 'Patient (call link)' });
    expect(actorOf('7b1c0e8e-2f4d-4a43-9d1e-4b5f3c2a1d00')).toEqual({ kind: 'person', label: null });
  });
});
