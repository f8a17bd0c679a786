/**
 * Calls, call logs and system settings as the API returns them (one type per answer, used by the
 * handlers and the web fetchers), plus the pure rules both sides share. product-rules.md "Calls".
 * The value lists and rules live beneath the API records (`./values/calls`, `./values/settings`)
 * and are handed on from here, so one import names a call's values and its answers.
 */
import type * as z from 'zod/mini';
import type {
  callCreatedAnswer,
  callDetailAnswer,
  callListAnswer,
  callLinesAnswer,
  patientCallsAnswer,
  scheduledCallCancelledAnswer,
  systemSettingsAnswer,
  webCallCancelledAnswer,
  webCallCreatedAnswer,
} from './api/answers';
import type {
  callLogDetailRecord,
  callLogSummaryRecord,
  systemSettingsRecord,
  transcriptTurnRecord,
} from './api/records';
export * from './values/calls';
export * from './values/settings';

export type TranscriptTurn = z.output<typeof transcriptTurnRecord>;

/** One call log as lists show it (no transcript: that is read one call at a time). */
export type CallLogSummary = z.output<typeof callLogSummaryRecord>;

export type CallLogDetail = z.output<typeof callLogDetailRecord>;

/** `listPatientCalls` */
export type PatientCallsResponse = z.output<typeof patientCallsAnswer>;
/** `listCalls` (operators: calls placed, newest first) and `listScheduledCalls` (pending, soonest first). */
export type CallPage = z.output<typeof callListAnswer>;
/** The operators' live view of the call lines (`GET /call-lines`). */
export type CallLinesResponse = z.output<typeof callLinesAnswer>;
/** `getCall` */
export type CallDetailResponse = z.output<typeof callDetailAnswer>;
/** `placeCall` and `scheduleCall` */
export type CallCreatedResponse = z.output<typeof callCreatedAnswer>;
/** `cancelScheduledCall` */
export type ScheduledCallCancelledResponse = z.output<typeof scheduledCallCancelledAnswer>;

export type SystemSettings = z.output<typeof systemSettingsRecord>;
/** GET and `updateSettings` */
export type SystemSettingsResponse = z.output<typeof systemSettingsAnswer>;

// ---------------------------------------------------------------------------------------------
// Web calls (product-rules.md "Screens": the widget; "Calls": its configuration)

/** `startWebCall`: the call the server created, for the browser to join. */
export type WebCallCreatedResponse = z.output<typeof webCallCreatedAnswer>;
/** `cancelWebCall` */
export type WebCallCancelledResponse = z.output<typeof webCallCancelledAnswer>;
