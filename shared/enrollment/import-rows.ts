/**
 * A practice's panel, row by row (DECISIONS "Enrollment"): what a row of an import must hold, the
 * problems of a bad one named by field, and the preview's tally. Pure: the preview and the import job
 * run the same rules, on a CSV file or on the rows a FHIR Bundle gives.
 */
import { CHRONIC_CONDITIONS, normaliseIcd10Cm, ICD10_CM_PATTERN } from '../ccm/chronic-conditions';
import { isServedPhone, toE164 } from '../phone';
import { hasControlOrBidi } from '../validation';
import { VALIDATION } from '../messages';
import { IMPORT_MESSAGES } from './messages';
import { readDateOfBirth, readMrn, readPreferredLanguage, type PreferredLanguage } from './patient-fields';

/** The CSV columns read, by header name (any letter case); other columns are ignored. */
export const IMPORT_COLUMNS = [
  'mrn',
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'email',
  'preferred_language',
  'conditions',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Without these a file is refused whole: no row could be imported. */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['mrn', 'first_name', 'last_name', 'date_of_birth', 'phone'];

export const IMPORT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Patients, the header not counted. */
  maxRows: 20_000,
  maxConditions: 30,
  /** The bad rows a preview lists one by one; the count covers them all. */
  listedProblems: 500,
} as const;

/** A row as read: the cells of the known columns, as text. */
export type RawImportRow = Partial<Record<ImportColumn, string>> & {
  /** Read from a FHIR Bundle only: the medications and allergies on the patient's record. */
  medications?: readonly string[];
  allergies?: readonly string[];
  /** Descriptions of the codes a FHIR Condition named (`coding.display`), by normalised code. */
  conditionNames?: Readonly<Record<string, string>>;
};

export interface ImportedCondition {
  code: string;
  description: string;
}

/** A row that can become a patient. */
export interface ImportedPatient {
  mrn: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** E.164. */
  phone: string;
  email: string | null;
  preferredLanguage: PreferredLanguage;
  conditions: ImportedCondition[];
  medications: string[];
  allergies: string[];
}

/** One bad cell: the row as a spreadsheet numbers it (the header is row 1), the column and what is wrong. */
export interface RowProblem {
  row: number;
  field: ImportColumn;
  message: string;
}

export interface ImportRowContext {
  /** The deployment's served calling codes. */
  callingCodes: readonly string[];
  /** The organization's today, `YYYY-MM-DD`: no one is born after it. */
  today: string;
}

export type RowOutcome = { patient: ImportedPatient } | { problems: RowProblem[] };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;
const KNOWN_CONDITIONS = new Map(CHRONIC_CONDITIONS.map((c) => [c.code, c.description]));

function readName(value: string | undefined, required: string): { name: string } | { problem: string } {
  const name = (value ?? '').trim();
  if (!name) return { problem: required };
  if (name.length > NAME_MAX) return { problem: VALIDATION.contentTooLong };
  return hasControlOrBidi(name) ? { problem: VALIDATION.nameCharacters } : { name };
}

function readPhone(
  value: string | undefined,
  callingCodes: readonly string[],
): { phone: string } | { problem: string } {
  const text = (value ?? '').trim();
  if (!text) return { problem: IMPORT_MESSAGES.phoneRequired };
  const e164 = text.length <= 40 ? toE164(text) : null;
  if (!e164) return { problem: VALIDATION.invalidPhone };
  return isServedPhone(e164, callingCodes) ? { phone: e164 } : { problem: IMPORT_MESSAGES.phoneNotServed };
}

function readEmail(value: string | undefined): { email: string | null } | { problem: string } {
  const email = (value ?? '').trim().toLowerCase();
  if (!email) return { email: null };
  return email.length <= 254 && EMAIL.test(email) ? { email } : { problem: VALIDATION.invalidEmail };
}

/**
 * Codes separated by `;` (a `,` too, as people type it), each normalised (e119 → E11.9), once each.
 * A code of the care-management list keeps CMS's description; another takes the description its
 * source gave, or its code.
 */
function readConditions(
  value: string | undefined,
  names: Readonly<Record<string, string>> | undefined,
): { conditions: ImportedCondition[] } | { problem: string } {
  const codes = [
    ...new Set(
      (value ?? '')
        .split(/[;,]/)
        .map((c) => c.trim())
        .filter(Boolean)
        .map(normaliseIcd10Cm),
    ),
  ];
  const bad = codes.find((code) => code.length > 16 || !ICD10_CM_PATTERN.test(code));
  if (bad !== undefined) return { problem: IMPORT_MESSAGES.conditionInvalid(bad.slice(0, 16)) };
  if (codes.length > IMPORT_LIMITS.maxConditions) return { problem: IMPORT_MESSAGES.tooManyConditions };
  return {
    conditions: codes.map((code) => ({
      code,
      description: (KNOWN_CONDITIONS.get(code) ?? names?.[code]?.trim().slice(0, 200)) || code,
    })),
  };
}

