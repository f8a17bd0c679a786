/** The calls' routes: call logs, Make Call, scheduled calls, web calls, and Vapi's webhook. */
import * as z from 'zod/mini';
import type { CallLogSummary } from '../../calls';
import {
  callPathSchema,
  patientCallPathSchema,
  pageQuerySchema,
  patientPathSchema,
  scheduleCallSchema,
} from '../../validation';
import * as answers from '../answers';
import { exampleCall, exampleCallDetail } from '../examples';
import { CALLS_ROUTES } from '../routes/calls';
import { answer, page, type RouteContract } from './route';

/**
 * Vapi's server message, as far as CareLoop reads it before `parseVapiWebhook`; the whole shape is
 * Vapi's (`shared/vendor/vapi-openapi.json`, `ServerMessage`).
 */
const vapiServerMessage = z.looseObject({ message: z.looseObject({ type: z.string() }) });

export const CALLS_CONTRACT = {
  listPatientCalls: {
    ...CALLS_ROUTES.listPatientCalls,
    summary: "A patient's pending scheduled calls and a page of their call history",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(answers.patientCallsAnswer, 'The calls', { scheduled: [], history: page(exampleCall) }),
    },
  },
  listCalls: {
    ...CALLS_ROUTES.listCalls,
    summary: 'The calls placed, newest first (operators)',
    query: pageQuerySchema,
    answers: { 200: answer(answers.callListAnswer, 'One page', page(exampleCall)) },
  },
  listScheduledCalls: {
    ...CALLS_ROUTES.listScheduledCalls,
    summary: 'Pending scheduled calls, soonest first (operators)',
    query: pageQuerySchema,
    answers: {
      200: answer(
        answers.callListAnswer,
        'One page',
        page<CallLogSummary>({ ...exampleCall, status: 'scheduled', kind: 'scheduled', outcome: null, duration: null }),
      ),
    },
  },
  getCall: {
    ...CALLS_ROUTES.getCall,
    summary: 'One call with its transcript and report',
    path: callPathSchema,
    query: null,
    answers: { 200: answer(answers.callDetailAnswer, 'The call', { call: exampleCallDetail }) },
  },
  placeCall: {
    ...CALLS_ROUTES.placeCall,
    summary: 'Call the patient now',
    path: patientPathSchema,
    body: null,
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
    ...CALLS_ROUTES.scheduleCall,
    summary: 'Schedule a call (moved into 8:00–21:00 local time)',
    path: patientPathSchema,
    body: scheduleCallSchema,
    bodyExample: { when: '1_week' },
    answers: {
      201: answer(answers.callCreatedAnswer, 'Scheduled', {
        call: { ...exampleCall, status: 'scheduled', kind: 'scheduled', outcome: null, duration: null },
      }),
    },
  },
  cancelScheduledCall: {
    ...CALLS_ROUTES.cancelScheduledCall,
    summary: 'Cancel a pending scheduled call',
    path: callPathSchema,
    answers: { 200: answer(answers.scheduledCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },
  startWebCall: {
    ...CALLS_ROUTES.startWebCall,
    summary: 'Start a web call with the patient: the server creates it; the browser joins its URL (no key)',
    path: patientPathSchema,
    body: null,
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
    ...CALLS_ROUTES.cancelWebCall,
    summary: 'Cancel a web call whose window closed before it started',
    path: patientCallPathSchema,
    body: null,
    answers: { 200: answer(answers.webCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },
  vapiMessage: {
    ...CALLS_ROUTES.vapiMessage,
    summary: "Vapi's server messages (status updates, end-of-call reports)",
    body: vapiServerMessage,
    bodyExample: { message: { type: 'status-update', status: 'in-progress', call: { id: 'vendor-call-id' } } },
    answers: { 200: answer(answers.webhookReceivedAnswer, 'Acknowledged', { received: true }) },
  },
} as const satisfies Record<string, RouteContract>;
