import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../kernel/records/patient';
import { awaitingSyncPlan } from './worklist-plans';

const AT = '2026-01-01T00:00:00.000Z';
const patient: PatientRecord = {
  id: 'p-1',
  provider_id: 'o-1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.test',
  phone_number: null,
  created_at: AT,
  updated_at: AT,
  version: 1,
  status: 'active',
};
const key = (rank: string) => ({ provider_id: 'o-1', rank, created_at: AT, patient_id: 'p-1' });

describe('the worklist rebuild of a patient', () => {
  it('writes the item of the consent read and deletes the others, while the patient is as read', () => {
    expect(awaitingSyncPlan({ ...patient, consent: { status: 'declined', date: '2026-01-02' } })).toEqual({
      transaction: [
        {
          op: 'check',
          entity: 'patient',
          key: { patient_id: 'p-1' },
          when: { equal: { status: 'active', provider_id: 'o-1', consent_status: 'declined' } },
          refusal: 'changed',
        },
        { op: 'delete', entity: 'awaitingConsent', key: key('3') },
        { op: 'put', entity: 'awaitingConsent', item: { ...key('2'), consent_status: 'declined' } },
        { op: 'delete', entity: 'awaitingConsent', key: key('1') },
      ],
      afterCommit: [],
    });
  });

  it('checks that a patient never asked still has no consent stored; an accepted one has no item', () => {
    expect(awaitingSyncPlan(patient).transaction[0]).toMatchObject({
      when: { missing: ['consent_status'], equal: { status: 'active', provider_id: 'o-1' } },
    });
    const accepted = awaitingSyncPlan({ ...patient, consent: { status: 'accepted', date: '2026-01-02' } });
    expect(accepted.transaction.slice(1).map((w) => w.op)).toEqual(['delete', 'delete', 'delete']);
  });
});
