/**
 * The records the API answers with, as zod schemas: declared once here, the types in
 * `shared/domain.ts`, `calls.ts`, `texts.ts`, `summaries.ts` and `summary-link.ts` are their
 * `z.output`, and the OpenAPI document (`lambdas/openapi.ts`) is generated from them. Nothing here
 * parses at run time in a Lambda: the handlers and the web import the types only.
 */
import * as z from 'zod/mini';
import { AUDIT_OUTCOMES, NOTIFICATION_CHANNELS, TIME_PREFERENCES } from '../domain';
import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES, ESCALATION_LEVELS, VOICES, type VoiceId } from '../calls';
import { ROLES } from '../roles';
import { SUMMARY_STATUSES, SUMMARY_TABS } from '../summaries';
import { TEXT_DIRECTIONS, TEXT_KINDS, TEXT_STATUSES } from '../texts';

const id = z.string();
/** ISO 8601 date-time, UTC. */
const time = z.string().check(z.iso.datetime({ offset: true }));
const nullableText = z.nullable(z.string());

// People and organizations

export const notificationPreferencesRecord = z.object({
  new_summaries: z.array(z.enum(NOTIFICATION_CHANNELS)),
  escalations: z.array(z.enum(NOTIFICATION_CHANNELS)),
});

export const providerOrganizationRecord = z.object({
  id,
  name: z.string(),
  address: nullableText,
  telephone: nullableText,
  office_email: nullableText,
  timezone: z.string(),
  created_at: time,
  updated_at: time,
  patient_count: z.number().check(z.int()),
  version: z.number().check(z.int()),
});

export const providerRefRecord = z.object({ id, name: z.string() });

export const userProfileRecord = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: nullableText,
  role: z.nullable(z.enum(ROLES)),
  provider_id: z.nullable(id),
  provider: z.nullable(providerRefRecord),
  assigned_at: z.nullable(time),
  notification_preferences: notificationPreferencesRecord,
  created_at: time,
  /** `GET /me` only: true for employees in SETTINGS_ADMIN_EMAILS (the System Settings panel). */
  can_manage_settings: z.optional(z.boolean()),
});

export const patientRecord = z.object({
  id,
  provider_id: id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: nullableText,
  created_at: time,
  updated_at: time,
  version: z.number().check(z.int()),
});

export const outreachCadenceRecord = z.object({
  patient_id: id,
  provider_id: id,
  created_by: z.string(),
  first_outreach_date: z.string(),
  time_preference: z.enum(TIME_PREFERENCES),
  enabled: z.boolean(),
  scheduled_at: time,
  created_at: time,
});

// Clinical documents and audit

/**
 * Who saved a clinical document or one of its revisions. The record keeps the user id (the token's
 * `sub`); `name` is read from their profile when the answer is built. Documents saved before
 * authors were kept by id have no `user_id`: their `name` is the e-mail address stored then.
 */
export const documentAuthorRecord = z.object({ user_id: z.nullable(id), name: z.string() });

export const clinicalDocumentRecord = z.object({
  id,
  patient_id: id,
  provider_id: id,
  content: z.string(),
  created_at: time,
  updated_at: time,
  creator: documentAuthorRecord,
  updated_by: documentAuthorRecord,
  version: z.number().check(z.int()),
});

export const documentRevisionRecord = z.object({
  version: z.number().check(z.int()),
  content: z.string(),
  saved_at: time,
  author: documentAuthorRecord,
});

export const accessHistoryEntryRecord = z.object({
  id,
  at: time,
  /** Dotted verb, e.g. `patient.read`, `care_plan.update`. */
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  actor: z.object({
    user_id: id,
    /** `none` for an account without a role. */
    role: z.enum([...ROLES, 'none']),
    organization_id: z.nullable(id),
    /** From the actor's profile; null when there is none (a deleted account keeps its profile). */
    name: nullableText,
    email: nullableText,
  }),
  request_id: nullableText,
  source_ip: nullableText,
});

