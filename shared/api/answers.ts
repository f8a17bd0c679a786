/**
 * The answer of each route, as zod schemas built from the records (`./records`): the named answer
 * types both tiers use are their `z.output`, and `./contract` maps every route to one of them.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { PREFERRED_LANGUAGES } from '../enrollment/patient-fields';
import {
  accessHistoryEntryRecord,
  billedRecord,
  billingReportRowRecord,
  careProgramRecord,
  feeScheduleRecord,
  switchSummaryRecord,
  callLogDetailRecord,
  ccmMonthTotalsRecord,
  callLogSummaryRecord,
  carePlanRecord,
  clinicalDocumentRecord,
  consentEntryRecord,
  dashboardStatsRecord,
  documentRevisionRecord,
  observationRecord,
  outreachCadenceRecord,
  pageOf,
  patientConsentRecord,
  patientRecord,
  patientTextRecord,
  providerOrganizationRecord,
  providerRefRecord,
  summaryCountsRecord,
  summaryItemRecord,
  systemSettingsRecord,
  timeEntryRecord,
  transcriptTurnRecord,
  userProfileRecord,
} from './records';
import {
  awaitingConsentGroupRecord,
  callbackRequestsGroupRecord,
  chartMonthRecord,
  checkInsDueGroupRecord,
  interestedGroupRecord,
  nearThresholdGroupRecord,
  readingsOutsideTargetGroupRecord,
  urgentSummariesGroupRecord,
} from './dashboard-records';
import { ESCALATION_LEVELS } from '../values/calls';
import { SUMMARY_TABS } from '../values/summaries';

/** Every 4xx (and 5xx) answer: the text to show and a stable dotted code. */
export const errorAnswer = lazySchema(() => z.object({ error: z.string(), code: z.string() }));

// People and organizations

export const dashboardStatsAnswer = lazySchema(() =>
  z.extend(dashboardStatsRecord, {
    /** Employees: the newest organizations for the dashboard cards; provider staff: none. */
    providers: z.array(providerOrganizationRecord),
  }),
);
/** Lists page with `pageOf` (`{ items, next_cursor }`). */
export const providerListAnswer = lazySchema(() => pageOf(providerOrganizationRecord));
export const providerAnswer = lazySchema(() => z.object({ provider: providerOrganizationRecord }));
export const archivedAnswer = lazySchema(() => z.object({ archived: z.literal(true) }));

/** `listUsers` and `listOrganizationUsers` */
export const userListAnswer = lazySchema(() => pageOf(userProfileRecord));
export const userAnswer = lazySchema(() => z.object({ user: userProfileRecord }));
export const deletedAnswer = lazySchema(() => z.object({ deleted: z.literal(true) }));

export const patientListAnswer = lazySchema(() => pageOf(patientRecord));
export const patientCreatedAnswer = lazySchema(() =>
  z.object({ patient: patientRecord, outreach: z.nullable(outreachCadenceRecord) }),
);
export const patientDetailAnswer = lazySchema(() =>
  z.object({
    patient: patientRecord,
    // With its time zone: the patient page's dates (consent, time entries) are the organization's days.
    provider: z.object({ ...providerRefRecord.shape, timezone: z.string() }),
    outreach: z.nullable(outreachCadenceRecord),
  }),
);
export const patientAnswer = lazySchema(() => z.object({ patient: patientRecord }));
export const accessHistoryAnswer = lazySchema(() => pageOf(accessHistoryEntryRecord));
/** `getConsent`: the consent now and a page of its changes, newest first. */
export const consentAnswer = lazySchema(() =>
  z.object({ consent: patientConsentRecord, history: pageOf(consentEntryRecord) }),
);
export const consentRecordedAnswer = lazySchema(() =>
  z.object({ consent: patientConsentRecord, entry: consentEntryRecord }),
);

// Clinical documents

export const carePlanAnswer = lazySchema(() => z.object({ carePlan: carePlanRecord }));
export const carePlanReadAnswer = lazySchema(() => z.object({ carePlan: z.nullable(carePlanRecord) }));
export const emrNotesAnswer = lazySchema(() => z.object({ emrNotes: clinicalDocumentRecord }));
export const emrNotesReadAnswer = lazySchema(() => z.object({ emrNotes: z.nullable(clinicalDocumentRecord) }));
export const documentRevisionsAnswer = lazySchema(() => pageOf(documentRevisionRecord));

// Settings and calls

export const systemSettingsAnswer = lazySchema(() =>
  z.object({
    settings: systemSettingsRecord,
    /** The built-in prompt, so the editor can show Modified/Default and reset. */
    defaultPrompt: z.string(),
  }),
);
/** Every pending scheduled call (soonest first) and one page of the other calls (newest first). */
export const patientCallsAnswer = lazySchema(() =>
  z.object({
    scheduled: z.array(callLogSummaryRecord),
    history: pageOf(callLogSummaryRecord),
  }),
);
/** `listCalls` (the calls placed, newest first) and `listScheduledCalls` (pending, soonest first): one page. */
export const callListAnswer = lazySchema(() => pageOf(callLogSummaryRecord));
/**
 * `getCallLines` (operators): the deployment's call lines now (DECISIONS "Outreach capacity"): the
 * budget, the lines held back for people, the lines in use (of them, those held by spoken alerts to
 * staff), the due calls waiting for one and since when the oldest has waited (null: none waiting).
 */
