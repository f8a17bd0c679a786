import { describe, expect, it } from 'vitest';
import { countsAs } from '../../shared/values/care-time';
import { csvCell } from '../../shared/csv';
import { DEFAULT_RATES } from '../../shared/ccm/rates';
import { billingCsv, reportRow } from './care-time';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { PatientRecord } from '../kernel/records/patient';

const patient = (overrides: Partial<PatientRecord> = {}): PatientRecord => ({
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
  consent: { status: 'accepted', date: '2026-03-10' },
  conditionCount: 2,
  billingPractitionerId: null,
  ...overrides,
});

const qmbCheck = (status: boolean, checked_on: string) => ({
  status,
  checked_on,
  set_at: `${checked_on}T12:00:00.000Z`,
  set_by: 'u1',
  set_by_name: 'Nora Ellis',
});

const month = (overrides: Partial<CcmMonthRecord> = {}): CcmMonthRecord => ({
  provider_id: 'org-1',
  month: '2026-03',
  patient_id: 'p1',
  staff_minutes: 0,
  practitioner_minutes: 0,
  non_clinical_minutes: 0,
  ai_contacts: 0,
  ai_minutes: 0,
  complex: false,
  billed: null,
  ...overrides,
});

describe('whose minutes an entry adds to', () => {
  it('follows the care role and the patient’s billing practitioner', () => {
    expect(countsAs('clinical_staff', 'u1', 'u2')).toBe('staff');
    expect(countsAs('billing_practitioner', 'u1', 'u1')).toBe('practitioner');
    expect(countsAs('billing_practitioner', 'u1', null)).toBe('practitioner');
    expect(countsAs('billing_practitioner', 'u1', 'u2')).toBe('staff');
    expect(countsAs('non_clinical', 'u1', null)).toBe('none');
  });
});

describe('a report row', () => {
  it('gives codes only with consent by the month and two conditions; AI minutes never count', () => {
    expect(reportRow(patient(), '2026-03', month({ staff_minutes: 20 }))).toMatchObject({
      codes: [expect.objectContaining({ code: '99490' })],
      ready: true,
    });
    expect(reportRow(patient(), '2026-02', month({ staff_minutes: 20 })).codes).toEqual([]);
    expect(reportRow(patient({ conditionCount: 1 }), '2026-03', month({ staff_minutes: 20 })).codes).toEqual([]);
    expect(reportRow(patient(), '2026-03', month({ ai_contacts: 4, ai_minutes: 300 })).codes).toEqual([]);
  });

  it('reads a patient without a month row as zero minutes and not asked, and a billed month as not ready', () => {
    expect(reportRow(patient({ consent: undefined, conditionCount: undefined }), '2026-03', null)).toMatchObject({
      staff_minutes: 0,
      consent: { status: 'not_asked', date: null },
      conditions: 0,
      codes: [],
      billed: null,
      ready: false,
    });
    const billed = month({ staff_minutes: 25, billed: { at: '2026-04-01T00:00:00.000Z', by: 'u1', by_name: 'Nora' } });
    expect(reportRow(patient(), '2026-03', billed)).toMatchObject({ ready: false, billed: { by_name: 'Nora' } });
  });
});

describe('the CSV export', () => {
  it('quotes as RFC 4180 says and defuses cells a spreadsheet would run as formulas', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\nlines', '=SUM(A1)', '+1', '-2', '@cmd', 42].map(csvCell)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      '42',
    ]);
  });

  it('has a header row and one CRLF-ended line per row with the same figures', () => {
    const csv = billingCsv([reportRow(patient(), '2026-03', month({ staff_minutes: 41, ai_contacts: 2 }))]);
    const [header, line, end] = csv.split('\r\n');

    expect(header).toMatch(/^Patient,Patient ID,Month,Consent,/);
    expect(line).toMatch(/^Margaret Alvarez,p1,2026-03,accepted,2026-03-10,2,41,0,2,0,no,CCM,,99490 99439,106.00,,/);
    expect(end).toBe('');
  });

  it('names the program, the codes, the expected payment and the hint, escaping what a spreadsheet would run', () => {
    const apcm = patient({
      first_name: '=HYPERLINK("x")',
      carePrograms: [{ ...toApcm, pcm_condition: null }],
    });
    const csv = billingCsv([reportRow(apcm, '2026-03', month({ staff_minutes: 65 }))]);
    const [, line] = csv.split('\r\n');
    expect(line).toMatch(/^"'=HYPERLINK\(""x""\) Alvarez",p1,.*,no,APCM,,G0557,50.00,CCM \(\+\$102.00\),/);
  });
});

const toApcm = {
  program: 'apcm' as const,
  from: '2026-03',
  set_at: '2026-02-10T00:00:00.000Z',
  set_by: 'u1',
  set_by_name: 'Nora Ellis',
};

describe('a report row under the program in force', () => {
  it('bills the month before a change under the old program and the months from it under the new', () => {
    const p = patient({ carePrograms: [{ ...toApcm, pcm_condition: null }] });
    expect(reportRow(p, '2026-02', month({ month: '2026-02', staff_minutes: 10 }), true)).toMatchObject({
      program: 'ccm',
      codes: [],
      payment: 0,
      better: { program: 'apcm', payment: 50, gain: 50 },
    });
    expect(reportRow(p, '2026-03', month({ staff_minutes: 10 }))).toMatchObject({
      program: 'apcm',
      codes: [expect.objectContaining({ code: 'G0557' })],
      payment: 50,
      better: null,
      ready: true,
    });
  });

  it('pays G0558 for a QMB patient under APCM, and prices by the fee schedule given', () => {
    const p = patient({
      carePrograms: [{ ...toApcm, pcm_condition: null }],
      qmb: { status: true, checked_on: '2026-02-01' },
      qmbChecks: [qmbCheck(true, '2026-02-01')],
    });
    const rates = { ...DEFAULT_RATES, G0558: 120.5, '99490': 200 };
    expect(reportRow(p, '2026-03', month({ staff_minutes: 25 }), true, rates)).toMatchObject({
      codes: [expect.objectContaining({ code: 'G0558' })],
      payment: 120.5,
      better: { program: 'ccm', payment: 200, gain: 79.5 },
    });
  });

  it("prices each month by the QMB check made by its end, not today's status", () => {
    const p = patient({
      carePrograms: [{ ...toApcm, pcm_condition: null }],
      qmb: { status: true, checked_on: '2026-04-12' },
      qmbChecks: [qmbCheck(false, '2026-01-20'), qmbCheck(true, '2026-04-12')],
    });
    expect(reportRow(p, '2026-03', null).codes.map((c) => c.code)).toEqual(['G0557']);
    expect(reportRow(p, '2026-04', null).codes.map((c) => c.code)).toEqual(['G0558']);
  });

  it('names the PCM condition of a PCM month', () => {
    const p = patient({ carePrograms: [{ ...toApcm, program: 'pcm', pcm_condition: 'E11.9' }] });
    expect(reportRow(p, '2026-03', month({ staff_minutes: 31 }))).toMatchObject({
      program: 'pcm',
      pcm_condition: 'E11.9',
      codes: [expect.objectContaining({ code: '99426' })],
      payment: 61,
    });
  });
});
