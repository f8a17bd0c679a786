/**
 * One patient-month as the practice bills it (DECISIONS "Care-management programs"): the program in
 * force that month from the patient's program history, its codes and what they pay by the
 * practice's fee schedule, and the program that would pay more, if any. The monthly report, its CSV
 * and the claim export all call `billedMonth`, so they never disagree. Pure.
 */
import type { BillingMonth } from './months';
import {
  bestProgram,
  paymentOf,
  programCodes,
  type Program,
  type ProgramCodeLine,
  type ProgramMonth,
} from './programs';
import { DEFAULT_RATES, type FeeSchedule } from './rates';

/**
 * One enrolment in a program, in force from `from` (YYYY-MM, the month after the change was made,
 * in the organization's time zone) until the next change's `from`. `pcm_condition` is the care
 * plan's ICD-10-CM code managed under PCM (null for CCM and APCM).
 */
export interface ProgramChange {
  program: Program;
  from: BillingMonth;
  pcm_condition: string | null;
}

/** A patient never enrolled in another program is billed under CCM, as before programs existed. */
export const DEFAULT_PROGRAM: ProgramChange = { program: 'ccm', from: '0000-01', pcm_condition: null };

/** The enrolment in force in `month`: the latest change from that month or before, CCM when none. */
export function programInForce(history: readonly ProgramChange[], month: BillingMonth): ProgramChange {
  let found: ProgramChange = DEFAULT_PROGRAM;
  for (const change of history) {
    if (change.from <= month && change.from >= found.from) found = change;
  }
  return found;
}

/** The program that would pay more this month, what it would pay and how much more. */
export interface BetterProgram {
  program: Program;
  payment: number;
  gain: number;
}

export interface BilledMonth {
  program: Program;
  /** The ICD-10-CM code managed under PCM in the month (null outside PCM). */
  pcm_condition: string | null;
  codes: ProgramCodeLine[];
  reason: string;
  /** US$ the codes pay by the fee schedule. */
  payment: number;
  better: BetterProgram | null;
}

/** What `billedMonth` reads: the month's documented facts (CCM's and the other programs'), besides the program history. */
export type MonthFacts = Omit<ProgramMonth, 'pcmEligible'>;

/**
 * The patient-month billed under the program in force; `better` names the eligible program that
 * would pay more by the same fee schedule. PCM is eligible only while a principal condition is
 * recorded for the patient (in force this month or, for a hint, on the latest enrolment): whether
 * one condition is complex enough is the practitioner's judgement, never the engine's.
 */
export function billedMonth(
  history: readonly ProgramChange[],
  month: BillingMonth,
  facts: MonthFacts,
  rates: FeeSchedule = DEFAULT_RATES,
): BilledMonth {
  const enrolment = programInForce(history, month);
  const pcmCondition = enrolment.pcm_condition ?? latestPcmCondition(history);
  const full: ProgramMonth = { ...facts, pcmEligible: pcmCondition !== null };
  const billed = programCodes(enrolment.program, full, rates);
  const payment = cents(paymentOf(billed.codes, rates));
  const best = bestProgram(full, rates);
  const bestPayment = cents(paymentOf(best.codes, rates));
  const better =
    best.program !== null && best.program !== enrolment.program && bestPayment > payment
      ? { program: best.program, payment: bestPayment, gain: cents(bestPayment - payment) }
      : null;
  return {
    program: enrolment.program,
    pcm_condition: enrolment.program === 'pcm' ? enrolment.pcm_condition : null,
    codes: billed.codes,
    reason: billed.reason,
    payment,
    better,
  };
}

/** Fee schedules may hold cents: sums are rounded to them, never to float noise. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

function latestPcmCondition(history: readonly ProgramChange[]): string | null {
  let latest: ProgramChange | null = null;
  for (const change of history) {
    if (change.pcm_condition !== null && (!latest || change.from >= latest.from)) latest = change;
  }
  return latest?.pcm_condition ?? null;
}

/** What switching every patient with a hint would change in the month: how many, to which program, and the gain. */
export interface SwitchSummary {
  patients: number;
  gain: number;
  by_program: Record<Program, { patients: number; gain: number }>;
}

export function switchSummary(months: readonly Pick<BilledMonth, 'better'>[]): SwitchSummary {
  const summary: SwitchSummary = {
    patients: 0,
    gain: 0,
    by_program: { ccm: { patients: 0, gain: 0 }, pcm: { patients: 0, gain: 0 }, apcm: { patients: 0, gain: 0 } },
  };
  for (const { better } of months) {
    if (!better) continue;
    summary.patients += 1;
    summary.gain = cents(summary.gain + better.gain);
    summary.by_program[better.program].patients += 1;
    summary.by_program[better.program].gain = cents(summary.by_program[better.program].gain + better.gain);
  }
  return summary;
}
