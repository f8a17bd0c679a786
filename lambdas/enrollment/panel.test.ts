import { describe, expect, it } from 'vitest';
import type { Actor } from '../kernel/actor';
import type { AuditEntry } from '../kernel/audit-entry';
import { listedFields, type ListedPatient } from '../kernel/read-models/listed-patient';
import type { PatientRecord } from '../kernel/records/patient';
import { enrollmentList, pcmCandidatesList, type EnrollmentPanelDeps } from './panel';
import type { StageEntry } from './ports';

const ORG = '22222222-2222-4222-8222-222222222222';
const nurse: Actor = { userId: 'nurse-1', email: 'nurse@sunrise.example', role: 'provider', providerId: ORG };
const page = { limit: 25, cursor: null };

const ann: ListedPatient = {
  first_name: 'Ann',
  last_name: 'Lee',
  phone_number: '+18135550142',
  preferred_language: 'es',
  conditionCount: 2,
};

/** A patient as stored, for the items written before the copy was kept. */
const stored = (id: string, overrides: Partial<PatientRecord> = {}): PatientRecord =>
  ({
    id,
    provider_id: ORG,
    status: 'active',
    first_name: 'Old',
    last_name: 'Item',
    phone_number: null,
    conditionCount: 1,
    enrollmentStage: 'enrolled',
    ...overrides,
  }) as PatientRecord;

function world(stage: StageEntry[], candidates: StageEntry[], patients: PatientRecord[] = []) {
  const reads: string[][] = [];
  const disclosed: AuditEntry[] = [];
  const deps: EnrollmentPanelDeps = {
    organizations: {
      getRef: async (id) =>
        id === ORG ? { id, name: 'Sunrise', timezone: 'America/New_York', status: 'active', sms_sender: null } : null,
    },
    patients: {
      getMany: async (ids) => {
        reads.push([...ids]);
        return patients.filter((p) => ids.includes(p.id));
      },
    },
    enrollment: {
      stageCounts: async () => ({}),
      pageStage: async () => ({ items: stage, cursor: null }),
      pagePcmCandidates: async () => ({ items: candidates, cursor: null }),
    },
    audit: { record: async (entry) => void disclosed.push(entry), recordMany: async (e) => void disclosed.push(...e) },
  };
  return { deps, reads, disclosed };
}

describe('a page of the Enrollment panel', () => {
  it('lists each patient from the copy on its item, reading no patient', async () => {
    const entry = { patientId: 'p1', enteredAt: '2026-03-01T12:00:00.000Z', listed: listedFields(ann) };
    const { deps, reads } = world([entry], []);

    const answer = await enrollmentList(deps, nurse, ORG, 'enrolled', page);

    expect(answer.items).toEqual([
      {
        patient_id: 'p1',
        patient_name: 'Ann Lee',
        entered_at: entry.enteredAt,
        condition_count: 2,
        has_phone: true,
        preferred_language: 'es',
      },
    ]);
    expect(reads).toEqual([]);
  });

  it('shows a rename, a phone removed, a language and a count changed as the plans copied them', async () => {
    const renamed = listedFields({
      ...ann,
      first_name: 'Anna',
      phone_number: null,
      preferred_language: 'en',
      conditionCount: 3,
    });
    const { deps, reads } = world([{ patientId: 'p1', enteredAt: 'T', listed: renamed }], []);

    const [item] = (await enrollmentList(deps, nurse, ORG, 'eligible', page)).items;

    expect(item).toMatchObject({
      patient_name: 'Anna Lee',
      has_phone: false,
      preferred_language: 'en',
      condition_count: 3,
    });
    expect(reads).toEqual([]);
  });

  it('names the patients of items written before the copy by one read, checked as before, in the page order', async () => {
    const copied = { patientId: 'p1', enteredAt: 'T1', listed: listedFields(ann) };
    const old = { patientId: 'p2', enteredAt: 'T2', listed: null };
    const moved = { patientId: 'p3', enteredAt: 'T3', listed: null };
    const archived = { patientId: 'p4', enteredAt: 'T4', listed: null };
    const { deps, reads, disclosed } = world(
      [old, copied, moved, archived],
      [],
      [stored('p2'), stored('p3', { enrollmentStage: 'declined' }), stored('p4', { status: 'archived' })],
    );

    const answer = await enrollmentList(deps, nurse, ORG, 'enrolled', page);

    expect(reads).toEqual([['p2', 'p3', 'p4']]);
    expect(answer.items.map((i) => [i.patient_id, i.patient_name])).toEqual([
      ['p2', 'Old Item'],
      ['p1', 'Ann Lee'],
    ]);
    // Only the patients the page names are disclosed.
    expect(disclosed.flatMap((e) => (e.patientId ? [e.patientId] : []))).toEqual(['p2', 'p1']);
  });

  it('lists a PCM candidate from its copy, and leaves out one whose copied count is not one condition', async () => {
    const one = { patientId: 'p1', enteredAt: 'T1', listed: listedFields({ ...ann, conditionCount: 1 }) };
    const two = { patientId: 'p2', enteredAt: 'T2', listed: listedFields({ ...ann, conditionCount: 2 }) };
    const old = { patientId: 'p3', enteredAt: 'T3', listed: null };
    const { deps, reads } = world([], [one, two, old], [stored('p3', { first_name: 'Bo', conditionCount: 1 })]);

    const answer = await pcmCandidatesList(deps, nurse, ORG, page);

    expect(answer.items.map((i) => [i.patient_id, i.patient_name, i.condition_count])).toEqual([
      ['p1', 'Ann Lee', 1],
      ['p3', 'Bo Item', 1],
    ]);
    expect(reads).toEqual([['p3']]);
  });
});
