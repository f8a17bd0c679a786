import { describe, expect, it } from 'vitest';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { PatientRecord } from '../kernel/records/patient';
import {
  CLAIM_CSV_COLUMNS,
  billedCodes,
  claimCsv,
  claimLines,
  claimNpis,
  claimProblems,
  codeUnits,
  lastDayOf,
  lastServiceDate,
  type ClaimMonth,
} from './claim-rows';
import type { TimeEntryRecord } from './ports';

const patient: PatientRecord = {
  id: 'pat-1',
  provider_id: 'org-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'm@example.com',
  phone_number: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  status: 'active',
  conditionCount: 2,
  mrn: 'MRN-1',
  mbi: '1EG4TE5MK73',
  date_of_birth: '1948-03-07',
};

const row = (staff: number, practitioner = 0, complex = false): CcmMonthRecord => ({
  provider_id: 'org-1',
  month: '2026-11',
  patient_id: 'pat-1',
  staff_minutes: staff,
  practitioner_minutes: practitioner,
  non_clinical_minutes: 0,
  ai_contacts: 2,
  ai_minutes: 9,
  complex,
  billed: null,
});

const claim = (overrides: Partial<ClaimMonth> = {}): ClaimMonth => ({
  patient,
  month: '2026-11',
  codes: [{ code: '99490' }, { code: '99439' }, { code: '99439' }],
  serviceDate: '2026-11-24',
  practitioner: { npi: '1234567893' },
  groupNpi: null,
  diagnoses: ['E11.9', 'I10', 'N18.3', 'J44.9', 'E78.5'],
  ...overrides,
});

const entry = (id: string, date: string, minutes: number, more: Partial<TimeEntryRecord> = {}): TimeEntryRecord => ({
  id,
  patient_id: 'pat-1',
  provider_id: 'org-1',
  month: '2026-11',
  date,
  minutes,
  activity: 'Care plan review',
  note: null,
  source: 'manual',
  call_id: null,
  user_id: 'u-1',
  user_name: 'Nora Nurse',
  care_role: 'clinical_staff',
  counts_as: 'staff',
  created_at: `${date}T12:00:00.000Z`,
  voids: null,
  ...more,
});

describe('billedCodes: the codes a patient-month bills and the rule behind each', () => {
  it('bills 99490 with the minutes that support it and says why', () => {
    const billed = billedCodes(patient, row(24), true, '2026-10');
    expect(billed.codes.map((c) => c.code)).toEqual(['99490']);
    expect(billed.codes[0]?.reason).toBe('20 minutes of clinical staff time');
    expect(billed.reason).toMatch(/^24 clinical staff minutes: 99490/);
    expect(billed.reason).toContain('AI assistant: 2 contacts and 9 call minutes documented, never counted');
  });

  it('bills nothing without consent or under 20 minutes, and names why', () => {
    expect(billedCodes(patient, row(45), false, '2026-10')).toMatchObject({ codes: [], reason: 'No accepted consent' });
    expect(billedCodes(patient, row(19), true, '2026-10').reason).toMatch(/^19 of 20 clinical staff minutes/);
    expect(billedCodes(patient, null, true, '2026-10').codes).toEqual([]);
  });

  it('bills the program in force that month, as the monthly report does (APCM from October)', () => {
    const enrolled = {
      ...patient,
      carePrograms: [
        {
          program: 'apcm' as const,
          from: '2026-10',
          pcm_condition: null,
          set_at: '2026-09-20T12:00:00.000Z',
          set_by: 'u',
          set_by_name: 'N',
        },
      ],
    };
    expect(billedCodes(enrolled, row(24), true, '2026-09').program).toBe('ccm');
    const october = billedCodes(enrolled, row(24), true, '2026-10');
    expect(october.program).toBe('apcm');
    expect(october.codes.map((c) => c.code)).toEqual([expect.stringMatching(/^G055[678]$/)]);
  });
});

