/** The CCM time log's and the monthly billing report's routes. */
import * as answers from '../answers';
import { EXAMPLE_IDS, exampleBillingRow, exampleCcmTotals, exampleTimeEntry, exampleUser } from '../examples';
import { auditPacketAnswer } from '../../audit-packet';
import { APCM_ELEMENTS, apcmLogAnswer, type ApcmLog } from '../../apcm';
import { transitionAnswer, transitionsAnswer, type Transition } from '../../care-transitions';
import { answer, type RouteContract } from './route';
import { CARE_TIME_ENDPOINTS } from '../endpoints/care-time';

const exampleApcmLog: ApcmLog = {
  month: '2026-11',
  program: 'apcm',
  version: 1,
  billed_at: null,
  elements: APCM_ELEMENTS.map((element) => ({
    element,
    delivered: element === 'care_management' || element === 'care_plan_shared',
    evidence:
      element === 'care_management'
        ? [{ kind: 'check_in_call' as const, id: EXAMPLE_IDS.call, at: '2026-11-03T15:10:00.000Z' }]
        : [],
    marks:
      element === 'care_plan_shared'
        ? [
            {
              user_id: EXAMPLE_IDS.user,
              by_name: exampleUser.full_name,
              care_role: 'clinical_staff' as const,
              at: '2026-11-04T14:00:00.000Z',
              note: 'Care plan printed and handed over at the visit',
            },
          ]
        : [],
  })),
};

const exampleTransition: Transition = {
  id: '2026-11-28_20261130T141500123Z-1a2b3c4d',
  kind: 'hospital_discharge',
  date: '2026-11-28',
  facility: 'St. Mary Medical Center',
  note: 'Discharge summary received by fax',
  recorded_by_name: exampleUser.full_name,
  recorded_at: '2026-11-30T14:15:00.123Z',
  follow_up: {
    status: 'followed_up',
    due_by: '2026-12-01',
    contact: { kind: 'check_in_call', id: EXAMPLE_IDS.call, at: '2026-12-01T15:10:00.000Z' },
    on: '2026-12-01',
    late: false,
  },
};

