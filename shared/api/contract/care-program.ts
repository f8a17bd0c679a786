/** A patient's care program and QMB status, a practice's fee schedule and the month's billing summary. */
import * as answers from '../answers';
import type { CareProgram, ProgramChangeEntry } from '../../care-program';
import { DEFAULT_RATES, RATES_YEAR } from '../../ccm/rates';
import { answer, type RouteContract } from './route';
import { CARE_PROGRAM_ENDPOINTS } from '../endpoints/care-program';

const exampleChange: ProgramChangeEntry = {
  program: 'apcm',
  from: '2026-12',
  pcm_condition: null,
  set_at: '2026-11-20T15:04:05.000Z',
  set_by_name: 'Nora Ellis',
};

const exampleProgram: CareProgram = {
  month: '2026-11',
  program: 'ccm',
  pcm_condition: null,
  next: exampleChange,
  history: [exampleChange],
  qmb: { status: true, checked_on: '2026-11-02' },
  qmb_history: [
    { status: true, checked_on: '2026-11-02', set_at: '2026-11-02T16:20:00.000Z', set_by_name: 'Nora Ellis' },
    { status: false, checked_on: '2026-03-09', set_at: null, set_by_name: null },
  ],
};

const exampleFees = { rates: DEFAULT_RATES, custom: false, year: RATES_YEAR };

export const CARE_PROGRAM_CONTRACT = {
  getCareProgram: {
    ...CARE_PROGRAM_ENDPOINTS.getCareProgram,
    summary:
      "The patient's care-management program this month, the one starting next month, its history and QMB status",
    answers: { 200: answer(answers.careProgramAnswer, 'The care program', { care_program: exampleProgram }) },
  },
  setCareProgram: {
    ...CARE_PROGRAM_ENDPOINTS.setCareProgram,
    summary:
      "Enrol the patient in CCM, PCM (with the care plan's condition it manages) or APCM from next month, and/or record their QMB status; provider staff only",
    bodyExample: { program: 'apcm', qmb: { status: true, checked_on: '2026-11-02' } },
    answers: { 200: answer(answers.careProgramAnswer, 'Saved', { care_program: exampleProgram }) },
  },
  getFeeSchedule: {
    ...CARE_PROGRAM_ENDPOINTS.getFeeSchedule,
    summary: "The practice's fee schedule (US$ per code; ccm/rates.json's values until the practice sets its own)",
    answers: { 200: answer(answers.feeScheduleAnswer, 'The fee schedule', { fee_schedule: exampleFees }) },
  },
  setFeeSchedule: {
    ...CARE_PROGRAM_ENDPOINTS.setFeeSchedule,
    summary: "Replace the practice's fee schedule; operators and the practice's billing practitioners only",
    bodyExample: { rates: DEFAULT_RATES },
    answers: {
      200: answer(answers.feeScheduleAnswer, 'Saved', { fee_schedule: { ...exampleFees, custom: true } }),
    },
  },
  billingSummary: {
    ...CARE_PROGRAM_ENDPOINTS.billingSummary,
    summary: "The month's expected payment and what switching each patient to the program that pays more would change",
    answers: {
      200: answer(answers.billingSummaryAnswer, 'The month', {
        month: '2026-11',
        patients: 12,
        payment: 742,
        switch: {
          patients: 3,
          gain: 150,
          by_program: {
            ccm: { patients: 1, gain: 46 },
            pcm: { patients: 0, gain: 0 },
            apcm: { patients: 2, gain: 104 },
          },
        },
      }),
    },
  },
} as const satisfies Record<string, RouteContract>;
