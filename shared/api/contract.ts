/**
 * What each route of the manifest (`lambdas/routes.ts`) takes and answers: its path, query and body
 * schemas (the ones its handler parses with) and the schema of each success answer, with an
 * example. `lambdas/openapi.ts` turns this and the manifest into the OpenAPI document; its tests
 * fail when a route has no entry, or an entry lacks a schema its route needs.
 */
import * as z from 'zod/mini';
import { DEFAULT_SYSTEM_PROMPT, type CallLogSummary } from '../calls';
import { sendTextSchema, resolveCallbackSchema } from '../texts';
import { dashboardChartsQuerySchema } from '../dashboard';
import {
  billingCsvQuerySchema,
  billingReportQuerySchema,
  billingRowPathSchema,
  billingRowSchema,
  timeEntriesQuerySchema,
  timeEntryRequestSchema,
} from '../care-time';
import {
  callPathSchema,
  patientCallPathSchema,
  carePlanSchema,
  carePlanUpdateSchema,
  consentSchema,
  createPatientSchema,
  createUserSchema,
  documentSchema,
  documentUpdateSchema,
  linkPathSchema,
  pageQuerySchema,
  patientFormSchema,
  patientPathSchema,
  patientTextPathSchema,
  providerFormSchema,
  providerPathSchema,
  scheduleCallSchema,
  settingsSchema,
  summariesQuerySchema,
  summaryStatusSchema,
  updateUserSchema,
  userPathSchema,
} from '../validation';
import * as answers from './answers';
import {
  EXAMPLE_IDS,
  exampleBillingRow,
  exampleCcmTotals,
  exampleTimeEntry,
  exampleAccessHistoryEntry,
  exampleCall,
  exampleCallDetail,
  exampleCarePlan,
  exampleConsentEntry,
  exampleDocument,
  exampleOutreach,
  examplePatient,
  exampleProvider,
  exampleSettings,
  exampleSummary,
  exampleText,
  exampleTranscript,
  exampleUser,
} from './examples';
import { patientListQuerySchema, providerListQuerySchema, userListQuerySchema } from './queries';
import { userProfileRecord } from './records';

type Schema = z.ZodMiniType;

export interface AnswerContract {
  readonly schema: Schema;
  readonly description: string;
  readonly example: unknown;
}

export interface RouteContract {
  readonly summary: string;
  /** Required when the path has `{parameters}`: the schema the handler parses them with. */
  readonly path?: Schema;
  /** Declared on every GET: the query schema, or null when the route reads no query. */
  readonly query?: Schema | null;
  /** Declared on every POST, PUT and PATCH: the body schema, or null when the route reads no body. */
  readonly body?: Schema | null;
  readonly bodyExample?: unknown;
  /** Webhooks from Twilio post forms and are answered with TwiML; CSV exports answer text/csv; everything else is JSON. */
  readonly media?: 'twilio-form' | 'csv';
  /** Success answers by status. */
  readonly answers: Readonly<Partial<Record<200 | 201, AnswerContract>>>;
  /** Error statuses beyond those its access and input imply (401, 403, 400, 404). */
  readonly errors?: readonly (403 | 409 | 429 | 502 | 503)[];
}

/** A success answer; its example is typed by the schema, so a wrong one does not compile. */
const answer = <S extends Schema>(schema: S, description: string, example: z.output<S>) => ({
  schema,
  description,
  example,
});

const page = <T>(item: T) => ({ items: [item], next_cursor: 'eyJwayI6ImV4YW1wbGUifQ' });

/** A care plan as the editor sends it: its structured part and note. */
const carePlanBody = {
  conditions: exampleCarePlan.conditions,
  expected_outcome: exampleCarePlan.expected_outcome,
  goals: exampleCarePlan.goals,
  symptom_management: exampleCarePlan.symptom_management,
  interventions: exampleCarePlan.interventions,
  medications: exampleCarePlan.medications,
};

