import { describe, expect, it } from 'vitest';
import { CONSENT_DISCLOSURES } from '../../shared/consent';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import type { AuditEntry } from '../kernel/audit-entry';
import type { consentItem, ConsentRecord } from '../kernel/records/consent';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { WritePlan } from '../kernel/write-plan';
import { getConsent, recordConsent, type ConsentDeps } from './consent';
import type { AuthorName } from './ports';

const PATIENT = '11111111-1111-4111-8111-111111111111';
const T0 = new Date('2026-03-02T15:00:00.000Z');
const nurse: Actor = { userId: 'nurse-1', email: 'nurse@sunrise.example', role: 'provider', providerId: 'org-1' };
const outsider: Actor = { userId: 'nurse-2', email: 'nurse@lakeside.example', role: 'provider', providerId: 'org-2' };
/** The nurse's profile as the standing check reads it. */
const NURSE = { first_name: 'Nora', last_name: 'Ellis' };
const page = { limit: 20, cursor: null };
const accepted = {
  status: 'accepted' as const,
  date: '2026-03-02',
  method: 'verbal' as const,
  disclosures: [...CONSENT_DISCLOSURES],
};

/**
 * A patient with its consent history kept as the store keeps it (each committed change's item read
 * back through consentItem's attributes), the profiles the directory names, and every read of them.
 */
function world(history: ConsentRecord[] = []) {
  const changes = [...history];
  const profiles = new Map<string, AuthorName>([['nurse-1', { name: 'Nora Ellis', email: 'nurse@sunrise.example' }]]);
  const profileReads: string[][] = [];
  const audit: AuditEntry[] = [];
  let nextId = 0;
  const patient: PatientRecord = {
    id: PATIENT,
    provider_id: 'org-1',
    first_name: 'Margaret',
    last_name: 'Alvarez',
    email: 'margaret@example.test',
    phone_number: null,
    created_at: T0.toISOString(),
    updated_at: T0.toISOString(),
    version: 1,
    status: 'active',
    consent: { status: 'not_asked', date: null },
  };
  const org: OrganizationRef = {
    id: 'org-1',
    name: 'Sunrise',
    timezone: 'America/New_York',
    status: 'active',
    sms_sender: null,
  };
  const deps: ConsentDeps = {
    clock: { now: () => T0 },
    ids: { newId: () => `c-${++nextId}` },
    audit: { record: async (entry) => void audit.push(entry), recordMany: async () => {} },
    organizations: { getRef: async (id) => (id === org.id ? org : null) },
    patients: {
      get: async (id) => (id === PATIENT ? patient : null),
      pageConsents: async () => ({ items: [...changes].reverse(), cursor: null }),
    },
    committer: {
      commit: async <R extends string>(plan: WritePlan<R>) => {
        for (const write of plan.transaction) {
          if (write.entity !== 'consentRecord' || write.op !== 'create') continue;
          const item = write.item as ReturnType<typeof consentItem>;
          changes.push({
            id: item.consent_id,
            patientId: item.patient_id,
            providerId: item.provider_id,
            status: item.status,
            date: item.date,
            method: item.method ?? null,
            disclosures: item.disclosures,
            scriptLanguage: item.script_language ?? null,
            recordedBy: item.recorded_by,
            ...(item.recorded_by_name ? { recordedByName: item.recorded_by_name } : {}),
            recordedAt: item.recorded_at,
          });
        }
        return 'committed' as const;
      },
    },
    users: {
      displayOf: async (ids) => {
        profileReads.push([...ids]);
        return new Map(ids.flatMap((id) => (profiles.has(id) ? [[id, profiles.get(id)!] as const] : [])));
      },
    },
  };
  return { deps, changes, profiles, profileReads, audit };
}

/** A change recorded before names were kept: the user id alone. */
const unnamed = (id: string, recordedAt: string): ConsentRecord => ({
  id,
  patientId: PATIENT,
  providerId: 'org-1',
  status: 'declined',
  date: recordedAt.slice(0, 10),
  method: null,
  disclosures: [],
  scriptLanguage: 'en',
  recordedBy: 'nurse-1',
  recordedAt,
});

describe('consent history authors', () => {
  it('keeps the name of who recorded a change on the change, and names it without reading a profile', async () => {
    const w = world();
    const { entry } = await recordConsent(w.deps, nurse, NURSE, PATIENT, accepted);
    expect(entry.recorded_by).toEqual({ user_id: 'nurse-1', name: 'Nora Ellis' });
    expect(w.changes[0]).toMatchObject({ recordedBy: 'nurse-1', recordedByName: 'Nora Ellis' });

    const answer = await getConsent(w.deps, nurse, PATIENT, page);
    expect(answer.history.items.map((c) => c.recorded_by)).toEqual([{ user_id: 'nurse-1', name: 'Nora Ellis' }]);
    expect(w.profileReads).toEqual([]);
    expect(w.audit.map((e) => [e.action, e.outcome])).toEqual([['consent.read', 'success']]);
  });

  it('names a change recorded before names were kept by reading its author, and only that one', async () => {
    const w = world([unnamed('old', '2026-01-05T10:00:00.000Z')]);
    await recordConsent(w.deps, nurse, NURSE, PATIENT, accepted);
    w.profileReads.length = 0;
    const answer = await getConsent(w.deps, nurse, PATIENT, page);
    expect(answer.history.items.map((c) => [c.id, c.recorded_by.name])).toEqual([
      ['c-1', 'Nora Ellis'],
      ['old', 'Nora Ellis'],
    ]);
    expect(w.profileReads).toEqual([['nurse-1']]);
  });

  it('shows a renamed user as named when they recorded, and an unnamed old change by the name now', async () => {
    const w = world([unnamed('old', '2026-01-05T10:00:00.000Z')]);
    await recordConsent(w.deps, nurse, NURSE, PATIENT, accepted);
    w.profiles.set('nurse-1', { name: 'Nora Quinn', email: 'nurse@sunrise.example' });
    const answer = await getConsent(w.deps, nurse, PATIENT, page);
    expect(answer.history.items.map((c) => [c.id, c.recorded_by.name])).toEqual([
      // Recorded as Nora Ellis: a record names the person as they were when they acted.
      ['c-1', 'Nora Ellis'],
      // Recorded before names were kept: only her profile can name it, as it is now.
      ['old', 'Nora Quinn'],
    ]);
  });

  it('reads the profile when the recorder had none, and falls back to Unknown user without one', async () => {
    const w = world();
    const { entry } = await recordConsent(w.deps, nurse, null, PATIENT, accepted);
    expect(w.changes[0]).not.toHaveProperty('recordedByName');
    expect(entry.recorded_by).toEqual({ user_id: 'nurse-1', name: 'Nora Ellis' });
    w.profiles.clear();
    const answer = await getConsent(w.deps, nurse, PATIENT, page);
    expect(answer.history.items[0]?.recorded_by).toEqual({ user_id: 'nurse-1', name: 'Unknown user' });
  });

  it("answers another organization's patient like a missing one and records the read as denied", async () => {
    const w = world([unnamed('old', '2026-01-05T10:00:00.000Z')]);
    const refused = await getConsent(w.deps, outsider, PATIENT, page).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 404, code: 'patient.not_found' });
    expect(w.audit.at(-1)).toMatchObject({ action: 'consent.read', outcome: 'denied', actorId: 'nurse-2' });
    expect(w.profileReads).toEqual([]);
  });
});