describe('claim lines', () => {
  it('turns repeated add-on codes into units', () => {
    expect(codeUnits([{ code: '99490' }, { code: '99439' }, { code: '99439' }])).toEqual([
      { code: '99490', units: 1 },
      { code: '99439', units: 2 },
    ]);
  });

  it('takes the last day with counted minutes, leaving voided entries, corrections and uncounted time out', () => {
    const entries = [
      entry('a', '2026-11-03', 15),
      entry('b', '2026-11-20', 10),
      entry('c', '2026-11-28', 30),
      entry('c~void', '2026-11-28', 30, { voids: { id: 'c', reason: 'wrong patient' } }),
      entry('d', '2026-11-29', 5, { counts_as: 'none', care_role: 'non_clinical' }),
    ];
    expect(lastServiceDate(entries)).toBe('2026-11-20');
    expect(lastServiceDate([])).toBeNull();
    expect(lastDayOf('2026-11')).toBe('2026-11-30');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });

  it('writes one line per code with the header fields, the NPI as billing and rendering, and four pointers at most', () => {
    expect(claimLines(claim())).toEqual([
      [
        'Alvarez',
        'Margaret',
        '1948-03-07',
        '1EG4TE5MK73',
        'MRN-1',
        '2026-11-24',
        '11',
        '1234567893',
        '1234567893',
        '99490',
        1,
        'E11.9',
        'I10',
        'N18.3',
        'J44.9',
        'ABCD',
        '2026-11',
        'pat-1',
        '',
      ],
      expect.arrayContaining(['99439', 2]),
    ]);
    const line = claimLines(claim({ diagnoses: ['E11.9', 'I10'], serviceDate: null }))[0] ?? [];
    expect(line.slice(5, 6)).toEqual(['2026-11-30']);
    expect(line.slice(11, 16)).toEqual(['E11.9', 'I10', '', '', 'AB']);
  });

  it('bills under the practice’s group NPI when it has one, the billing practitioner rendering', () => {
    const [line] = claimLines(claim({ groupNpi: '1245319599' }));
    const at = (column: (typeof CLAIM_CSV_COLUMNS)[number]) => line?.[CLAIM_CSV_COLUMNS.indexOf(column)];
    expect([at('Billing NPI'), at('Rendering NPI')]).toEqual(['1245319599', '1234567893']);
    // Without a practitioner's NPI the group still bills, and the missing rendering NPI is named.
    const noRendering = claim({ groupNpi: '1245319599', practitioner: { npi: null } });
    expect(claimLines(noRendering)[0]?.slice(7, 9)).toEqual(['1245319599', '']);
    expect(claimProblems(noRendering)).toEqual(['The billing practitioner has no NPI']);
    expect(claimNpis(null, '1234567893')).toEqual({ billing: '1234567893', rendering: '1234567893' });
    expect(claimNpis('1245319599', null)).toEqual({ billing: '1245319599', rendering: null });
    expect(claimNpis(null, null)).toEqual({ billing: null, rendering: null });
  });

  it('names what keeps a patient-month from being claimed instead of leaving it out', () => {
    expect(claimProblems(claim())).toEqual([]);
    const blocked = claim({
      patient: { ...patient, mbi: null, date_of_birth: null },
      practitioner: { npi: null },
      diagnoses: [],
    });
    expect(claimProblems(blocked)).toEqual([
      'No Medicare Beneficiary Identifier (MBI)',
      'No date of birth',
      'The billing practitioner has no NPI',
      'No ICD-10-CM diagnosis on the care plan',
    ]);
    expect(claimProblems(claim({ practitioner: null }))).toEqual(['No billing practitioner']);
    expect(claimLines(blocked)[0]?.at(-1)).toBe(
      'No Medicare Beneficiary Identifier (MBI); No date of birth; The billing practitioner has no NPI; No ICD-10-CM diagnosis on the care plan',
    );
  });

  it('writes RFC 4180 CSV with formula-looking cells escaped', () => {
    const csv = claimCsv([claim({ patient: { ...patient, last_name: '=HYPERLINK("x")', first_name: 'Ann, Jr' } })]);
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(CLAIM_CSV_COLUMNS.join(','));
    expect(first?.startsWith(`"'=HYPERLINK(""x"")","Ann, Jr",1948-03-07,`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(claimCsv([])).toBe(`${CLAIM_CSV_COLUMNS.join(',')}\r\n`);
  });
});
