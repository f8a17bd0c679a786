import { describe, expect, it } from 'vitest';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { PatientRecord } from '../kernel/records/patient';
import { escalationsOf, monthFigures } from './dashboard-charts';

const patient = (id: string, consent: PatientRecord['consent'], conditionCount = 2): PatientRecord => ({
  id,
  provider_id: 'org',
  first_name: 'P',
  last_name: id,
  email: `${id}@example.test`,
  phone_number: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  status: 'active',
  consent,
  conditionCount,
});

const row = (patientId: string, fields: Partial<CcmMonthRecord> = {}): CcmMonthRecord => ({
  provider_id: 'org',
  month: '2026-03',
  patient_id: patientId,
  staff_minutes: 0,
  practitioner_minutes: 0,
  non_clinical_minutes: 0,
  ai_contacts: 0,
  ai_minutes: 0,
  complex: false,
  billed: null,
  ...fields,
});

describe('a month of chart figures', () => {
  const patients = [
    patient('early', { status: 'accepted', date: '2026-01-10' }),
    patient('march', { status: 'accepted', date: '2026-03-31' }),
    patient('april', { status: 'accepted', date: '2026-04-01' }),
    patient('withdrawn', { status: 'withdrawn', date: '2026-03-02' }),
    patient('one-condition', { status: 'accepted', date: '2026-01-10' }, 1),
  ];

  it('counts patients enrolled by the month, minutes and contacts of every row, and 99490 met', () => {
    const figures = monthFigures(
      patients,
      [
        row('early', { staff_minutes: 20, ai_contacts: 3, ai_minutes: 40 }),
        row('march', { staff_minutes: 19, practitioner_minutes: 45 }),
        row('april', { staff_minutes: 30 }),
        row('one-condition', { staff_minutes: 25 }),
        row('archived', { staff_minutes: 10, ai_contacts: 1 }),
      ],
      '2026-03',
    );
    // 19 staff minutes are one short, whatever the practitioner's time; one condition bills nothing.
    expect(figures).toEqual({ enrolled_patients: 3, staff_minutes: 104, ai_contacts: 4, meeting_99490: 1 });
  });

  it('counts a complex month at 60 minutes (99487 replaces 99490) as meeting it', () => {
    const figures = monthFigures(patients, [row('early', { staff_minutes: 61, complex: true })], '2026-03');
    expect(figures.meeting_99490).toBe(1);
  });

  it('finds Normal as every summary outside the level tabs', () => {
    expect(
      escalationsOf({ requires_followup: 3, successful: 5, added_to_emr: 2, Emergent: 1, Urgent: 2, Elective: 3 }),
    ).toEqual({ Emergent: 1, Urgent: 2, Elective: 3, Normal: 4 });
    expect(escalationsOf(undefined)).toEqual({ Emergent: 0, Urgent: 0, Elective: 0, Normal: 0 });
  });
});
