/**
 * The CCM billing engine (product-rules.md "Care management (CCM)"): the CPT codes one patient's month of
 * documentation supports, each with the minutes behind it, and the reason for the codes or for
 * none. Pure and free of Node imports: the billing report (server) and the patient page (web) run
 * the same rules.
 */

export const CCM_CODES = ['99490', '99439', '99487', '99489', '99491', '99437'] as const;
export type CcmCode = (typeof CCM_CODES)[number];

/** One patient's calendar month (in the organization's time zone), as documented. */
export interface PatientMonth {
  /** Accepted consent documented on or before the month's end. */
  consent: boolean;
  /** Chronic conditions on the care plan. */
  conditions: number;
  /** Clinical staff minutes this month. */
  staffMinutes: number;
  /** The billing practitioner's own minutes. */
  practitionerMinutes: number;
  /** AI assistant contacts: documented, never minutes. */
  aiContacts: number;
  /** AI call minutes: never counted. */
  aiMinutes: number;
  /** Moderate or high complexity medical decision making, care plan established or substantially revised. */
  complex: boolean;
}

/** One billable unit: the code, the minutes that support it, and why. */
export interface CodeLine {
  code: CcmCode;
  minutes: number;
  reason: string;
}

/**
 * The codes in the order of CCM_CODES, an add-on code once per unit billed; `reason` explains them,
 * or why there are none.
 */
export interface MonthCodes {
  codes: CodeLine[];
  reason: string;
}

/** Chronic conditions a patient needs on the care plan for any CCM code. */
export const MIN_CHRONIC_CONDITIONS = 2;

/** Clinical staff minutes at which 99490 and each 99439 are met: the check marks on the patient page. */
export const STAFF_THRESHOLDS = [20, 40, 60] as const;

const STAFF_FIRST = 20; // 99490
const STAFF_FURTHER = 20; // 99439
const MAX_99439 = 2;
const COMPLEX_FIRST = 60; // 99487
const COMPLEX_FURTHER = 30; // 99489
const PRACTITIONER_FIRST = 30; // 99491
const PRACTITIONER_FURTHER = 30; // 99437

/** Negative or non-finite minutes are a bug in the caller, not documentation to bill around. */
function checkAmount(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number of 0 or more`);
}

/** Conditions and contacts are counted in whole numbers. */
function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more`);
}