/** Whether a row holds nothing at all (a blank line in a spreadsheet): skipped, not an error. */
export function isBlankRow(raw: RawImportRow): boolean {
  return IMPORT_COLUMNS.every((column) => !(raw[column] ?? '').trim());
}

/** One row's patient, or every problem it has (one per column). */
export function checkImportRow(raw: RawImportRow, row: number, context: ImportRowContext): RowOutcome {
  const problems: RowProblem[] = [];
  const take = <T>(field: ImportColumn, read: T | { problem: string }): T | null => {
    if (read && typeof read === 'object' && 'problem' in read) {
      problems.push({ row, field, message: read.problem });
      return null;
    }
    return read;
  };
  const mrn = take('mrn', readMrn(raw.mrn));
  const first = take('first_name', readName(raw.first_name, VALIDATION.firstNameRequired));
  const last = take('last_name', readName(raw.last_name, VALIDATION.lastNameRequired));
  const birth = take('date_of_birth', readDateOfBirth(raw.date_of_birth, context.today));
  const phone = take('phone', readPhone(raw.phone, context.callingCodes));
  const email = take('email', readEmail(raw.email));
  const language = take('preferred_language', readPreferredLanguage(raw.preferred_language));
  const conditions = take('conditions', readConditions(raw.conditions, raw.conditionNames));
  if (!mrn || !first || !last || !birth || !phone || !email || !language || !conditions) return { problems };
  return {
    patient: {
      mrn: mrn.mrn,
      firstName: first.name,
      lastName: last.name,
      dateOfBirth: birth.date,
      phone: phone.phone,
      email: email.email,
      preferredLanguage: language.language,
      conditions: conditions.conditions,
      medications: [...(raw.medications ?? [])],
      allergies: [...(raw.allergies ?? [])],
    },
  };
}

/** What a file holds, before anything is written: the organization's MRNs decide "already there". */
export interface ImportTally {
  /** Rows read, blank rows and the header not counted. */
  rows: number;
  /** Good rows, with the MRNs still to be checked against the organization's patients. */
  ready: number;
  problemRows: number;
  /** The first bad cells, in file order (at most `IMPORT_LIMITS.listedProblems`). */
  problems: RowProblem[];
}

/**
 * Reads a file's rows in order: each is checked, and an MRN met again in the same file makes the
 * later row bad (the first one stays). A reader that remembers holds the MRNs seen (never the rows)
 * and lists the repeats it found; one that is told (the import job, after the preview listed them)
 * holds nothing that grows with the file.
 */
export class ImportRowReader {
  private readonly firstRowOf = new Map<string, number>();
  private readonly tally: ImportTally = { rows: 0, ready: 0, problemRows: 0, problems: [] };
  /** The good rows whose MRN came earlier, with that first row, in file order (remembering only). */
  readonly repeats: [row: number, firstRow: number][] = [];

  constructor(
    private readonly context: ImportRowContext,
    private readonly repeatsFrom: 'remembered' | 'told' = 'remembered',
  ) {}

  /**
   * The row's patient, its problems, or null for a blank row. A told reader learns from `firstRow`
   * that the row's MRN came first on that row.
   */
  read(raw: RawImportRow, row: number, firstRow?: number): RowOutcome | null {
    if (isBlankRow(raw)) return null;
    this.tally.rows += 1;
    let outcome = checkImportRow(raw, row, this.context);
    const first = this.repeatsFrom === 'told' ? firstRow : this.remember(raw, row, outcome);
    if ('patient' in outcome && first !== undefined) {
      outcome = { problems: [{ row, field: 'mrn', message: IMPORT_MESSAGES.mrnRepeated(first) }] };
      if (this.repeatsFrom === 'remembered') this.repeats.push([row, first]);
    }
    if ('patient' in outcome) this.tally.ready += 1;
    else {
      this.tally.problemRows += 1;
      const room = IMPORT_LIMITS.listedProblems - this.tally.problems.length;
      if (room > 0) this.tally.problems.push(...outcome.problems.slice(0, room));
    }
    return outcome;
  }

  /** The row its MRN was first met on, if earlier; a bad row's MRN claims its number too. */
  private remember(raw: RawImportRow, row: number, outcome: RowOutcome): number | undefined {
    const mrn = 'patient' in outcome ? outcome.patient.mrn : readMrnOf(raw);
    if (mrn === undefined) return undefined;
    const first = this.firstRowOf.get(mrn);
    if (first === undefined) this.firstRowOf.set(mrn, row);
    return first;
  }

  get summary(): ImportTally {
    return { ...this.tally, problems: [...this.tally.problems] };
  }
}

function readMrnOf(raw: RawImportRow): string | undefined {
  const mrn = readMrn(raw.mrn);
  return 'mrn' in mrn ? mrn.mrn : undefined;
}
