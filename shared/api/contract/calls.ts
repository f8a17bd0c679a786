/** The calls' routes: call logs, Make Call, scheduled calls, web calls, and Vapi's webhook. */
import type { CallLogSummary } from '../../calls';
import * as answers from '../answers';
import { exampleCall, exampleCallDetail, exampleObservation } from '../examples';
import { answer, page, type RouteContract } from './route';
import { CALLS_ENDPOINTS } from '../endpoints/calls';

export const CALLS_CONTRACT = {
  listPatientCalls: {
    ...CALLS_ENDPOINTS.listPatientCalls,
    summary: "A patient's pending scheduled calls and a page of their call history",
    answers: {
      200: answer(answers.patientCallsAnswer, 'The calls', { scheduled: [], history: page(exampleCall) }),
    },
  },
  listObservations: {
    ...CALLS_ENDPOINTS.listObservations,
    summary:
      "A page of a patient's readings and screening scores from calls, newest first, optionally of one LOINC code",
    answers: { 200: answer(answers.observationPageAnswer, 'One page', page(exampleObservation)) },
  },
  listCalls: {
    ...CALLS_ENDPOINTS.listCalls,
    summary: 'The calls placed, newest first (operators)',
    answers: { 200: answer(answers.callListAnswer, 'One page', page(exampleCall)) },
  },
  listScheduledCalls: {
    ...CALLS_ENDPOINTS.listScheduledCalls,
    summary: 'Pending scheduled calls, soonest first (operators)',
    answers: {
      200: answer(
        answers.callListAnswer,
        'One page',
        page<CallLogSummary>({ ...exampleCall, status: 'scheduled', kind: 'scheduled', outcome: null, duration: null }),
      ),
    },
  },
  getCallLines: {
    ...CALLS_ENDPOINTS.getCallLines,
    summary: 'The call lines now: the budget, the lines held back for people, in use, calls waiting (operators)',
    answers: {
      200: answer(answers.callLinesAnswer, 'The call lines', {
        budget: 10,
        reserved_for_people: 1,
        in_use: 7,
        held_by_alerts: 1,
        waiting: 3,
        oldest_waiting_since: '2026-03-04T14:00:00.000Z',
      }),
    },
  },
  getCall: {
    ...CALLS_ENDPOINTS.getCall,
    summary: 'One call with its transcript and report',
    answers: { 200: answer(answers.callDetailAnswer, 'The call', { call: exampleCallDetail }) },
  },
  placeCall: {
    ...CALLS_ENDPOINTS.placeCall,
    summary: 'Call the patient now',
    answers: {
      201: answer(answers.callCreatedAnswer, 'Queued', {
        call: {
          ...exampleCall,
          status: 'queued',
          kind: 'instant',
          outcome: null,
          duration: null,
          has_transcript: false,
        },
      }),
    },
    errors: [409, 429, 502, 503],
  },
  scheduleCall: {
    ...CALLS_ENDPOINTS.scheduleCall,
    summary: 'Schedule a call (moved into 8:00–21:00 local time)',
    bodyExample: { when: '1_week' },
    answers: {
      201: answer(answers.callCreatedAnswer, 'Scheduled', {
        call: { ...exampleCall, status: 'scheduled', kind: 'scheduled', outcome: null, duration: null },
      }),
    },
  },
  cancelScheduledCall: {
    ...CALLS_ENDPOINTS.cancelScheduledCall,
    summary: 'Cancel a pending scheduled call',
    answers: { 200: answer(answers.scheduledCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },
  startWebCall: {
    ...CALLS_ENDPOINTS.startWebCall,
    summary: 'Start a web call with the patient: the server creates it; the browser joins its URL (no key)',
    answers: {
      201: answer(answers.webCallCreatedAnswer, 'Created', {
        callLogId: exampleCall.id,
        vendorCallId: 'vapi-call-example-id',
        webCallUrl: 'https://vapi.daily.co/example-room',
        assistantName: 'Care',
      }),
    },
    errors: [409, 502, 503],
  },
  cancelWebCall: {
    ...CALLS_ENDPOINTS.cancelWebCall,
    summary: 'Cancel a web call whose window closed before it started',
    answers: { 200: answer(answers.webCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },
  vapiMessage: {
    ...CALLS_ENDPOINTS.vapiMessage,
    summary: "Vapi's server messages (status updates, end-of-call reports)",
    bodyExample: { message: { type: 'status-update', status: 'in-progress', call: { id: 'vendor-call-id' } } },
    answers: { 200: answer(answers.webhookReceivedAnswer, 'Acknowledged', { received: true }) },
  },
} as const satisfies Record<string, RouteContract>;
