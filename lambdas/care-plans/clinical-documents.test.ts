import { describe, expect, it } from 'vitest';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import {
  createDocument,
  getDocument,
  listRevisions,
  updateDocument,
  type ClinicalDocumentDeps,
} from './clinical-documents';
import type { AuditEntry } from '../kernel/audit-entry';
import type { AuthorName, AuthorRef, ClinicalDocumentRecord, DocumentKind, DocumentRevisionRecord } from './ports';
import type { CommitOutcome, ItemWrite, WritePlan } from '../kernel/write-plan';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const OTHER_PATIENT = '22222222-2222-4222-8222-222222222222';
const T0 = new Date('2026-03-01T12:00:00.000Z');

const nurse: Actor = { userId: 'nurse-1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };
const operator: Actor = { userId: 'op-1', email: 'admin@careloop.health', role: 'careloop_employee', providerId: null };
/** The actors' profiles as the standing check reads them: what their saves are signed with. */
const NURSE = { first_name: 'Nora', last_name: 'Ellis' };
const OPERATOR = { first_name: 'Avery', last_name: 'Morgan' };
const outsider: Actor = { userId: 'nurse-2', email: 'nurse@lakeside.example', role: 'provider', providerId: 'org-2' };

const patient = (id: string, provider_id: string): PatientRecord => ({
  id,
  provider_id,
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'margaret@example.test',
  phone_number: null,
  created_at: T0.toISOString(),
  updated_at: T0.toISOString(),
  version: 1,
  status: 'active',
});
const org = (id: string): OrganizationRef => ({
  id,
  name: id,
  timezone: 'America/New_York',
  status: 'active',
  sms_sender: null,
});

/**
 * In-memory stand-ins with the repository's rules: one document per patient and kind, saves only
 * at the stored version, revisions written with every save and never changed.
 */
function world() {
  let now = T0;
  let nextId = 0;
  const docs = new Map<string, ClinicalDocumentRecord>();
  const revisions = new Map<string, DocumentRevisionRecord[]>();
  const audit: AuditEntry[] = [];
  const events: ItemWrite<string>[] = [];
  const profiles = new Map<string, AuthorName>([
    ['nurse-1', { name: 'Nora Ellis', email: 'nurse@sunrise.example' }],
    ['op-1', { name: 'Avery Morgan', email: 'admin@careloop.health' }],
  ]);
  /** The ids of every read of profiles (one BatchGetItem each in the store). */
  const profileReads: string[][] = [];
  const key = (kind: DocumentKind, patientId: string) => `${kind}:${patientId}`;
  const kindOf = (entity: string): DocumentKind => (entity === 'carePlan' ? 'care_plan' : 'emr_notes');
  const authorOf = (userId: unknown, name: unknown, legacy: unknown): AuthorRef =>
    typeof userId === 'string'
      ? { userId, ...(typeof name === 'string' ? { name } : {}) }
      : { legacyEmail: String(legacy) };
  /** Runs a plan as the committer does, all or nothing, on the documents, their revisions and the events. */
  const commit = async (plan: WritePlan<string>) => {
    const nextDocs = new Map(docs);
    const nextRevisions = new Map(revisions);
    const nextEvents: ItemWrite<string>[] = [];
    for (const write of plan.transaction) {
      if (write.entity === 'auditEvent') nextEvents.push(write);
      else if (write.entity === 'documentRevision' && write.op === 'create') {
        const r = write.item;
        const k = key(r.kind as DocumentKind, String(r.patient_id));
        const revision: DocumentRevisionRecord = {
          version: Number(r.version),
          content: String(r.content),
          saved_at: String(r.saved_at),
          saved_by: authorOf(r.saved_by_user_id, r.saved_by_name, r.saved_by_email),
        };
        if ((nextRevisions.get(k) ?? []).some((kept) => kept.version === revision.version)) return 'conflict';
        nextRevisions.set(k, [...(nextRevisions.get(k) ?? []), revision]);
      } else if (write.op === 'create') {
        const d = write.item;
        const k = key(kindOf(write.entity), String(d.patient_id));
        if (nextDocs.has(k)) return write.refusal ?? 'conflict';
        nextDocs.set(k, {
          id: String(d.document_id),
          patient_id: String(d.patient_id),
          provider_id: String(d.provider_id),
          content: String(d.content),
          created_at: String(d.created_at),
          created_by: authorOf(d.created_by_user_id, d.created_by_name, d.created_by),
          updated_at: String(d.updated_at),
          updated_by: authorOf(d.updated_by_user_id, d.updated_by_name, d.updated_by),
          version: Number(d.version),
          has_revision: true,
        });
      } else if (write.op === 'patch' && write.entity !== 'patient') {
        const k = key(kindOf(write.entity), write.key.patient_id!);
        const stored = nextDocs.get(k);
        if (!stored || stored.version !== write.when?.equal?.version) return write.refusal ?? 'conflict';
        const set = write.set ?? {};
        nextDocs.set(k, {
          ...stored,
          content: String(set.content),
          updated_at: String(set.updated_at),
          updated_by: authorOf(set.updated_by_user_id, set.updated_by_name, null),
          version: Number(set.version),
          has_revision: true,
        });
      }
    }
    for (const [k, d] of nextDocs) docs.set(k, d);
    for (const [k, r] of nextRevisions) revisions.set(k, r);
    events.push(...nextEvents);
    return 'committed' as const;
  };
  const patients = new Map([
    [PATIENT, patient(PATIENT, 'org-1')],
    [OTHER_PATIENT, patient(OTHER_PATIENT, 'org-2')],
  ]);
  const deps: ClinicalDocumentDeps = {
    clock: { now: () => now },
    ids: { newId: () => `doc-${++nextId}` },
    audit: { record: async (entry) => void audit.push(entry), recordMany: async () => {} },
    committer: { commit: async <R extends string>(plan: WritePlan<R>) => (await commit(plan)) as CommitOutcome<R> },
    patients: {
      get: async (id: string) => patients.get(id) ?? null,
    } as unknown as ClinicalDocumentDeps['patients'],
    organizations: {
      getRef: async (id: string) => org(id),
    } as unknown as ClinicalDocumentDeps['organizations'],
    users: {
      displayOf: async (ids) => {
        profileReads.push([...ids]);
        return new Map(ids.flatMap((id) => (profiles.has(id) ? [[id, profiles.get(id)!]] : [])));
      },
    },
    documents: {
      get: async (kind, patientId) => docs.get(key(kind, patientId)) ?? null,
      listRevisions: async (kind, patientId, limit, cursor) => {
        const all = [...(revisions.get(key(kind, patientId)) ?? [])].sort((a, b) => b.version - a.version);
        if (cursor !== null && !/^v\d+$/.test(cursor)) return 'invalid_cursor';
        const start = cursor === null ? 0 : all.findIndex((r) => r.version < Number(cursor.slice(1)));
        const items = start < 0 ? [] : all.slice(start, start + limit);
        const last = items.at(-1);
        return { items, cursor: last && start + limit < all.length ? `v${last.version}` : null };
      },
    },
  };
  return {
    deps,
    docs,
    audit,
    events,
    profiles,
    profileReads,
    later: (minutes: number) => {
      now = new Date(T0.getTime() + minutes * 60_000);
    },
  };
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message } = error as AppError;
  return { status, code, message };
}