/** The next clinical staff threshold above the minutes (20, 40, 60), or null once 60 is met. */
export function nextThreshold(staffMinutes: number): number | null {
  checkAmount('staffMinutes', staffMinutes);
  return STAFF_THRESHOLDS.find((threshold) => Math.floor(staffMinutes) < threshold) ?? null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const times = (code: CcmCode, n: number) => (n === 1 ? code : `${code} × ${n}`);

function repeat(code: CcmCode, n: number, minutes: number, reason: (i: number) => string): CodeLine[] {
  return Array.from({ length: n }, (_, i) => ({ code, minutes, reason: reason(i + 1) }));
}

/** 99491 and 99437: the billing practitioner's own time, in blocks of 30 minutes. */
function practitionerCodes(minutes: number): { codes: CodeLine[]; reason: string | null } {
  if (minutes < PRACTITIONER_FIRST) {
    return {
      codes: [],
      reason:
        minutes > 0
          ? `${plural(minutes, 'billing practitioner minute')} (fewer than 30, so no 99491) count as clinical staff time`
          : null,
    };
  }
  const further = Math.floor((minutes - PRACTITIONER_FIRST) / PRACTITIONER_FURTHER);
  const unused = minutes - PRACTITIONER_FIRST - further * PRACTITIONER_FURTHER;
  const codes = [
    {
      code: '99491' as const,
      minutes: PRACTITIONER_FIRST,
      reason: "30 minutes of the billing practitioner's own time",
    },
    ...repeat(
      '99437',
      further,
      PRACTITIONER_FURTHER,
      () => "A further 30 minutes of the billing practitioner's own time",
    ),
  ];
  const billed = further > 0 ? `99491 and ${times('99437', further)}` : '99491';
  const rest = unused > 0 ? `; the other ${plural(unused, 'minute')} support no further code` : '';
  return { codes, reason: `${plural(minutes, 'billing practitioner minute')}: ${billed}${rest}` };
}

/** 99487 and 99489: complex CCM, 60 clinical staff minutes then blocks of 30, no limit. */
function complexCodes(minutes: number): { codes: CodeLine[]; reason: string } {
  const further = Math.floor((minutes - COMPLEX_FIRST) / COMPLEX_FURTHER);
  const codes = [
    {
      code: '99487' as const,
      minutes: COMPLEX_FIRST,
      reason:
        '60 minutes of clinical staff time, moderate or high complexity, care plan established or substantially revised',
    },
    ...repeat('99489', further, COMPLEX_FURTHER, () => 'A further 30 minutes of clinical staff time in complex CCM'),
  ];
  const billed = further > 0 ? `99487 and ${times('99489', further)}` : '99487';
  return { codes, reason: `${plural(minutes, 'clinical staff minute')} of complex CCM: ${billed}` };
}

/** 99490 and 99439: 20 clinical staff minutes, then blocks of 20, 99439 at most twice. */
function nonComplexCodes(minutes: number, complex: boolean): { codes: CodeLine[]; reason: string } {
  // Complex CCM was documented but its 60 minutes were not reached: the non-complex codes apply.
  const fallBack = complex ? `; complex CCM needs 60 clinical staff minutes, so the non-complex codes apply` : '';
  if (minutes < STAFF_FIRST) return { codes: [], reason: `${minutes} of 20 clinical staff minutes${fallBack}` };
  const blocks = Math.floor((minutes - STAFF_FIRST) / STAFF_FURTHER);
  const further = Math.min(blocks, MAX_99439);
  const codes = [
    { code: '99490' as const, minutes: STAFF_FIRST, reason: '20 minutes of clinical staff time' },
    ...repeat(
      '99439',
      further,
      STAFF_FURTHER,
      (i) => `A further 20 minutes of clinical staff time (${i} of at most 2)`,
    ),
  ];
  const billed = further > 0 ? `99490 and ${times('99439', further)}` : '99490';
  const capped = blocks > MAX_99439 ? '; 99439 is billed at most twice a month' : '';
  return { codes, reason: `${plural(minutes, 'clinical staff minute')}: ${billed}${capped}${fallBack}` };
}

/** The AI assistant's work is shown for the record and never changes a code. */
function aiNote(contacts: number, minutes: number): string | null {
  if (contacts === 0 && minutes === 0) return null;
  return `AI assistant: ${plural(contacts, 'contact')} and ${plural(minutes, 'call minute')} documented, never counted as staff time`;
}

/**
 * The codes one patient-month supports (ccm/README.md and billing-examples.json "rules"):
 * - nothing without accepted consent, or with fewer than 2 chronic conditions;
 * - only clinical staff and billing practitioner time counts, in whole minutes; AI call time never does;
 * - 99490 at 20 clinical staff minutes, 99439 for each further full 20, at most twice;
 * - 99487 needs the complexity flag and 60 clinical staff minutes, 99489 for each further full 30;
 *   complexity without 60 minutes falls back to 99490/99439; the two families never together;
 * - 99491 at 30 minutes of the billing practitioner's own time, 99437 for each further full 30.
 *
 * A practitioner's minutes below 30 count as clinical staff time (toward 99490/99439, and toward
 * 99487/99489, which are clinical staff codes too). Once they reach 99491 none of them do, not even
 * those beyond the last full block of 30 (45 minutes: 99491 with 30, the other 15 support nothing):
 * the rule adds them to staff time only "when they do not reach 99491", and a minute never counts twice.
 */
export function ccmCodes(month: PatientMonth): MonthCodes {
  checkCount('conditions', month.conditions);
  checkAmount('staffMinutes', month.staffMinutes);
  checkAmount('practitionerMinutes', month.practitionerMinutes);
  checkCount('aiContacts', month.aiContacts);
  checkAmount('aiMinutes', month.aiMinutes);

  if (!month.consent) return { codes: [], reason: 'No accepted consent' };
  if (month.conditions < MIN_CHRONIC_CONDITIONS) {
    return {
      codes: [],
      reason: `Fewer than 2 chronic conditions (${month.conditions} on the care plan)`,
    };
  }

  // Only full minutes count: 19.9 minutes have not reached 20.
  const practitionerMinutes = Math.floor(month.practitionerMinutes);
  const practitioner = practitionerCodes(practitionerMinutes);
  const staffMinutes = Math.floor(month.staffMinutes) + (practitioner.codes.length === 0 ? practitionerMinutes : 0);
  const staff =
    month.complex && staffMinutes >= COMPLEX_FIRST
      ? complexCodes(staffMinutes)
      : nonComplexCodes(staffMinutes, month.complex);

  const reasons = [
    practitioner.codes.length === 0 ? practitioner.reason : null,
    staff.reason,
    practitioner.codes.length > 0 ? practitioner.reason : null,
    aiNote(month.aiContacts, Math.floor(month.aiMinutes)),
  ];
  return {
    codes: [...staff.codes, ...practitioner.codes],
    reason: reasons.filter((r): r is string => r !== null).join('; '),
  };
}
