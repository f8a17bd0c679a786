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
import type { AuthorName, ClinicalDocumentRecord, DocumentKind, DocumentRevisionRecord } from './ports';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const OTHER_PATIENT = '22222222-2222-4222-8222-222222222222';
const T0 = new Date('2026-03-01T12:00:00.000Z');

const nurse: Actor = { userId: 'nurse-1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };
const operator: Actor = { userId: 'op-1', email: 'admin@careloop.health', role: 'careloop_employee', providerId: null };
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
  const profiles = new Map<string, AuthorName>([
    ['nurse-1', { name: 'Nora Ellis', email: 'nurse@sunrise.example' }],
    ['op-1', { name: 'Avery Morgan', email: 'admin@careloop.health' }],
  ]);
  const key = (kind: DocumentKind, patientId: string) => `${kind}:${patientId}`;
  const revisionOf = (d: ClinicalDocumentRecord): DocumentRevisionRecord => ({
    version: d.version,
    content: d.content,
    saved_at: d.updated_at,
    saved_by: d.updated_by,
  });
  const patients = new Map([
    [PATIENT, patient(PATIENT, 'org-1')],
    [OTHER_PATIENT, patient(OTHER_PATIENT, 'org-2')],
  ]);
  const deps: ClinicalDocumentDeps = {
    clock: { now: () => now },
    ids: { newId: () => `doc-${++nextId}` },
    audit: { record: async (entry) => void audit.push(entry) },
    patients: {
      get: async (id: string) => patients.get(id) ?? null,
    } as unknown as ClinicalDocumentDeps['patients'],
    organizations: {
      getRef: async (id: string) => org(id),
    } as unknown as ClinicalDocumentDeps['organizations'],
    users: {
      displayOf: async (ids) => new Map(ids.flatMap((id) => (profiles.has(id) ? [[id, profiles.get(id)!]] : []))),
    },
    documents: {
      get: async (kind, patientId) => docs.get(key(kind, patientId)) ?? null,
      create: async (kind, doc) => {
        if (docs.has(key(kind, doc.patient_id))) return 'exists';
        docs.set(key(kind, doc.patient_id), doc);
        revisions.set(key(kind, doc.patient_id), [revisionOf(doc)]);
        return 'created';
      },
      update: async (kind, current, change) => {
        const stored = docs.get(key(kind, current.patient_id));
        if (!stored || stored.version !== current.version) return 'conflict';
        const next: ClinicalDocumentRecord = {
          ...stored,
          content: change.content,
          updated_at: change.at,
          updated_by: { userId: change.by },
          version: stored.version + 1,
          has_revision: true,
        };
        const kept = revisions.get(key(kind, current.patient_id)) ?? [];
        docs.set(key(kind, current.patient_id), next);
        revisions.set(key(kind, current.patient_id), [
          ...(stored.has_revision ? kept : [...kept, revisionOf(stored)]),
          revisionOf(next),
        ]);
        return next;
      },
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
    profiles,
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
    const created = await createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'Walk 20 minutes' });
    expect(created).toMatchObject({
      version: 1,
      creator: { user_id: 'nurse-1', name: 'Nora Ellis' },
      updated_by: { user_id: 'nurse-1', name: 'Nora Ellis' },
    });
    w.later(5);
    const second = await updateDocument(w.deps, operator, 'care_plan', PATIENT, { content: 'Walk 30 minutes' }, 1);
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
  });

  it('refuses a stale version with a conflict and changes nothing', async () => {
    const w = world();
    await createDocument(w.deps, nurse, 'emr_notes', PATIENT, { content: 'First' });
    await updateDocument(w.deps, nurse, 'emr_notes', PATIENT, { content: 'Second' }, 1);
    expect(await refusal(updateDocument(w.deps, operator, 'emr_notes', PATIENT, { content: 'Lost?' }, 1))).toEqual({
      status: 409,
      code: 'emr_notes.version_conflict',
      message: 'The EMR notes changed since you opened them. Reload and try again.',
    });
    expect(w.docs.get(`emr_notes:${PATIENT}`)).toMatchObject({ content: 'Second', version: 2 });
    expect(w.audit.at(-1)).toMatchObject({ action: 'emr_notes.update', outcome: 'invalid' });
  });

  it('answers not found for an update before the first save, and a conflict for a second create', async () => {
    const w = world();
    expect(await refusal(updateDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'x' }, 1))).toMatchObject({
      status: 404,
      code: 'care_plan.not_found',
    });
    await createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'Plan' });
    expect(await refusal(createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'Again' }))).toMatchObject({
      status: 409,
      code: 'care_plan.exists',
    });
  });

  it('pages revisions with the cursor it was given', async () => {
    const w = world();
    await createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'v1' });
    for (const version of [1, 2, 3, 4]) {
      await updateDocument(w.deps, nurse, 'care_plan', PATIENT, { content: `v${version + 1}` }, version);
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

    await updateDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'New plan' }, 3);
    const page = await listRevisions(w.deps, nurse, 'care_plan', PATIENT, { limit: 20, cursor: null });
    expect(page.items.map((r) => [r.version, r.content, r.author.name])).toEqual([
      [4, 'New plan', 'Nora Ellis'],
      [3, 'Old plan', 'former@sunrise.example'],
    ]);
  });

  it("shows 'Unknown user' for an author without a profile", async () => {
    const w = world();
    await createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'Plan' });
    w.profiles.clear();
    expect(await getDocument(w.deps, nurse, 'care_plan', PATIENT)).toMatchObject({
      creator: { user_id: 'nurse-1', name: 'Unknown user' },
    });
  });

  it("answers another organization's patient like a missing one, and audits the revisions read as denied", async () => {
    const w = world();
    await createDocument(w.deps, nurse, 'care_plan', PATIENT, { content: 'Plan' });
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
