/**
 * Care-management programs beside CCM (the handbook's ccm/README.md "Since 2025: APCM and PCM
 * beside CCM"): one patient-month is billed under CCM, Principal Care Management (PCM) or Advanced
 * Primary Care Management (APCM), never two, and under none when another practitioner already
 * billed care management for that month. Pure, like billing.ts: the report and the patient page
 * run the same rules.
 */
import { ccmCodes, type PatientMonth } from './billing';
import { DEFAULT_RATES, type CareCode, type FeeSchedule } from './rates';

export const PROGRAMS = ['ccm', 'pcm', 'apcm'] as const;
export type Program = (typeof PROGRAMS)[number];

/** A patient-month as the program rules see it: the CCM facts and what PCM and APCM ask besides. */
export interface ProgramMonth extends PatientMonth {
  /** A Qualified Medicare Beneficiary: APCM pays G0558 rather than G0557. */
  qmb: boolean;
  /** One complex chronic condition expected to last 3 months or more, with a disease-specific plan. */
  pcmEligible: boolean;
  /** Seen by the billing practitioner within the period the program requires, or an initiating visit took place. */
  initiatingVisit: boolean;
  /** Another practitioner already billed care management for this patient this month. */
  otherBiller: boolean;
}

/** One billable unit of any program: the code, the minutes behind it (0 for APCM), and why. */
export interface ProgramCodeLine {
  code: CareCode;
  minutes: number;
  reason: string;
}

/** What one program gives one month: its codes (an add-on once per unit) and the reason for them or for none. */
export interface ProgramCodes {
  program: Program;
  codes: ProgramCodeLine[];
  reason: string;
}

const PCM_FIRST = 30; // 99424 (practitioner) and 99426 (clinical staff)
const PCM_FURTHER = 30; // 99425 and 99427

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What every program needs before any rule of its own. */
function refusal(month: ProgramMonth): string | null {
  if (month.otherBiller) return 'Another practitioner already billed care management this month';
  if (!month.consent) return 'No accepted consent';
  if (!month.initiatingVisit) return 'No initiating visit in the period the program requires';
  return null;
}

/** One PCM pair over whole minutes: the first code at 30, the add-on for each further full 30. */
function pcmPair(
  first: '99424' | '99426',
  further: '99425' | '99427',
  minutes: number,
  whose: string,
): ProgramCodeLine[] {
  if (minutes < PCM_FIRST) return [];
  const extra = Math.floor((minutes - PCM_FIRST) / PCM_FURTHER);
  return [
    { code: first, minutes: PCM_FIRST, reason: `30 minutes of ${whose} on the principal condition` },
    ...Array.from({ length: extra }, () => ({
      code: further,
      minutes: PCM_FURTHER,
      reason: `A further 30 minutes of ${whose} on the principal condition`,
    })),
  ];
}

/** What a list of codes pays by a fee schedule. */
export function paymentOf(codes: readonly { code: CareCode }[], rates: FeeSchedule = DEFAULT_RATES): number {
  return codes.reduce((sum, line) => sum + rates[line.code], 0);
}

/**
 * PCM: the practitioner pair (99424/99425) or the staff pair (99426/99427), never both; the engine
 * bills the pair that pays more. As in CCM, the practitioner's minutes count as clinical staff time
 * only when they do not reach the practitioner's first code, so no minute counts twice.
 */
function pcmCodes(month: ProgramMonth, rates: FeeSchedule): ProgramCodes {
  if (!month.pcmEligible) {
    return { program: 'pcm', codes: [], reason: 'No complex chronic condition eligible for PCM' };
  }
  const practitionerMinutes = Math.floor(month.practitionerMinutes);
  const practitioner = pcmPair('99424', '99425', practitionerMinutes, "the billing practitioner's own time");
  const staffMinutes = Math.floor(month.staffMinutes) + (practitioner.length === 0 ? practitionerMinutes : 0);
  const staff = pcmPair('99426', '99427', staffMinutes, 'clinical staff time');
  if (practitioner.length === 0 && staff.length === 0) {
    return {
      program: 'pcm',
      codes: [],
      reason: `${staffMinutes} of 30 clinical staff minutes on the principal condition`,
    };
  }
  const usePractitioner = paymentOf(practitioner, rates) >= paymentOf(staff, rates);
  const codes = usePractitioner ? practitioner : staff;
  const reason = usePractitioner
    ? `${plural(practitionerMinutes, 'billing practitioner minute')} on the principal condition: ${codes.map((c) => c.code).join(', ')}`
    : `${plural(staffMinutes, 'clinical staff minute')} on the principal condition: ${codes.map((c) => c.code).join(', ')}`;
  const other = usePractitioner ? staff : practitioner;
  return {
    program: 'pcm',
    codes,
    reason: other.length > 0 ? `${reason}; the other pair pays less and is never billed beside it` : reason,
  };
}

/** APCM: one code a month by the conditions and QMB status, no minutes counted. */
function apcmCodes(month: ProgramMonth): ProgramCodes {
  const code: CareCode = month.conditions <= 1 ? 'G0556' : month.qmb ? 'G0558' : 'G0557';
  const why =
    code === 'G0556'
      ? `${plural(month.conditions, 'chronic condition')}: G0556`
      : code === 'G0558'
        ? `${plural(month.conditions, 'chronic condition')} and a Qualified Medicare Beneficiary: G0558`
        : `${plural(month.conditions, 'chronic condition')}: G0557`;
  return {
    program: 'apcm',
    codes: [{ code, minutes: 0, reason: 'Advanced primary care management this month' }],
    reason: why,
  };
}

/** The codes one named program gives the month; nothing, with the reason, when the month cannot bill at all. */
export function programCodes(program: Program, month: ProgramMonth, rates: FeeSchedule = DEFAULT_RATES): ProgramCodes {
  const refused = refusal(month);
  if (refused) return { program, codes: [], reason: refused };
  if (program === 'apcm') return apcmCodes(month);
  if (program === 'pcm') return pcmCodes(month, rates);
  return { program: 'ccm', ...ccmCodes(month) };
}

/**
 * The eligible program that pays most for the month by the fee schedule, with its codes; `program`
 * is null when none pays. On a tie the earlier of CCM, PCM, APCM is named.
 */
export function bestProgram(
  month: ProgramMonth,
  rates: FeeSchedule = DEFAULT_RATES,
): { program: Program | null; codes: ProgramCodeLine[]; reason: string } {
  const options = PROGRAMS.map((program) => programCodes(program, month, rates));
  let best: ProgramCodes | null = null;
  for (const option of options) {
    if (option.codes.length === 0) continue;
    if (!best || paymentOf(option.codes, rates) > paymentOf(best.codes, rates)) best = option;
  }
  if (!best) {
    const refused = refusal(month);
    return { program: null, codes: [], reason: refused ?? 'No program pays this month' };
  }
  return best;
}