describe('clinical documents', () => {
  it('keeps every saved version as a revision, authors by user id with their names, newest first', async () => {
    const w = world();
    const created = await createDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'Walk 20 minutes' });
    expect(created).toMatchObject({
      version: 1,
      creator: { user_id: 'nurse-1', name: 'Nora Ellis' },
      updated_by: { user_id: 'nurse-1', name: 'Nora Ellis' },
    });
    w.later(5);
    const second = await updateDocument(
      w.deps,
      operator,
      OPERATOR,
      'care_plan',
      PATIENT,
      { content: 'Walk 30 minutes' },
      1,
    );
    expect(second).toMatchObject({
      content: 'Walk 30 minutes',
      version: 2,
      creator: { user_id: 'nurse-1', name: 'Nora Ellis' },
      updated_by: { user_id: 'op-1', name: 'Avery Morgan' },
      updated_at: '2026-03-01T12:05:00.000Z',
    });

    const page = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 20, cursor: null });
    expect(page).toEqual({
      items: [
        {
          version: 2,
          content: 'Walk 30 minutes',
          saved_at: '2026-03-01T12:05:00.000Z',
          author: { user_id: 'op-1', name: 'Avery Morgan' },
        },
        {
          version: 1,
          content: 'Walk 20 minutes',
          saved_at: '2026-03-01T12:00:00.000Z',
          author: { user_id: 'nurse-1', name: 'Nora Ellis' },
        },
      ],
      next_cursor: null,
    });
    // Each save's success event is written with it, in its transaction.
    expect(w.events.map((e) => e.op === 'create' && [e.item.action, e.item.patient_id, e.item.outcome])).toEqual([
      ['care_plan.create', PATIENT, 'success'],
      ['care_plan.update', PATIENT, 'success'],
    ]);
    expect(w.audit.filter((e) => e.outcome === 'success').map((e) => e.action)).toEqual(['care_plan.revisions.read']);
    // Every save carries its author's name: neither the saves' answers nor the page read a profile.
    expect(w.profileReads).toEqual([]);
  });

  it('names saves from before names were kept by reading their authors, and only those', async () => {
    const w = world();
    // A save without a stored name, as every save was before names were kept.
    await createDocument(w.deps, nurse, null, 'emr_notes', PATIENT, { content: 'First' });
    await updateDocument(w.deps, operator, OPERATOR, 'emr_notes', PATIENT, { content: 'Second' }, 1);
    w.profileReads.length = 0;
    const page = await listRevisions(w.deps, nurse, 'emr_notes', PATIENT, { limit: 20, cursor: null });
    expect(page.items.map((r) => [r.version, r.author])).toEqual([
      [2, { user_id: 'op-1', name: 'Avery Morgan' }],
      [1, { user_id: 'nurse-1', name: 'Nora Ellis' }],
    ]);
    expect(w.profileReads).toEqual([['nurse-1']]);
  });

  it('shows a renamed author as they were named when they saved, and an unnamed old save by the name now', async () => {
    const w = world();
    await createDocument(w.deps, nurse, null, 'care_plan', PATIENT, { content: 'v1' });
    await updateDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'v2' }, 1);
    // Nora Ellis becomes Nora Quinn: her profile says so from now on, and so do her next saves.
    w.profiles.set('nurse-1', { name: 'Nora Quinn', email: 'nurse@sunrise.example' });
    await updateDocument(
      w.deps,
      nurse,
      { first_name: 'Nora', last_name: 'Quinn' },
      'care_plan',
      PATIENT,
      {
        content: 'v3',
      },
      2,
    );
    const page = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 20, cursor: null });
    expect(page.items.map((r) => [r.version, r.author.name])).toEqual([
      [3, 'Nora Quinn'],
      // Signed then as Nora Ellis: a record names the person as they were when they acted.
      [2, 'Nora Ellis'],
      // Saved before names were kept: only the profile can name it, as it is now.
      [1, 'Nora Quinn'],
    ]);
    expect(await getDocument(w.deps, nurse, 'care_plan', PATIENT)).toMatchObject({
      creator: { user_id: 'nurse-1', name: 'Nora Quinn' },
      updated_by: { user_id: 'nurse-1', name: 'Nora Quinn' },
    });
  });

  it('refuses a stale version with a conflict and changes nothing', async () => {
    const w = world();
    await createDocument(w.deps, nurse, NURSE, 'emr_notes', PATIENT, { content: 'First' });
    await updateDocument(w.deps, nurse, NURSE, 'emr_notes', PATIENT, { content: 'Second' }, 1);
    expect(
      await refusal(updateDocument(w.deps, operator, OPERATOR, 'emr_notes', PATIENT, { content: 'Lost?' }, 1)),
    ).toEqual({
      status: 409,
      code: 'emr_notes.version_conflict',
      message: 'The EMR notes changed since you opened them. Reload and try again.',
    });
    expect(w.docs.get(`emr_notes:${PATIENT}`)).toMatchObject({ content: 'Second', version: 2 });
    expect(w.audit.at(-1)).toMatchObject({ action: 'emr_notes.update', outcome: 'invalid' });
  });

  it('answers not found for an update before the first save, and a conflict for a second create', async () => {
    const w = world();
    expect(
      await refusal(updateDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'x' }, 1)),
    ).toMatchObject({
      status: 404,
      code: 'care_plan.not_found',
    });
    await createDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'Plan' });
    expect(
      await refusal(createDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'Again' })),
    ).toMatchObject({
      status: 409,
      code: 'care_plan.exists',
    });
  });

  it('pages revisions with the cursor it was given', async () => {
    const w = world();
    await createDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'v1' });
    for (const version of [1, 2, 3, 4]) {
      await updateDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: `v${version + 1}` }, version);
    }
    const first = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 2, cursor: null });
    expect(first.items.map((r) => r.version)).toEqual([5, 4]);
    const second = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 2, cursor: first.next_cursor });
    expect(second.items.map((r) => r.version)).toEqual([3, 2]);
    const last = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 2, cursor: second.next_cursor });
    expect(last).toMatchObject({ items: [{ version: 1 }], next_cursor: null });
    expect(await refusal(listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 2, cursor: 'x' }))).toEqual({
      status: 400,
      code: 'request.invalid_cursor',
      message: 'Invalid cursor',
    });
  });

  it('reads and saves a document written before revisions were kept, keeping its old version', async () => {
    const w = world();
    w.docs.set(`care_plan:${PATIENT}`, {
      id: 'legacy',
      patient_id: PATIENT,
      provider_id: 'org-1',
      content: 'Old plan',
      created_at: T0.toISOString(),
      created_by: { legacyEmail: 'former@sunrise.example' },
      updated_at: T0.toISOString(),
      updated_by: { legacyEmail: 'former@sunrise.example' },
      version: 3,
      has_revision: false,
    });
    expect(await getDocument(w.deps, nurse, 'care_plan', PATIENT)).toMatchObject({
      version: 3,
      updated_by: { user_id: null, name: 'former@sunrise.example' },
    });
    expect(await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 20, cursor: null })).toEqual({
      items: [
        {
          version: 3,
          content: 'Old plan',
          saved_at: T0.toISOString(),
          author: { user_id: null, name: 'former@sunrise.example' },
        },
      ],
      next_cursor: null,
    });

    await updateDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'New plan' }, 3);
    const page = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 20, cursor: null });
    expect(page.items.map((r) => [r.version, r.content, r.author.name])).toEqual([
      [4, 'New plan', 'Nora Ellis'],
      [3, 'Old plan', 'former@sunrise.example'],
    ]);
  });

  it("shows 'Unknown user' for an author without a profile", async () => {
    const w = world();
    // Saved without a name (no profile was read): the author is named by reading the profile, which is gone.
    await createDocument(w.deps, nurse, null, 'care_plan', PATIENT, { content: 'Plan' });
    w.profiles.clear();
    expect(await getDocument(w.deps, nurse, 'care_plan', PATIENT)).toMatchObject({
      creator: { user_id: 'nurse-1', name: 'Unknown user' },
    });
  });

  it("answers another organization's patient like a missing one, and audits the revisions read as denied", async () => {
    const w = world();
    await createDocument(w.deps, nurse, NURSE, 'care_plan', PATIENT, { content: 'Plan' });
    expect(await refusal(listRevisions(w.deps, outsider, 'care_plan', PATIENT, { limit: 20, cursor: null }))).toEqual({
      status: 404,
      code: 'patient.not_found',
      message: 'Patient Not Found',
    });
    expect(w.audit.at(-1)).toMatchObject({
      action: 'care_plan.revisions.read',
      outcome: 'denied',
      actorId: 'nurse-2',
      subject: { type: 'patient', id: PATIENT },
    });
  });
});