export const CARE_TIME_CONTRACT = {
  listTimeEntries: {
    ...CARE_TIME_ENDPOINTS.listTimeEntries,
    summary: "A page of a patient's CCM time log for a month (newest first) and the month's totals",
    answers: {
      200: answer(answers.timeEntriesAnswer, 'The month', {
        month: '2026-11',
        items: [exampleTimeEntry],
        next_cursor: null,
        totals: exampleCcmTotals,
        complex: false,
        billed: null,
      }),
    },
  },
  logTime: {
    ...CARE_TIME_ENDPOINTS.logTime,
    summary: 'Log CCM time for the patient, or correct an earlier entry (`voids`); provider staff only',
    bodyExample: { date: exampleTimeEntry.date, minutes: 12, activity: 'Care plan review', source: 'timer' },
    answers: {
      201: answer(answers.timeEntryCreatedAnswer, 'Logged', { entry: exampleTimeEntry, totals: exampleCcmTotals }),
    },
    errors: [409],
  },
  billingReport: {
    ...CARE_TIME_ENDPOINTS.billingReport,
    summary: "A page of the organization's monthly care management billing report (one row per patient-month)",
    answers: {
      200: answer(answers.billingReportAnswer, 'One page', {
        month: '2026-11',
        items: [exampleBillingRow],
        next_cursor: null,
      }),
    },
  },
  billingReportCsv: {
    ...CARE_TIME_ENDPOINTS.billingReportCsv,
    summary: 'The whole month of the billing report as CSV (a download)',
    media: 'csv',
    answers: {
      200: answer(
        answers.billingReportCsvAnswer,
        'RFC 4180 CSV with a header row',
        'Patient,Patient ID,Month,Consent,Consent date,Chronic conditions,Clinical staff minutes,Practitioner minutes,AI contacts,AI call minutes,Complex,Program,PCM condition,Codes,Expected payment (US$),Better under,Reason,Billed at,Billed by\r\n',
      ),
    },
  },
  billingClaimsCsv: {
    ...CARE_TIME_ENDPOINTS.billingClaimsCsv,
    summary:
      "The month's claim lines as CSV (a download): one line per code of each patient-month that bills, with what a claim needs; a line that cannot be claimed yet names its problems",
    media: 'csv',
    answers: {
      200: answer(
        answers.billingReportCsvAnswer,
        'RFC 4180 CSV with a header row',
        'Patient last name,Patient first name,Date of birth,MBI,MRN,Date of service,Place of service,Billing NPI,Rendering NPI,Code,Units,Diagnosis A,Diagnosis B,Diagnosis C,Diagnosis D,Diagnosis pointer,Month,Patient ID,Problems\r\n',
      ),
    },
  },
  auditPacket: {
    ...CARE_TIME_ENDPOINTS.auditPacket,
    summary:
      "One patient-month's audit packet: consent, the care plan version in force, every time entry with person and care role, the AI contacts (never billed) and the rule behind each code",
    answers: {
      200: answer(auditPacketAnswer, 'The packet', {
        month: '2026-11',
        organization: { id: EXAMPLE_IDS.provider, name: 'Sunrise Family Medicine', group_npi: '1245319599' },
        patient: {
          id: EXAMPLE_IDS.patient,
          first_name: 'Sam',
          last_name: 'Sample',
          date_of_birth: '1948-03-07',
          mbi: '1EG4TE5MK73',
          mrn: 'MRN-000417',
        },
        billing_practitioner: null,
        claim_npis: { billing: '1245319599', rendering: null },
        consent: {
          status: 'accepted',
          date: '2026-11-02',
          method: 'verbal',
          disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
          script_language: 'en',
          recorded_by_name: exampleUser.full_name,
          recorded_at: '2026-11-02T15:00:00.000Z',
        },
        care_plan: null,
        totals: exampleCcmTotals,
        time_entries: [exampleTimeEntry],
        ai_contacts: [],
        apcm_elements: [],
        program: 'ccm',
        codes: [],
        reason: '12 of 20 clinical staff minutes',
        billed: null,
      }),
    },
  },
  getApcmLog: {
    ...CARE_TIME_ENDPOINTS.getApcmLog,
    summary:
      "A patient-month's APCM log: each service element, with what CareLoop recorded that delivered it (answered check-in calls, a text exchange) and the staff's marks",
    answers: { 200: answer(apcmLogAnswer, 'The month', { apcm_log: exampleApcmLog }) },
  },
  setApcmLog: {
    ...CARE_TIME_ENDPOINTS.setApcmLog,
    summary:
      "Save the signed-in staff member's marks of the month's APCM service elements (replacing their own; others' and CareLoop's stay); provider staff only",
    bodyExample: { version: 0, elements: [{ element: 'care_plan_shared', note: 'Care plan printed and handed over' }] },
    answers: { 200: answer(apcmLogAnswer, 'Saved', { apcm_log: exampleApcmLog }) },
    errors: [409],
  },
  listTransitions: {
    ...CARE_TIME_ENDPOINTS.listTransitions,
    summary:
      "A page of a patient's care transitions (discharges and ED visits staff recorded), newest discharge first, each with its follow-up: the first interactive contact on or after its date, or when it is due",
    answers: { 200: answer(transitionsAnswer, 'The page', { items: [exampleTransition], next_cursor: null }) },
  },
  recordTransition: {
    ...CARE_TIME_ENDPOINTS.recordTransition,
    summary:
      'Record a discharge or ED visit the practice learned of (date in the organization’s zone, not in the future, at most a year back); provider staff only',
    bodyExample: { kind: 'hospital_discharge', date: '2026-11-28', facility: 'St. Mary Medical Center' },
    answers: { 201: answer(transitionAnswer, 'Recorded', { transition: exampleTransition }) },
  },
  markBilled: {
    ...CARE_TIME_ENDPOINTS.markBilled,
    summary: "Set a patient-month's complexity flag, or mark it billed (freezes its time entries)",
    bodyExample: { billed: true },
    answers: {
      200: answer(answers.billingReportRowAnswer, 'The row', {
        row: {
          ...exampleBillingRow,
          billed: { at: '2026-12-01T15:00:00.000Z', by_name: exampleUser.full_name },
          ready: false,
        },
      }),
    },
    errors: [409],
  },
} as const satisfies Record<string, RouteContract>;