export const callLinesAnswer = lazySchema(() =>
  z.object({
    budget: z.number(),
    reserved_for_people: z.number(),
    in_use: z.number(),
    /** Of the lines in use, those held by spoken alerts to staff (escalations). */
    held_by_alerts: z.number(),
    waiting: z.number(),
    oldest_waiting_since: z.nullable(z.string()),
  }),
);
/** `listObservations`: a page of a patient's observations, newest first. */
export const observationPageAnswer = lazySchema(() => pageOf(observationRecord));
export const callDetailAnswer = lazySchema(() => z.object({ call: callLogDetailRecord }));
export const callCreatedAnswer = lazySchema(() => z.object({ call: callLogSummaryRecord }));
export const scheduledCallCancelledAnswer = lazySchema(() => z.object({ cancelled: z.literal(true) }));
/** A web call the server created: the browser joins `webCallUrl`; no key and no overrides reach it. */
export const webCallCreatedAnswer = lazySchema(() =>
  z.object({
    callLogId: z.string(),
    /** Vapi's id of the call (what `@vapi-ai/web`'s `reconnect` takes beside the URL). */
    vendorCallId: z.string(),
    webCallUrl: z.string(),
    assistantName: z.string(),
  }),
);
export const webCallCancelledAnswer = lazySchema(() => z.object({ cancelled: z.literal(true) }));

// Summaries

export const summariesAnswer = lazySchema(() =>
  z.object({
    month: z.string(),
    tab: z.enum(SUMMARY_TABS),
    summaries: z.array(summaryItemRecord),
    counts: summaryCountsRecord,
    /** Opaque; null on the last page. */
    cursor: z.nullable(z.string()),
  }),
);
export const summaryDetailAnswer = lazySchema(() =>
  z.object({
    summary: z.extend(summaryItemRecord, { transcript: z.array(transcriptTurnRecord), provider_name: z.string() }),
  }),
);
export const summaryStatusAnswer = lazySchema(() => z.object({ summary: summaryItemRecord }));
export const summaryLinkAnswer = lazySchema(() =>
  z.object({
    /** When this view was recorded (ISO). */
    accessedAt: z.string(),
    callLog: z.object({
      id: z.string(),
      createdAt: z.string(),
      /** Seconds; null when unknown. */
      duration: z.nullable(z.number()),
      summary: z.nullable(z.string()),
      transcript: z.array(transcriptTurnRecord),
      successEvaluation: z.nullable(z.boolean()),
      escalationLevel: z.nullable(z.enum(ESCALATION_LEVELS)),
      noteToDoctor: z.nullable(z.string()),
    }),
    patient: z.nullable(
      z.object({
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        phone_number: z.nullable(z.string()),
      }),
    ),
    provider: z.nullable(
      z.object({
        name: z.string(),
        phone: z.nullable(z.string()),
        email: z.nullable(z.string()),
        address: z.nullable(z.string()),
      }),
    ),
  }),
);

// Texts and call links

export const patientTextsAnswer = lazySchema(() =>
  z.object({
    /** One page, newest first: `next_cursor` continues it. */
    messages: z.array(patientTextRecord),
    next_cursor: z.nullable(z.string()),
    has_phone: z.boolean(),
    opted_out: z.boolean(),
    opted_out_at: z.nullable(z.string()),
    monthly_limit: z.number().check(z.int()),
    /** Outbound texts counted this calendar month (organization's time zone). */
    sent_this_month: z.number().check(z.int()),
    open_callback_requests: z.number().check(z.int()),
  }),
);
export const sendTextAnswer = lazySchema(() =>
  z.object({
    message: patientTextRecord,
    includedMagicLink: z.boolean(),
    /** The call link sent with the text (shown once; only its hash is stored). */
    magicLink: z.nullable(z.string()),
  }),
);
export const patientTextAnswer = lazySchema(() => z.object({ message: patientTextRecord }));
export const createCallLinkAnswer = lazySchema(() => z.object({ link: z.string(), expires: z.string() }));
/**
 * The link is valid and a call is placed, or one of the patient's links placed one in the last 15
 * minutes, or it is outside the calling hours (8:00-21:00 in the practice's time zone): then none is
 * placed, and the answer says when calls can be placed again.
 */
