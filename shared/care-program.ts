/**
 * A patient's care-management program and QMB status, and a practice's fee schedule (DECISIONS
 * "Care-management programs"): the request schemas the forms and the API share and the messages
 * both sides show.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import type { billingSummaryAnswer, careProgramAnswer, feeScheduleAnswer } from './api/answers';
import type { careProgramRecord, feeScheduleRecord, programChangeRecord, qmbCheckRecord } from './api/records';
import { isWellFormedIcd10Cm, normaliseIcd10Cm } from './ccm/chronic-conditions';
import { PROGRAMS, type Program } from './ccm/programs';
import { CARE_CODES, type CareCode } from './ccm/rates';
import { isCalendarDate } from './time-preferences';

export const PROGRAM_LABELS: Record<Program, string> = {
  ccm: 'CCM',
  pcm: 'PCM',
  apcm: 'APCM',
};

export const CARE_PROGRAM_MESSAGES = {
  changeRequired: 'Choose what to change: the program or the QMB status',
  programInvalid: 'Please choose CCM, PCM or APCM',
  pcmConditionInvalid: 'Please choose a condition from the care plan',
  pcmConditionRequired: 'PCM needs the condition it manages: choose one from the care plan',
  pcmConditionNotOnPlan: 'The PCM condition must be one of the care plan’s conditions',
  qmbStatusInvalid: 'QMB status must be yes or no',
  qmbDateInvalid: 'Please enter the date the QMB status was checked',
  qmbDateInFuture: 'The QMB check date cannot be in the future',
  programIsForStaff: 'Only provider staff change a patient’s care program',
  saved: 'Care program saved',
  saveFailed: 'Failed to save the care program',
  fetchFailed: 'Failed to fetch the care program',
} as const;

export const FEE_SCHEDULE_MESSAGES = {
  rateInvalid: 'Each rate is an amount in US$ from 0 to 10,000 with at most two decimals',
  ratesRequired: 'Give a rate for every code',
  feesForAdmins: 'Only operators and the practice’s billing practitioners change its fee schedule',
  saved: 'Fee schedule saved',
  saveFailed: 'Failed to save the fee schedule',
  fetchFailed: 'Failed to fetch the fee schedule',
} as const;

const MAX_RATE = 10_000;

const icd10 = lazySchema(() =>
  z
    .pipe(
      z.string({ error: CARE_PROGRAM_MESSAGES.pcmConditionInvalid }).check(z.maxLength(8)),
      z.transform(normaliseIcd10Cm),
    )
    .check(z.refine(isWellFormedIcd10Cm, { error: CARE_PROGRAM_MESSAGES.pcmConditionInvalid })),
);

/**
 * `setCareProgram`: the program from next month (with the condition PCM manages) and/or the QMB
 * status with the day it was checked. Who and when are the server's.
 */
export const careProgramRequestSchema = lazySchema(() =>
  z
    .object({
      program: z.optional(z.enum(PROGRAMS, { error: CARE_PROGRAM_MESSAGES.programInvalid })),
      pcm_condition: z.optional(z.nullable(icd10)),
      qmb: z.optional(
        z.object({
          status: z.boolean({ error: CARE_PROGRAM_MESSAGES.qmbStatusInvalid }),
          checked_on: z
            .string({ error: CARE_PROGRAM_MESSAGES.qmbDateInvalid })
            .check(z.refine(isCalendarDate, { error: CARE_PROGRAM_MESSAGES.qmbDateInvalid })),
        }),
      ),
    })
    .check(
      z.refine((v) => v.program !== undefined || v.qmb !== undefined, { error: CARE_PROGRAM_MESSAGES.changeRequired }),
      z.refine((v) => v.program !== 'pcm' || (v.pcm_condition ?? null) !== null, {
        error: CARE_PROGRAM_MESSAGES.pcmConditionRequired,
      }),
    ),
);
export type CareProgramRequest = z.output<typeof careProgramRequestSchema>;

const rate = lazySchema(() =>
  z.number({ error: FEE_SCHEDULE_MESSAGES.rateInvalid }).check(
    z.minimum(0, { error: FEE_SCHEDULE_MESSAGES.rateInvalid }),
    z.maximum(MAX_RATE, { error: FEE_SCHEDULE_MESSAGES.rateInvalid }),
    z.refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      error: FEE_SCHEDULE_MESSAGES.rateInvalid,
    }),
  ),
);

/** `setFeeSchedule`: a rate for every code, nothing else. */
export const feeScheduleRequestSchema = lazySchema(() =>
  z.object({
    rates: z.strictObject(Object.fromEntries(CARE_CODES.map((code) => [code, rate])) as Record<CareCode, typeof rate>, {
      error: FEE_SCHEDULE_MESSAGES.ratesRequired,
    }),
  }),
);
export type FeeScheduleRequest = z.output<typeof feeScheduleRequestSchema>;

export type CareProgram = z.output<typeof careProgramRecord>;
export type ProgramChangeEntry = z.output<typeof programChangeRecord>;
export type QmbCheckEntry = z.output<typeof qmbCheckRecord>;
export type FeeScheduleView = z.output<typeof feeScheduleRecord>;
export type CareProgramAnswer = z.output<typeof careProgramAnswer>;
export type FeeScheduleAnswer = z.output<typeof feeScheduleAnswer>;
export type BillingSummaryAnswer = z.output<typeof billingSummaryAnswer>;