/** One page of a list, newest first: pass `next_cursor` back as `cursor` for the next page (null: no more). */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.nullable(z.string()) });

export const dashboardStatsRecord = z.object({
  totalProviders: z.number().check(z.int()),
  totalUsers: z.number().check(z.int()),
  totalPatients: z.number().check(z.int()),
  callsCount: z.number().check(z.int()),
  scheduledCallsCount: z.number().check(z.int()),
  newSummariesCount: z.number().check(z.int()),
  callsThisMonth: z.number().check(z.int()),
  /** Patients' text replies waiting for a call back (open callback requests). */
  callbackRequests: z.number().check(z.int()),
});

// Calls

export const transcriptTurnRecord = z.object({ speaker: z.enum(['assistant', 'patient']), text: z.string() });

/** One call log as lists show it (no transcript: that is read one call at a time). */
export const callLogSummaryRecord = z.object({
  id,
  patient_id: id,
  provider_id: id,
  patient_name: z.string(),
  provider_name: z.string(),
  status: z.enum(CALL_STATUSES),
  kind: z.enum(CALL_KINDS),
  outcome: z.nullable(z.enum(CALL_OUTCOMES)),
  /** Seconds, from Vapi's startedAt/endedAt; null until the call has ended. */
  duration: z.nullable(z.number()),
  created_at: time,
  updated_at: time,
  /** When a scheduled call is (or was) due; null for instant calls. */
  scheduled_at: z.nullable(time),
  time_preference: z.nullable(z.enum(TIME_PREFERENCES)),
  /** Why a call failed, in words staff can act on (never vendor internals). */
  failure_reason: nullableText,
  escalation_level: z.nullable(z.enum(ESCALATION_LEVELS)),
  has_transcript: z.boolean(),
});

export const callLogDetailRecord = z.extend(callLogSummaryRecord, {
  transcript: z.array(transcriptTurnRecord),
  summary: nullableText,
  note_to_doctor: nullableText,
  success_evaluation: z.nullable(z.boolean()),
  ended_reason: nullableText,
});

export const systemSettingsRecord = z.object({
  assistantId: z.string(),
  voiceId: z.enum(VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]]),
  systemPrompt: z.string(),
  version: z.number().check(z.int()),
  updated_at: z.nullable(time),
});

// Texts

export const callbackRequestStateRecord = z.object({
  status: z.enum(['open', 'resolved']),
  resolved_at: z.nullable(time),
  resolved_by_name: nullableText,
});

export const patientTextRecord = z.object({
  id,
  direction: z.enum(TEXT_DIRECTIONS),
  kind: z.enum(TEXT_KINDS),
  status: z.enum(TEXT_STATUSES),
  /** The staff-written text (outbound; the link itself is never stored) or the patient's reply. */
  body: z.string(),
  included_call_link: z.boolean(),
  /** Twilio's error number or a CareLoop code when it failed; null otherwise. */
  error_code: nullableText,
  sent_by_name: nullableText,
  created_at: time,
  updated_at: time,
  /** Present on callback requests only. */
  callback: z.nullable(callbackRequestStateRecord),
});

// Summaries

/** One summary as the list shows it. */
export const summaryItemRecord = z.object({
  id,
  call_id: id,
  patient_id: id,
  provider_id: id,
  /** 'Unknown Patient' when the patient can't be matched. */
  patient_name: z.string(),
  summary: z.string(),
  status: z.enum(SUMMARY_STATUSES),
  escalation_level: z.nullable(z.enum(ESCALATION_LEVELS)),
  note_to_doctor: nullableText,
  duration: z.nullable(z.number()),
  created_at: time,
  /** Optimistic version of the call log: send it back with a status change. */
  version: z.number().check(z.int()),
});

export const summaryCountsRecord = z.object(
  Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, z.number().check(z.int())])) as Record<
    (typeof SUMMARY_TABS)[number],
    z.ZodMiniNumber<number>
  >,
);
