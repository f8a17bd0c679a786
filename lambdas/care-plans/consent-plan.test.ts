import { describe, expect, it } from 'vitest';
import { consentPlan } from './consent-plan';
import type { ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';

const patient: PatientRecord = {
  id: 'p1',
  provider_id: 'org-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'm@example.test',
  phone_number: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  status: 'active',
};
const consent: ConsentRecord = {
  id: 'c1',
  patientId: 'p1',
  providerId: 'org-1',
  status: 'accepted',
  scriptLanguage: 'en',
  date: '2026-03-10',
  method: 'verbal',
  disclosures: [],
  recordedBy: 'u1',
  recordedAt: '2026-03-10T10:00:00.000Z',
};
const awaiting = { provider_id: 'org-1', created_at: patient.created_at, patient_id: 'p1' };
const awaitingCount = { scope: 'organization#org-1', name: 'awaiting_consent' };
const entry = (stage: string) => ({ provider_id: 'org-1', stage, created_at: patient.created_at, patient_id: 'p1' });
const copy = {
  first_name: 'Margaret',
  last_name: 'Alvarez',
  condition_count: 0,
  has_phone: false,
  preferred_language: 'en',
};
const stageCount = (stage: string, by: number) => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope: 'organization#org-1', name: `enrollment#${stage}` },
  add: { value: by },
});

describe('recording a consent change', () => {
  it('holds while the patient is active, not asked and outside the funnel, appends the change, takes them off the worklist and enrols them', () => {
    expect(consentPlan(patient, consent)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'patient',
          key: { patient_id: 'p1' },
          set: { consent_status: 'accepted', consent_date: '2026-03-10', enrollment_stage: 'enrolled' },
          // The new stage's item copies the patient as read: the move holds only while it still shows that.
          when: {
            missing: ['consent_status', 'enrollment_stage', 'phone_number'],
            equal: { status: 'active', first_name: 'Margaret', last_name: 'Alvarez' },
            missingOr: { equal: { condition_count: 0, preferred_language: 'en' } },
          },
        },
        {
          op: 'create',
          entity: 'consentRecord',
          item: {
            patient_id: 'p1',
            recorded_at: consent.recordedAt,
            consent_id: 'c1',
            provider_id: 'org-1',
            status: 'accepted',
            date: '2026-03-10',
            method: 'verbal',
            disclosures: [],
            script_language: 'en',
            recorded_by: 'u1',
          },
        },
        { op: 'delete', entity: 'awaitingConsent', key: { ...awaiting, rank: '3' } },
        { op: 'upsert', entity: 'counter', key: awaitingCount, add: { value: -1 } },
        {
          op: 'put',
          entity: 'enrollmentEntry',
          item: { ...entry('enrolled'), entered_at: consent.recordedAt, ...copy },
        },
        stageCount('enrolled', 1),
      ],
      afterCommit: [
        {
          op: 'upsert',
          entity: 'counter',
          key: { scope: 'organization#org-1', name: 'chart_version' },
          add: { value: 1 },
        },
      ],
    });
  });

  it('holds only at the status and stage read, and moves a withdrawn patient back onto the worklist and to declined', () => {
    const accepted = {
      ...patient,
      consent: { status: 'accepted' as const, date: '2026-03-10' },
      enrollmentStage: 'enrolled' as const,
    };
    const { transaction } = consentPlan(accepted, { ...consent, status: 'withdrawn', method: null });
    expect(transaction[0]).toMatchObject({
      set: { enrollment_stage: 'declined' },
      when: { equal: { status: 'active', consent_status: 'accepted', enrollment_stage: 'enrolled' } },
    });
    expect(transaction[1]).toMatchObject({ item: { status: 'withdrawn' } });
    expect(transaction[1]).not.toHaveProperty('item.method');
    expect(transaction.slice(2)).toEqual([
      { op: 'put', entity: 'awaitingConsent', item: { ...awaiting, rank: '1', consent_status: 'withdrawn' } },
      { op: 'upsert', entity: 'counter', key: awaitingCount, add: { value: 1 } },
      { op: 'delete', entity: 'enrollmentEntry', key: entry('enrolled') },
      stageCount('enrolled', -1),
      { op: 'put', entity: 'enrollmentEntry', item: { ...entry('declined'), entered_at: consent.recordedAt, ...copy } },
      stageCount('declined', 1),
    ]);
  });
});