/**
 * Vapi's server message, as far as CareLoop reads it before `parseVapiWebhook`; the whole shape is
 * Vapi's (`shared/vendor/vapi-openapi.json`, `ServerMessage`).
 */
const vapiServerMessage = z.looseObject({ message: z.looseObject({ type: z.string() }) });

/** The fields of Twilio's form posts that CareLoop reads; Twilio sends more. */
const twilioStatusForm = z.looseObject({
  MessageSid: z.string(),
  MessageStatus: z.string(),
  ErrorCode: z.optional(z.string()),
});
const twilioInboundForm = z.looseObject({ MessageSid: z.string(), From: z.string(), Body: z.string() });
const twiml = z.string();

export const API_CONTRACT = {
  'GET /me': {
    summary: "The caller's profile (role null for an account with no group yet)",
    query: null,
    answers: {
      200: answer(userProfileRecord, 'The profile', {
        ...exampleUser,
        can_manage_settings: false,
        careRole: exampleUser.care_role,
      }),
    },
  },
  'GET /dashboard-stats': {
    summary: 'Dashboard totals; employees also get the newest organizations',
    query: null,
    answers: {
      200: answer(answers.dashboardStatsAnswer, 'The totals', {
        totalProviders: 12,
        totalUsers: 48,
        totalPatients: 960,
        callsCount: 3120,
        scheduledCallsCount: 14,
        newSummariesCount: 0,
        callsThisMonth: 240,
        callbackRequests: 3,
        providers: [exampleProvider],
      }),
    },
  },
  'GET /dashboard-charts': {
    summary:
      'CCM figures per month for the dashboard charts: their organization for provider staff, every organization for employees',
    query: dashboardChartsQuerySchema,
    answers: {
      200: answer(answers.dashboardChartsAnswer, 'Months, oldest first', {
        scope: 'organization',
        months: [
          {
            month: '2026-11',
            enrolled_patients: 42,
            staff_minutes: 910,
            ai_contacts: 38,
            escalations: { Emergent: 1, Urgent: 3, Elective: 6, Normal: 28 },
            meeting_99490: 31,
          },
        ],
        organizations: { included: 1, total: 1 },
      }),
    },
  },
  'GET /worklist': {
    summary: "The practice's CCM worklist (provider staff): each group's first items and how many more",
    query: null,
    answers: {
      200: answer(answers.worklistAnswer, 'The groups', {
        month: '2026-11',
        awaiting_consent: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              consent_status: 'not_asked',
              created_at: examplePatient.created_at,
            },
          ],
          hidden: 0,
          complete: true,
        },
        check_ins_due: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              scheduled_at: '2026-11-24T14:00:00.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        urgent_summaries: {
          items: [
            {
              call_id: EXAMPLE_IDS.call,
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              escalation_level: 'Urgent',
              status: 'requires_followup',
              created_at: exampleSummary.created_at,
            },
          ],
          hidden: 2,
          complete: true,
        },
        callback_requests: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              message_id: '2026-11-23T15:04:05.000Z_SM0123456789abcdef',
              created_at: '2026-11-23T15:04:05.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        near_threshold: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              staff_minutes: 17,
              threshold: 20,
              minutes_needed: 3,
            },
          ],
          hidden: 0,
          complete: true,
          window_starts: '2026-11-24',
          in_window: true,
        },
      }),
    },
  },

  'GET /providers': {
    summary: 'Active organizations, newest first',
    query: providerListQuerySchema,
    answers: { 200: answer(answers.providerListAnswer, 'One page', page(exampleProvider)) },
  },
  'POST /providers': {
    summary: 'Create an organization',
    body: providerFormSchema,
    bodyExample: { name: 'Sunrise Family Practice', address: null, telephone: null, office_email: null },
    answers: { 201: answer(answers.providerAnswer, 'Created', { provider: exampleProvider }) },
  },
  'GET /providers/{providerId}': {
    summary: 'One organization (provider staff: their own only)',
    path: providerPathSchema,
    query: null,
    answers: { 200: answer(answers.providerAnswer, 'The organization', { provider: exampleProvider }) },
  },
  'GET /providers/{providerId}/users': {
    summary: "An organization's provider users, newest first",
    path: providerPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  'PUT /providers/{providerId}': {
    summary: 'Change an organization',
    path: providerPathSchema,
    body: providerFormSchema,
    bodyExample: {
      name: 'Sunrise Family Practice',
      timezone: 'America/Chicago',
      version: 3,
      daily_call_limit: null,
      daily_text_limit: 120,
    },
    answers: { 200: answer(answers.providerAnswer, 'Changed', { provider: exampleProvider }) },
    errors: [409],
  },
  'DELETE /providers/{providerId}': {
    summary: 'Archive an organization; its users are disabled',
    path: providerPathSchema,
    answers: { 200: answer(answers.archivedAnswer, 'Archived', { archived: true }) },
  },

  'GET /users': {
    summary: 'Users, each with their organization',
    query: userListQuerySchema,
    answers: { 200: answer(answers.userListAnswer, 'One page', page(exampleUser)) },
  },
  'POST /users': {
    summary: 'Create a user (Cognito account, group and profile)',
    body: createUserSchema,
    bodyExample: {
      email: 'nurse@sunrise.example',
      first_name: 'Robin',
      last_name: 'Example',
      phone_number: null,
      role: 'provider',
      provider_id: EXAMPLE_IDS.provider,
      password: 'Example-passw0rd-2026',
    },
    answers: { 201: answer(answers.userAnswer, 'Created', { user: exampleUser }) },
    errors: [409],
  },
  'PUT /users/{userId}': {
    summary: "Change a user's profile, role or organization",
    path: userPathSchema,
    body: updateUserSchema,
    bodyExample: {
      email: 'nurse@sunrise.example',
      first_name: 'Robin',
      last_name: 'Example',
      phone_number: null,
      role: 'provider',
      provider_id: EXAMPLE_IDS.provider,
    },
    answers: { 200: answer(answers.userAnswer, 'Changed', { user: exampleUser }) },
    errors: [409],
  },
  'DELETE /users/{userId}': {
    summary: 'Delete a user (never oneself)',
    path: userPathSchema,
    answers: { 200: answer(answers.deletedAnswer, 'Deleted', { deleted: true }) },
  },

  'GET /providers/{providerId}/patients': {
    summary: "An organization's patients, newest first",
    path: providerPathSchema,
    query: patientListQuerySchema,
    answers: { 200: answer(answers.patientListAnswer, 'One page', page(examplePatient)) },
  },
  'POST /patients': {
    summary: 'Add a patient, with an optional monthly check-in cadence, consent and billing practitioner',
    body: createPatientSchema,
    bodyExample: {
      provider_id: EXAMPLE_IDS.provider,
      email: 'sam.sample@example.com',
      first_name: 'Sam',
      last_name: 'Sample',
      phone_number: '(555) 555-0123',
      outreach: { first_outreach_date: '2026-12-01', time_preference: 'morning' },
      consent: {
        status: 'accepted',
        date: '2026-11-02',
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
      billing_practitioner_id: examplePatient.billingPractitionerId,
    },
    answers: {
      201: answer(answers.patientCreatedAnswer, 'Added', { patient: examplePatient, outreach: exampleOutreach }),
    },
  },
  'GET /patients/{patientId}': {
    summary: 'One patient, their organization and check-in cadence',
    path: patientPathSchema,
    query: null,
    answers: {
      200: answer(answers.patientDetailAnswer, 'The patient', {
        patient: examplePatient,
        provider: { id: EXAMPLE_IDS.provider, name: exampleProvider.name, timezone: exampleProvider.timezone },
        outreach: exampleOutreach,
      }),
    },
  },
  'PUT /patients/{patientId}': {
    summary: "Change a patient's details",
    path: patientPathSchema,
    body: patientFormSchema,
    bodyExample: {
      email: 'sam.sample@example.com',
      first_name: 'Sam',
      last_name: 'Sample',
      phone_number: '+15555550123',
      version: 2,
    },
    answers: { 200: answer(answers.patientAnswer, 'Changed', { patient: examplePatient }) },
    errors: [409],
  },
  'DELETE /patients/{patientId}': {
    summary: 'Archive a patient',
    path: patientPathSchema,
    answers: { 200: answer(answers.archivedAnswer, 'Archived', { archived: true }) },
  },
  'GET /patients/{patientId}/access-history': {
    summary: 'Audit events about a patient, newest first (operators)',
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: { 200: answer(answers.accessHistoryAnswer, 'One page', page(exampleAccessHistoryEntry)) },
  },
  'GET /patients/{patientId}/consent': {
    summary: "The patient's CCM consent and a page of its changes, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(answers.consentAnswer, 'The consent', {
        consent: examplePatient.consent,
        history: page(exampleConsentEntry),
      }),
    },
  },
  'POST /patients/{patientId}/consent': {
    summary: 'Record a consent change (accepted needs the method and all four disclosures)',
    path: patientPathSchema,
    body: consentSchema,
    bodyExample: {
      status: 'accepted',
      date: exampleConsentEntry.date,
      method: 'verbal',
      disclosures: exampleConsentEntry.disclosures,
    },
    answers: {
      201: answer(answers.consentRecordedAnswer, 'Recorded', {
        consent: examplePatient.consent,
        entry: exampleConsentEntry,
      }),
    },
    errors: [409],
  },

  'GET /patients/{patientId}/care-plan': {
    summary: "The patient's care plan, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.carePlanReadAnswer, 'The care plan', { carePlan: exampleCarePlan }) },
  },
  'POST /patients/{patientId}/care-plan': {
    summary: "Write the first care plan (the patient's condition count is written with it)",
    path: patientPathSchema,
    body: carePlanSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note },
    answers: { 201: answer(answers.carePlanAnswer, 'Saved', { carePlan: { ...exampleCarePlan, version: 1 } }) },
    errors: [409],
  },
  'PUT /patients/{patientId}/care-plan': {
    summary: 'Save a new revision of the care plan',
    path: patientPathSchema,
    body: carePlanUpdateSchema,
    bodyExample: { ...carePlanBody, note: exampleCarePlan.note, version: 1 },
    answers: { 200: answer(answers.carePlanAnswer, 'Saved', { carePlan: exampleCarePlan }) },
    errors: [409],
  },
  'GET /patients/{patientId}/care-plan/revisions': {
    summary: "The care plan's earlier revisions, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(
        answers.documentRevisionsAnswer,
        'One page',
        page({
          version: 1,
          content: exampleCarePlan.note,
          plan: carePlanBody,
          saved_at: exampleCarePlan.created_at,
          author: exampleCarePlan.creator,
        }),
      ),
    },
  },

  'GET /patients/{patientId}/emr-notes': {
    summary: "The patient's EMR notes, or null",
    path: patientPathSchema,
    query: null,
    answers: { 200: answer(answers.emrNotesReadAnswer, 'The notes', { emrNotes: exampleDocument }) },
  },
  'POST /patients/{patientId}/emr-notes': {
    summary: 'Write the first EMR notes',
    path: patientPathSchema,
    body: documentSchema,
    bodyExample: { content: exampleDocument.content },
    answers: { 201: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: { ...exampleDocument, version: 1 } }) },
    errors: [409],
  },
  'PUT /patients/{patientId}/emr-notes': {
    summary: 'Save a new revision of the EMR notes',
    path: patientPathSchema,
    body: documentUpdateSchema,
    bodyExample: { content: exampleDocument.content, version: 1 },
    answers: { 200: answer(answers.emrNotesAnswer, 'Saved', { emrNotes: exampleDocument }) },
    errors: [409],
  },
  'GET /patients/{patientId}/emr-notes/revisions': {
    summary: "The EMR notes' earlier revisions, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(
        answers.documentRevisionsAnswer,
        'One page',
        page({
          version: 1,
          content: exampleDocument.content,
          saved_at: exampleDocument.created_at,
          author: exampleDocument.creator,
        }),
      ),
    },
  },

  'GET /compliance-settings': {
    summary: 'The call assistant settings (employees in SETTINGS_ADMIN_EMAILS)',
    query: null,
    answers: {
      200: answer(answers.systemSettingsAnswer, 'The settings', {
        settings: exampleSettings,
        defaultPrompt: DEFAULT_SYSTEM_PROMPT,
      }),
    },
  },
  'PATCH /compliance-settings': {
    summary: 'Change the call assistant settings',
    body: settingsSchema,
    bodyExample: { voiceId: 'marissa', version: 4 },
    answers: {
      200: answer(answers.systemSettingsAnswer, 'Changed', {
        settings: { ...exampleSettings, voiceId: 'marissa', version: 5 },
        defaultPrompt: DEFAULT_SYSTEM_PROMPT,
      }),
    },
    errors: [409],
  },

  'GET /patients/{patientId}/calls': {
    summary: "A patient's pending scheduled calls and a page of their call history",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(answers.patientCallsAnswer, 'The calls', { scheduled: [], history: page(exampleCall) }),
    },
  },
  'GET /calls': {
    summary: 'The calls placed, newest first (operators)',
    query: pageQuerySchema,
    answers: { 200: answer(answers.callListAnswer, 'One page', page(exampleCall)) },
  },
  'GET /calls/scheduled': {
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
  'GET /calls/{callId}': {
    summary: 'One call with its transcript and report',
    path: callPathSchema,
    query: null,
    answers: { 200: answer(answers.callDetailAnswer, 'The call', { call: exampleCallDetail }) },
  },

  'POST /patients/{patientId}/calls': {
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
  'POST /patients/{patientId}/scheduled-calls': {
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
  'DELETE /scheduled-calls/{callId}': {
    summary: 'Cancel a pending scheduled call',
    path: callPathSchema,
    answers: { 200: answer(answers.scheduledCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },
  'POST /patients/{patientId}/web-call': {
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
  'POST /patients/{patientId}/web-call/{callId}/cancel': {
    summary: 'Cancel a web call whose window closed before it started',
    path: patientCallPathSchema,
    body: null,
    answers: { 200: answer(answers.webCallCancelledAnswer, 'Cancelled', { cancelled: true }) },
    errors: [409],
  },

  'GET /summaries': {
    summary: "One tab's page of call summaries for a month, and every tab's count",
    query: summariesQuerySchema,
    answers: {
      200: answer(answers.summariesAnswer, 'One page', {
        month: '2026-11',
        tab: 'successful',
        summaries: [exampleSummary],
        counts: { requires_followup: 2, successful: 1, added_to_emr: 5, Emergent: 0, Urgent: 1, Elective: 0 },
        cursor: null,
      }),
    },
  },
  'GET /calls/{callId}/summary': {
    summary: 'One summary with its transcript',
    path: callPathSchema,
    query: null,
    answers: {
      200: answer(answers.summaryDetailAnswer, 'The summary', {
        summary: { ...exampleSummary, transcript: exampleTranscript, provider_name: exampleProvider.name },
      }),
    },
  },
  'PATCH /calls/{callId}/summary-status': {
    summary:
      'Move a summary between Incomplete, Successful and Added to EMR (product-rules.md "Summaries, escalations and notifications")',
    path: callPathSchema,
    body: summaryStatusSchema,
    bodyExample: { status: 'added_to_emr', version: 3 },
    answers: {
      200: answer(answers.summaryStatusAnswer, 'Moved', {
        summary: { ...exampleSummary, status: 'added_to_emr', version: 4 },
      }),
    },
    errors: [409],
  },
  'GET /summary-links/{token}': {
    summary: "A notification's summary page (operators, or staff of the call's organization)",
    path: linkPathSchema,
    query: null,
    errors: [403],
    answers: {
      200: answer(answers.summaryLinkAnswer, 'The summary', {
        accessedAt: '2026-11-20T10:00:00.000Z',
        callLog: {
          id: EXAMPLE_IDS.call,
          createdAt: exampleCall.created_at,
          duration: 312,
          summary: exampleCallDetail.summary,
          transcript: exampleTranscript,
          successEvaluation: true,
          escalationLevel: 'Normal',
          noteToDoctor: null,
        },
        patient: {
          first_name: examplePatient.first_name,
          last_name: examplePatient.last_name,
          email: examplePatient.email,
          phone_number: examplePatient.phone_number,
        },
        provider: {
          name: exampleProvider.name,
          phone: exampleProvider.telephone,
          email: exampleProvider.office_email,
          address: exampleProvider.address,
        },
      }),
    },
  },

  'GET /patients/{patientId}/texts': {
    summary: "A page of a patient's texts (newest first), opt-out state and this month's count",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(answers.patientTextsAnswer, 'The texts', {
        messages: [exampleText],
        next_cursor: null,
        has_phone: true,
        opted_out: false,
        opted_out_at: null,
        monthly_limit: 5,
        sent_this_month: 1,
        open_callback_requests: 0,
      }),
    },
  },
  'POST /patients/{patientId}/texts': {
    summary: 'Text the patient, optionally with a call link',
    path: patientPathSchema,
    body: sendTextSchema,
    bodyExample: { body: exampleText.body, includeMagicLink: false },
    answers: {
      201: answer(answers.sendTextAnswer, 'Sent', {
        message: { ...exampleText, status: 'queued' },
        includedMagicLink: false,
        magicLink: null,
      }),
    },
    errors: [409, 429, 502, 503],
  },
  'PATCH /patients/{patientId}/texts/{messageId}': {
    summary: 'Mark a callback request as handled',
    path: patientTextPathSchema,
    body: resolveCallbackSchema,
    bodyExample: { callback_status: 'resolved' },
    answers: {
      200: answer(answers.patientTextAnswer, 'Handled', {
        message: {
          ...exampleText,
          direction: 'inbound',
          kind: 'callback_request',
          status: 'received',
          body: 'Please call me back',
          sent_by_name: null,
          callback: {
            status: 'resolved',
            resolved_at: exampleText.updated_at,
            resolved_by_name: exampleUser.full_name,
          },
        },
      }),
    },
    errors: [409],
  },
  'POST /patients/{patientId}/call-links': {
    summary: 'A call link for the patient (valid 7 days)',
    path: patientPathSchema,
    body: null,
    answers: {
      201: answer(answers.createCallLinkAnswer, 'Created', {
        link: `https://app.careloop.example/call/${EXAMPLE_IDS.linkToken}`,
        expires: '2026-11-30T10:00:00.000Z',
      }),
    },
  },
  'DELETE /patients/{patientId}/call-links': {
    summary: 'Revoke every call link of the patient made so far (their pages then answer like expired ones)',
    path: patientPathSchema,
    answers: {
      200: answer(answers.revokedCallLinksAnswer, 'Revoked', { revoked: true, revoked_at: '2026-11-23T10:00:00.000Z' }),
    },
  },
  'POST /call-links/{token}': {
    summary:
      "The patient opens their call link: a call is placed (at most one per patient per 15 minutes, 8:00-21:00 in the practice's time zone)",
    path: linkPathSchema,
    body: null,
    answers: { 200: answer(answers.callLinkAnswer, 'Placed', { isValid: true, call: 'placed' }) },
    errors: [429, 502, 503],
  },

  'GET /patients/{patientId}/time-entries': {
    summary: "A page of a patient's CCM time log for a month (newest first) and the month's totals",
    path: patientPathSchema,
    query: timeEntriesQuerySchema,
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
  'POST /patients/{patientId}/time-entries': {
    summary: 'Log CCM time for the patient, or correct an earlier entry (`voids`); provider staff only',
    path: patientPathSchema,
    body: timeEntryRequestSchema,
    bodyExample: { date: exampleTimeEntry.date, minutes: 12, activity: 'Care plan review', source: 'timer' },
    answers: {
      201: answer(answers.timeEntryCreatedAnswer, 'Logged', { entry: exampleTimeEntry, totals: exampleCcmTotals }),
    },
    errors: [409],
  },
  'GET /providers/{providerId}/billing-report': {
    summary: "A page of the organization's monthly CCM billing report (one row per patient-month)",
    path: providerPathSchema,
    query: billingReportQuerySchema,
    answers: {
      200: answer(answers.billingReportAnswer, 'One page', {
        month: '2026-11',
        items: [exampleBillingRow],
        next_cursor: null,
      }),
    },
  },
  'GET /providers/{providerId}/billing-report.csv': {
    summary: 'The whole month of the billing report as CSV (a download)',
    path: providerPathSchema,
    query: billingCsvQuerySchema,
    media: 'csv',
    answers: {
      200: answer(
        answers.billingReportCsvAnswer,
        'RFC 4180 CSV with a header row',
        'Patient,Patient ID,Month,Consent,Consent date,Chronic conditions,Clinical staff minutes,Practitioner minutes,AI contacts,AI call minutes,Complex,Codes,Reason,Billed at,Billed by\r\n',
      ),
    },
  },
  'PUT /providers/{providerId}/billing-report/{month}/patients/{patientId}': {
    summary: "Set a patient-month's complexity flag, or mark it billed (freezes its time entries)",
    path: billingRowPathSchema,
    body: billingRowSchema,
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

  'POST /webhooks/vapi': {
    summary: "Vapi's server messages (status updates, end-of-call reports)",
    body: vapiServerMessage,
    bodyExample: { message: { type: 'status-update', status: 'in-progress', call: { id: 'vendor-call-id' } } },
    answers: { 200: answer(answers.webhookReceivedAnswer, 'Acknowledged', { received: true }) },
  },
  'POST /webhooks/twilio/status': {
    summary: "Twilio's delivery status of a patient text",
    media: 'twilio-form',
    body: twilioStatusForm,
    bodyExample: { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' },
    answers: {
      200: answer(twiml, 'Empty TwiML', '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'),
    },
  },
  'POST /webhooks/twilio/inbound': {
    summary: 'A text from a patient: STOP, START, HELP or a callback request',
    media: 'twilio-form',
    body: twilioInboundForm,
    bodyExample: { MessageSid: `SM${'1'.repeat(32)}`, From: '+15555550123', Body: 'HELP' },
    answers: {
      200: answer(
        twiml,
        'TwiML with the reply',
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>CareLoop: thank you.</Message></Response>',
      ),
    },
  },
} as const satisfies Record<string, RouteContract>;

type Contracts = typeof API_CONTRACT;

/**
 * The answer of a route for a status (its only success status by default), from its schema:
 * `AnswerOf<'GET /patients/{patientId}'>`. For code on either tier that has no named type for it.
 */
export type AnswerOf<
  K extends keyof Contracts,
  S extends keyof Contracts[K]['answers'] = keyof Contracts[K]['answers'],
> = Contracts[K]['answers'][S] extends { schema: infer T extends Schema } ? z.output<T> : never;