export const callLinkAnswer = lazySchema(() =>
  z.object({
    isValid: z.literal(true),
    /** The patient the link calls, by first name only: whoever holds the link sees no more. */
    patient: z.strictObject({ first_name: z.string() }),
    call: z.enum(['placed', 'on_its_way', 'outside_hours']),
    /** The language the page speaks: the patient's preferred one (absent: English). */
    language: z.optional(z.enum(PREFERRED_LANGUAGES)),
    /** outside_hours: the next time a call can be placed (ISO), and the time zone the hours are in. */
    next_call_at: z.optional(z.string()),
    time_zone: z.optional(z.string()),
  }),
);
/** Staff revoked every call link of the patient created until `revoked_at`. */
export const revokedCallLinksAnswer = lazySchema(() => z.object({ revoked: z.literal(true), revoked_at: z.string() }));

// Webhooks

export const webhookReceivedAnswer = lazySchema(() => z.object({ received: z.literal(true) }));

// Care management time and the monthly billing report

/** A page of a patient's time log for one month (newest first) and the month's totals. */
export const timeEntriesAnswer = lazySchema(() =>
  z.object({
    month: z.string(),
    items: z.array(timeEntryRecord),
    next_cursor: z.nullable(z.string()),
    totals: ccmMonthTotalsRecord,
    complex: z.boolean(),
    /** Set once the month is billed: its entries are frozen. */
    billed: z.nullable(billedRecord),
  }),
);
export const timeEntryCreatedAnswer = lazySchema(() =>
  z.object({ entry: timeEntryRecord, totals: ccmMonthTotalsRecord }),
);
/** One page of an organization's patient-months, in the month asked for. */
export const billingReportAnswer = lazySchema(() =>
  z.object({
    month: z.string(),
    items: z.array(billingReportRowRecord),
    next_cursor: z.nullable(z.string()),
  }),
);
export const billingReportRowAnswer = lazySchema(() => z.object({ row: billingReportRowRecord }));
/** `billingSummary`: the whole month's expected payment and what switching the hinted patients would change. */
export const billingSummaryAnswer = lazySchema(() =>
  z.object({
    month: z.string(),
    patients: z.number().check(z.int()),
    payment: z.number(),
    switch: switchSummaryRecord,
  }),
);
/** `getCareProgram` and `setCareProgram`. */
export const careProgramAnswer = lazySchema(() => z.object({ care_program: careProgramRecord }));
/** `getFeeSchedule` and `setFeeSchedule`. */
export const feeScheduleAnswer = lazySchema(() => z.object({ fee_schedule: feeScheduleRecord }));
/** The report as RFC 4180 CSV with a header row. */
export const billingReportCsvAnswer = lazySchema(() => z.string());

// The dashboards' CCM worklist and charts

/** `worklist`: what the practice should do next, each group capped. */
export const worklistAnswer = lazySchema(() =>
  z.object({
    /** This month in the organization's time zone. */
    month: z.string(),
    awaiting_consent: awaitingConsentGroupRecord,
    interested_in_enrolling: interestedGroupRecord,
    check_ins_due: checkInsDueGroupRecord,
    urgent_summaries: urgentSummariesGroupRecord,
    callback_requests: callbackRequestsGroupRecord,
    readings_outside_target: readingsOutsideTargetGroupRecord,
    near_threshold: nearThresholdGroupRecord,
  }),
);

/** `dashboardCharts`: months oldest first; operators' figures add up every organization counted. */
export const dashboardChartsAnswer = lazySchema(() =>
  z.object({
    scope: z.enum(['organization', 'all']),
    months: z.array(chartMonthRecord),
    /** Organizations in the figures and in all (operators: at most CHART_ORGANIZATIONS_MAX are read). */
    organizations: z.object({ included: z.number().check(z.int()), total: z.number().check(z.int()) }),
  }),
);

// Capacity planning (DECISIONS "Outreach capacity")

/** One hour of the call-lines forecast: its UTC start, the calls due in it, the slots it needs with the people's reserve. */
const forecastHourRecord = lazySchema(() =>
  z.object({
    hour: z.string(),
    calls: z.number().check(z.int()),
    slots_needed: z.number().check(z.int()),
  }),
);

/** The call lines the next 30 days of scheduled calls need (job: forecast-call-lines), as last computed. */
export const callLinesForecastRecord = lazySchema(() =>
  z.object({
    computed_at: z.string(),
    /** The deployment's concurrent-call budget when it was computed (VAPI_CONCURRENCY). */
    budget: z.number().check(z.int()),
    /** The mean seconds a call holds a slot, and the hours a check-in may wait within its window. */
    mean_call_seconds: z.number().check(z.int()),
    window_hours: z.number().check(z.int()),
    total_calls: z.number().check(z.int()),
    /** The hour needing the most slots; null with no calls scheduled. */
    peak: z.nullable(forecastHourRecord),
    /** Each UTC day's busiest hour, 30 days from the day it was computed. */
    days: z.array(z.extend(forecastHourRecord, { date: z.string() })),
  }),
);

/** `callLinesForecast`: null before the job first ran. */
export const callLinesForecastAnswer = lazySchema(() => z.object({ forecast: z.nullable(callLinesForecastRecord) }));
