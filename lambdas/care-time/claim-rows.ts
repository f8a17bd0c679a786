/**
 * What a biller keys into a Medicare claim (CMS-1500 / 837P) for one patient-month of care
 * management (issue 26 item 4; DECISIONS "Care-management programs": CareLoop prepares claims, it
 * never submits them). Pure: the use case reads the month, this writes the file.
 */
import type { BillingMonth } from '../../shared/ccm/months';
import { billedMonth } from '../../shared/ccm/patient-month';
import { qmbInMonth } from '../../shared/ccm/qmb';
import type { ProgramCodeLine, ProgramCodes } from '../../shared/ccm/programs';
import { DEFAULT_RATES, type FeeSchedule } from '../../shared/ccm/rates';
import { csvCell } from '../../shared/csv';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { PatientRecord } from '../kernel/records/patient';
import type { TimeEntryRecord } from './ports';

/**
 * Care management is not face to face: CMS asks for the place of service where the billing
 * practitioner would see the patient in person, for a practice the office (11).
 */
export const PLACE_OF_SERVICE_OFFICE = '11';

/** A claim line points at up to four of the claim's diagnoses (CMS-1500 box 24E: A to D). */
const MAX_POINTERS = 4;
const POINTER_LETTERS = ['A', 'B', 'C', 'D'] as const;

/**
 * The codes a patient-month bills under the program in force that month, with the rule behind
 * each: `billedMonth`, as the monthly report bills it (the same QMB check and fee schedule), so the
 * packet and the report never disagree.
 */
export function billedCodes(
  patient: PatientRecord,
  row: CcmMonthRecord | null,
  consentCovered: boolean,
  month: BillingMonth,
  rates: FeeSchedule = DEFAULT_RATES,
): ProgramCodes {
  const billed = billedMonth(
    patient.carePrograms ?? [],
    month,
    {
      consent: consentCovered,
      conditions: patient.conditionCount ?? 0,
      staffMinutes: row?.staff_minutes ?? 0,
      practitionerMinutes: row?.practitioner_minutes ?? 0,
      aiContacts: row?.ai_contacts ?? 0,
      aiMinutes: row?.ai_minutes ?? 0,
      complex: row?.complex ?? false,
      qmb: qmbInMonth(patient.qmbChecks ?? [], month),
      // CareLoop keeps no record of these; the report assumes them too, and the practice checks both.
      initiatingVisit: true,
      otherBiller: false,
    },
    rates,
  );
  return { program: billed.program, codes: billed.codes, reason: billed.reason };
}

/**
 * Each code with its units: an add-on code billed for several blocks is one line with that many
 * units, as a claim takes it (99439 × 2 is 99439, 2 units).
 */
export function codeUnits(codes: readonly Pick<ProgramCodeLine, 'code'>[]): { code: string; units: number }[] {
  const units = new Map<string, number>();
  for (const line of codes) units.set(line.code, (units.get(line.code) ?? 0) + 1);
  return [...units].map(([code, n]) => ({ code, units: n }));
}

/**
 * The last day the month's documented care was given: the latest date of an entry whose minutes
 * count (a voided entry and its correction left out); null when none counts (an APCM month).
 */
export function lastServiceDate(entries: readonly TimeEntryRecord[]): string | null {
  const voided = new Set(entries.flatMap((e) => (e.voids ? [e.voids.id] : [])));
  let last: string | null = null;
  for (const e of entries) {
    if (e.voids || voided.has(e.id) || e.counts_as === 'none' || e.minutes <= 0) continue;
    if (last === null || e.date > last) last = e.date;
  }
  return last;
}

/** The last calendar day of a `YYYY-MM` month. */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year ?? 1970, m ?? 1, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** One patient-month that bills something, with what the claim needs besides the codes. */
export interface ClaimMonth {
  patient: PatientRecord;
  month: string;
  codes: readonly Pick<ProgramCodeLine, 'code'>[];
  /** From the time log; null: the month's last day is the date of service. */
  serviceDate: string | null;
  /** The patient's billing practitioner: null when none is set. */
  practitioner: { npi: string | null } | null;
  /** The practice's group (type 2) NPI: null when it has none. */
  groupNpi: string | null;
  /** ICD-10-CM codes of the care plan in force that month, in the plan's order. */
  diagnoses: readonly string[];
}

/**
 * The claim's two NPIs. A practice bills under its group (type 2) NPI when it has one, and the
 * billing practitioner renders the service (clinical staff time is billed under their direction,
 * CMS general supervision; staff have no NPI of their own on the claim). Without a group NPI the
 * practitioner's own NPI is both. Null: unknown (the claim's problems name it).
 */
export function claimNpis(
  groupNpi: string | null,
  practitionerNpi: string | null,
): { billing: string | null; rendering: string | null } {
  return { billing: groupNpi ?? practitionerNpi, rendering: practitionerNpi };
}

/**
 * Why the patient-month cannot be claimed as it stands. A claim without these is rejected, so the
 * row stays in the file with its problem named: nothing billable is silently left out.
 */
export function claimProblems(claim: ClaimMonth): string[] {
  return [
    ...(claim.patient.mbi ? [] : ['No Medicare Beneficiary Identifier (MBI)']),
    ...(claim.patient.date_of_birth ? [] : ['No date of birth']),
    ...(!claim.practitioner
      ? ['No billing practitioner']
      : claim.practitioner.npi
        ? []
        : ['The billing practitioner has no NPI']),
    ...(claim.diagnoses.length > 0 ? [] : ['No ICD-10-CM diagnosis on the care plan']),
  ];
}

export const CLAIM_CSV_COLUMNS = [
  'Patient last name',
  'Patient first name',
  'Date of birth',
  'MBI',
  'MRN',
  'Date of service',
  'Place of service',
  'Billing NPI',
  'Rendering NPI',
  'Code',
  'Units',
  'Diagnosis A',
  'Diagnosis B',
  'Diagnosis C',
  'Diagnosis D',
  'Diagnosis pointer',
  'Month',
  'Patient ID',
  'Problems',
] as const;

/**
 * One row per claim line: the patient's header fields repeat on each line so any row can be keyed
 * alone. Billing and rendering NPI as `claimNpis` names them.
 */
export function claimLines(claim: ClaimMonth): (string | number)[][] {
  const diagnoses = claim.diagnoses.slice(0, MAX_POINTERS);
  const npis = claimNpis(claim.groupNpi, claim.practitioner?.npi ?? null);
  const problems = claimProblems(claim).join('; ');
  const p = claim.patient;
  return codeUnits(claim.codes).map(({ code, units }) => [
    p.last_name,
    p.first_name,
    p.date_of_birth ?? '',
    // Claims take the MBI without the dashes the card prints.
    p.mbi ?? '',
    p.mrn ?? '',
    claim.serviceDate ?? lastDayOf(claim.month),
    PLACE_OF_SERVICE_OFFICE,
    npis.billing ?? '',
    npis.rendering ?? '',
    code,
    units,
    ...POINTER_LETTERS.map((_, i) => diagnoses[i] ?? ''),
    POINTER_LETTERS.slice(0, diagnoses.length).join(''),
    claim.month,
    p.id,
    problems,
  ]);
}

/** The claim file: a header row, then each patient-month's lines, CRLF as RFC 4180 writes it. */
export function claimCsv(claims: readonly ClaimMonth[]): string {
  const rows = [CLAIM_CSV_COLUMNS, ...claims.flatMap(claimLines)];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
