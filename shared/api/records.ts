/**
 * The records the API answers with, as zod schemas built on the capabilities' value lists
 * (`../values/<capability>` and the other leaves): declared once here, the types in
 * `shared/domain.ts`, `calls.ts`, `texts.ts`, `summaries.ts` and `summary-link.ts` are their
 * `z.output`, and the OpenAPI document (`lambdas/openapi.ts`) is generated from them. Nothing here
 * parses at run time in a Lambda: the handlers and the web import the types only.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { MEASURE_NAMES, OBSERVATION_SOURCES, type Measure } from '../observations/measures';
import { measureTargetsSchema } from '../observations/rules';
import { AUDIT_OUTCOMES } from '../values/audit';
import { NOTIFICATION_CHANNELS } from '../values/notifications';
import { TIME_PREFERENCES } from '../time-preferences';
import { CONSENT_DISCLOSURES, CONSENT_METHODS, CONSENT_STATUSES, RECORDED_CONSENT_STATUSES } from '../consent';
import { ENROLLMENT_STAGES } from '../enrollment/funnel';
import { CALL_KINDS, CALL_OUTCOMES, CALL_STATUSES, ESCALATION_LEVELS } from '../values/calls';
import { VOICES, type VoiceId } from '../values/settings';
import { CARE_ROLES, ROLES } from '../roles';
import { SUMMARY_STATUSES, SUMMARY_TABS } from '../values/summaries';
import { TEXT_DIRECTIONS, TEXT_KINDS, TEXT_STATUSES } from '../values/texts';
import { COUNTS_AS, TIME_ENTRY_SOURCES } from '../values/care-time';
import { PROGRAMS } from '../ccm/programs';
import { CARE_CODES } from '../ccm/rates';
import { PREFERRED_LANGUAGES } from '../enrollment/patient-fields';
import { TRANSFER_STATUSES, type TransferStatus } from '../warm-transfer';

const id = lazySchema(() => z.string());
/** ISO 8601 date-time, UTC. */
const time = lazySchema(() => z.string().check(z.iso.datetime({ offset: true })));
const nullableText = lazySchema(() => z.nullable(z.string()));

// People and organizations

export const notificationPreferencesRecord = lazySchema(() =>
  z.object({
    new_summaries: z.array(z.enum(NOTIFICATION_CHANNELS)),
    escalations: z.array(z.enum(NOTIFICATION_CHANNELS)),
  }),
);

export const providerOrganizationRecord = lazySchema(() =>
  z.object({
    id,
    name: z.string(),
    address: nullableText,
    telephone: nullableText,
    office_email: nullableText,
    timezone: z.string(),
    /** Its texting sender (E.164 number or Messaging Service SID); null: it cannot text patients yet. */
    sms_sender: nullableText,
    created_at: time,
    updated_at: time,
    patient_count: z.number().check(z.int()),
    version: z.number().check(z.int()),
    /** The operator's daily limit of calls placed; null: the default (the larger of 50 and the active patients). */
    daily_call_limit: z.nullable(z.number().check(z.int())),
    /** The operator's daily limit of patient texts sent; null: the default, as for calls. */
    daily_text_limit: z.nullable(z.number().check(z.int())),
    /**
     * Where an emergent check-in is transferred warm (E.164, a served country); null: no transfer is
     * attempted and staff are alerted as for any emergent call (DECISIONS "Warm transfer").
     */
    on_call_number: nullableText,
    /**
     * The practice's group (type 2) NPI: its claims' Billing NPI (each billing practitioner's own NPI
     * renders); null: none, the billing practitioner's NPI bills too.
     */
    group_npi: nullableText,
  }),
);

export const providerRefRecord = lazySchema(() => z.object({ id, name: z.string() }));

export const userProfileRecord = lazySchema(() =>
  z.object({
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
    /** Provider users' care role (product-rules.md "Care management (CCM)"); null for other roles. */
    care_role: z.nullable(z.enum(CARE_ROLES)),
    /** Provider users' National Provider Identifier (10 digits, check digit verified); null when none or not a provider user. */
    npi: z.nullable(z.string()),
    /** When an operator suspended the account (DECISIONS "Sessions"); absent while it is not suspended. */
    suspended_at: z.optional(time),
    /** Operators only: true for a settings admin (the System Settings panel; a capability on the profile). */
    can_manage_settings: z.optional(z.boolean()),
    /** `me` only: the caller's care role (whose minutes count toward which CCM code). */
    careRole: z.optional(z.nullable(z.enum(CARE_ROLES))),
  }),
);

/** A patient's CCM consent as last recorded: `not_asked` (date null) until staff record one. */
export const patientConsentRecord = lazySchema(() =>
  z.object({
    status: z.enum(CONSENT_STATUSES),
    /** The day consent was given, declined or withdrawn (YYYY-MM-DD). */
    date: z.nullable(z.string()),
  }),
);

export const patientRecord = lazySchema(() =>
  z.object({
    id,
    provider_id: id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: nullableText,
    created_at: time,
    updated_at: time,
    version: z.number().check(z.int()),
    consent: patientConsentRecord,
    /** Chronic conditions on the care plan. */
    conditionCount: z.number().check(z.int()),
    /** Two or more chronic conditions on the care plan: CCM can be billed for the patient. */
    ccmEligible: z.boolean(),
    /** The one practitioner who bills CCM for the patient (a provider user whose care role says so). */
    billingPractitionerId: z.nullable(id),
    /** The practice's medical record number (unique within the organization); null when none was given. */
    mrn: z.nullable(z.string()),
    /** `YYYY-MM-DD`; null when none was given. */
    date_of_birth: z.nullable(z.string()),
    /** Medicare Beneficiary Identifier (11 characters, no dashes) for claims; null when none was given. */
    mbi: z.nullable(z.string()),
    /** Calls, texts and the call-link page follow it; staff screens stay English. */
    preferred_language: z.enum(PREFERRED_LANGUAGES),
    /**
     * Qualified Medicare Beneficiary status as staff last checked it (DECISIONS "Care-management
     * programs"): a QMB patient owes no cost sharing, and APCM bills G0558. Null: never checked.
     */
    qmb: z.nullable(z.object({ status: z.boolean(), checked_on: z.string() })),
    /** Where the patient stands in the enrollment funnel (DECISIONS "Enrollment"); null: outside it. */
    enrollment_stage: z.nullable(z.enum(ENROLLMENT_STAGES)),
  }),
);

export const outreachCadenceRecord = lazySchema(() =>
  z.object({
    patient_id: id,
    provider_id: id,
    created_by: z.string(),
    first_outreach_date: z.string(),
    time_preference: z.enum(TIME_PREFERENCES),
    enabled: z.boolean(),
    scheduled_at: time,
    created_at: time,
  }),
);

// Clinical documents and audit

/**
 * Who saved a clinical document or one of its revisions. The record keeps the user id (the token's
 * `sub`); `name` is read from their profile when the answer is built. Documents saved before
 * authors were kept by id have no `user_id`: their `name` is the e-mail address stored then.
 */
export const documentAuthorRecord = lazySchema(() => z.object({ user_id: z.nullable(id), name: z.string() }));

export const clinicalDocumentRecord = lazySchema(() =>
  z.object({
    id,
    patient_id: id,
    provider_id: id,
    content: z.string(),
    created_at: time,
    updated_at: time,
    creator: documentAuthorRecord,
    updated_by: documentAuthorRecord,
    version: z.number().check(z.int()),
  }),
);

// The structured care plan (product-rules.md "Care management (CCM)")

/** An ICD-10-CM code (upper case, with its dot) and its description. */
export const chronicConditionRecord = lazySchema(() => z.object({ code: z.string(), description: z.string() }));
export const medicationRecord = lazySchema(() =>
  z.object({ name: z.string(), dose: z.string(), instructions: z.string() }),
);
/** The care plan's structured part; the free text is its `note` (a revision's `content`). */
export const carePlanFieldsRecord = lazySchema(() =>
  z.object({
    conditions: z.array(chronicConditionRecord),
    expected_outcome: z.string(),
    /** Measurable goals, one per item. */
    goals: z.array(z.string()),
    symptom_management: z.string(),
    interventions: z.string(),
    medications: z.array(medicationRecord),
    /** Numeric targets per measure (DECISIONS "Observations"); absent on plans saved before targets. */
    targets: z.optional(measureTargetsSchema),
  }),
);

/** One reading or screening score a call yielded (DECISIONS "Observations"). */
export const observationRecord = lazySchema(() =>
  z.object({
    /** LOINC code. */
    code: z.string(),
    measure: z.enum(MEASURE_NAMES as [Measure, ...Measure[]]),
    value: z.number(),
    /** UCUM unit (`{score}` for a questionnaire score). */
    unit: z.string(),
    observed_at: time,
    call_log_id: id,
    source: z.enum(OBSERVATION_SOURCES),
  }),
);

/** A care plan. One saved before plans were structured answers its text as `note`, the rest empty. */
export const carePlanRecord = lazySchema(() =>
  z.extend(carePlanFieldsRecord, {
    id,
    patient_id: id,
    provider_id: id,
    note: z.string(),
    created_at: time,
    updated_at: time,
    creator: documentAuthorRecord,
    updated_by: documentAuthorRecord,
    version: z.number().check(z.int()),
  }),
);

export const documentRevisionRecord = lazySchema(() =>
  z.object({
    version: z.number().check(z.int()),
    /** EMR notes' text; a care plan's note. */
    content: z.string(),
    /** Care plan revisions saved structured: the rest of the plan as it was then. */
    plan: z.optional(carePlanFieldsRecord),
    saved_at: time,
    author: documentAuthorRecord,
  }),
);

/** One consent change, as recorded (never changed afterwards). */
export const consentEntryRecord = lazySchema(() =>
  z.object({
    id,
    status: z.enum(RECORDED_CONSENT_STATUSES),
    date: z.string(),
    method: z.nullable(z.enum(CONSENT_METHODS)),
    /** The disclosures staff confirmed the patient was given. */
    disclosures: z.array(z.enum(CONSENT_DISCLOSURES)),
    /** The language of the consent script staff read (the patient's); null when recorded before it was kept. */
    script_language: z.nullable(z.enum(PREFERRED_LANGUAGES)),
    /** Who recorded it (by user id; the name is read when the answer is built). */
    recorded_by: documentAuthorRecord,
    recorded_at: time,
  }),
);

export const accessHistoryEntryRecord = lazySchema(() =>
  z.object({
    id,
    at: time,
    /** Dotted verb, e.g. `patient.read`, `care_plan.update`. */
    action: z.string(),
    outcome: z.enum(AUDIT_OUTCOMES),
    actor: z.object({
      /** A person, CareLoop itself (a webhook or job, e.g. `system:vapi-webhook`) or the patient through their own link. */
      kind: z.enum(['person', 'system', 'patient']),
      user_id: id,
      /** `none` for an account without a role, a system actor and a patient. */
      role: z.enum([...ROLES, 'none']),
      organization_id: z.nullable(id),
      /**
       * A person's as they were when they acted (kept on the event); on events from before names were
       * kept, from their profile as it is now (null when there is none; a deleted account keeps its
       * profile). A system actor's says which, e.g. "CareLoop (Vapi report)".
       */
      name: nullableText,
      email: nullableText,
    }),
    request_id: nullableText,
    source_ip: nullableText,
  }),
);

/** One page of a list, newest first: pass `next_cursor` back as `cursor` for the next page (null: no more). */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.nullable(z.string()) });

export const dashboardStatsRecord = lazySchema(() =>
  z.object({
    totalProviders: z.number().check(z.int()),
    totalUsers: z.number().check(z.int()),
    totalPatients: z.number().check(z.int()),
    callsCount: z.number().check(z.int()),
    scheduledCallsCount: z.number().check(z.int()),
    newSummariesCount: z.number().check(z.int()),
    callsThisMonth: z.number().check(z.int()),
    /** Patients' text replies waiting for a call back (open callback requests). */
    callbackRequests: z.number().check(z.int()),
  }),
);

// Calls

export const transcriptTurnRecord = lazySchema(() =>
  z.object({ speaker: z.enum(['assistant', 'patient']), text: z.string() }),
);

/** One call log as lists show it (no transcript: that is read one call at a time). */
export const callLogSummaryRecord = lazySchema(() =>
  z.object({
    id,
    patient_id: id,
    provider_id: id,
    patient_name: z.string(),
    /** The patient's e-mail; null when the patient record cannot be found. */
    patient_email: nullableText,
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
  }),
);

export const callLogDetailRecord = lazySchema(() =>
  z.extend(callLogSummaryRecord, {
    transcript: z.array(transcriptTurnRecord),
    summary: nullableText,
    note_to_doctor: nullableText,
    success_evaluation: z.nullable(z.boolean()),
    ended_reason: nullableText,
    /**
     * The warm transfer of an emergent call to the organization's on-call number (DECISIONS "Warm
     * transfer"): where to, how it ended, when; null when none was attempted.
     */
    transfer: z.nullable(
      z.object({
        to: z.string(),
        status: z.enum(TRANSFER_STATUSES as [TransferStatus, ...TransferStatus[]]),
        at: time,
      }),
    ),
  }),
);

export const systemSettingsRecord = lazySchema(() =>
  z.object({
    assistantId: z.string(),
    voiceId: z.enum(VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]]),
    systemPrompt: z.string(),
    version: z.number().check(z.int()),
    updated_at: z.nullable(time),
  }),
);

// Texts

export const callbackRequestStateRecord = lazySchema(() =>
  z.object({
    status: z.enum(['open', 'resolved']),
    resolved_at: z.nullable(time),
    resolved_by_name: nullableText,
  }),
);

export const patientTextRecord = lazySchema(() =>
  z.object({
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
  }),
);

// Summaries

/** One summary as the list shows it. */
export const summaryItemRecord = lazySchema(() =>
  z.object({
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
  }),
);

export const summaryCountsRecord = lazySchema(() =>
  z.object(
    Object.fromEntries(SUMMARY_TABS.map((tab) => [tab, z.number().check(z.int())])) as Record<
      (typeof SUMMARY_TABS)[number],
      z.ZodMiniNumber<number>
    >,
  ),
);

// Care management time and the monthly billing report (product-rules.md "Care management (CCM)")

/** One line of a patient's CCM time log, as written: never changed; a correction is a line of its own. */
export const timeEntryRecord = lazySchema(() =>
  z.object({
    /** Names the entry's month and sorts by creation; a correction's ends in `~void`. */
    id: z.string(),
    patient_id: id,
    /** The day the work was done (YYYY-MM-DD, organization's time zone). */
    date: z.string(),
    minutes: z.number().check(z.int()),
    activity: z.string(),
    note: nullableText,
    source: z.enum(TIME_ENTRY_SOURCES),
    /** The call whose summary was reviewed (summary_review entries); null otherwise. */
    call_id: z.nullable(id),
    user_id: id,
    /** The staff member's name when they made it. */
    user_name: z.string(),
    /** Their care role when they made it. */
    care_role: z.enum(CARE_ROLES),
    /** Which minutes it adds to: clinical staff time, the billing practitioner's, or none. */
    counts_as: z.enum(COUNTS_AS),
    created_at: time,
    /** A correction: the entry it voids and why; that entry's minutes stop counting. null for an entry. */
    voids: z.nullable(z.object({ id: z.string(), reason: z.string() })),
  }),
);

/** A patient-month's running totals. AI call minutes are shown, never counted toward a code. */
export const ccmMonthTotalsRecord = lazySchema(() =>
  z.object({
    staff_minutes: z.number().check(z.int()),
    practitioner_minutes: z.number().check(z.int()),
    non_clinical_minutes: z.number().check(z.int()),
    ai_contacts: z.number().check(z.int()),
    ai_minutes: z.number().check(z.int()),
  }),
);

/** Who marked a patient-month billed, and when: its time entries are frozen from then on. */
export const billedRecord = lazySchema(() => z.object({ at: time, by_name: z.string() }));

/** A code the month's documentation supports, the minutes behind it and why (shared/ccm/billing.ts). */
export const ccmCodeLineRecord = lazySchema(() =>
  z.object({
    code: z.enum(CARE_CODES),
    minutes: z.number().check(z.int()),
    reason: z.string(),
  }),
);

/** A program that would pay more for the patient-month by the practice's fee schedule. */
export const betterProgramRecord = lazySchema(() =>
  z.object({ program: z.enum(PROGRAMS), payment: z.number(), gain: z.number() }),
);

/** One row of the monthly billing report: one patient-month. */
export const billingReportRowRecord = lazySchema(() =>
  z.extend(ccmMonthTotalsRecord, {
    patient_id: id,
    patient_name: z.string(),
    month: z.string(),
    consent: patientConsentRecord,
    /** Chronic conditions on the care plan. */
    conditions: z.number().check(z.int()),
    /** Moderate/high complexity decision making, care plan established or substantially revised. */
    complex: z.boolean(),
    codes: z.array(ccmCodeLineRecord),
    /** Why these codes, or why none. */
    reason: z.string(),
    billed: z.nullable(billedRecord),
    /** Codes supported and not billed yet. */
    ready: z.boolean(),
    /** The program in force this month (shared/ccm/patient-month.ts), and the condition PCM manages. */
    program: z.enum(PROGRAMS),
    pcm_condition: z.nullable(z.string()),
    /** US$ the codes pay by the practice's fee schedule. */
    payment: z.number(),
    /** The program that would pay more this month, if any. */
    better: z.nullable(betterProgramRecord),
  }),
);

/** What switching every patient with a hint would change in a month. */
export const switchSummaryRecord = lazySchema(() =>
  z.object({
    patients: z.number().check(z.int()),
    gain: z.number(),
    by_program: z.record(z.enum(PROGRAMS), z.object({ patients: z.number().check(z.int()), gain: z.number() })),
  }),
);

// A patient's care program and a practice's fee schedule (shared/care-program.ts)

/** One enrolment: the program from its month on, the condition PCM manages, who set it and when. */
export const programChangeRecord = lazySchema(() =>
  z.object({
    program: z.enum(PROGRAMS),
    from: z.string(),
    pcm_condition: z.nullable(z.string()),
    set_at: time,
    set_by_name: z.string(),
  }),
);

/** One check of the patient's QMB status (shared/ccm/qmb.ts). */
export const qmbCheckRecord = lazySchema(() =>
  z.object({
    status: z.boolean(),
    checked_on: z.string(),
    set_at: z.nullable(time),
    set_by_name: z.nullable(z.string()),
  }),
);

/** The patient's program this month, the one starting next month if it differs, the history, and QMB. */
export const careProgramRecord = lazySchema(() =>
  z.object({
    month: z.string(),
    program: z.enum(PROGRAMS),
    pcm_condition: z.nullable(z.string()),
    next: z.nullable(programChangeRecord),
    history: z.array(programChangeRecord),
    qmb: z.nullable(z.object({ status: z.boolean(), checked_on: z.string() })),
    /** Every QMB check, newest recorded first; who and when are null on a check recorded before checks were kept. */
    qmb_history: z.array(qmbCheckRecord),
  }),
);

/** US$ per unit of every code; `custom` is false while the practice uses the default (ccm/rates.json). */
export const feeScheduleRecord = lazySchema(() =>
  z.object({
    rates: z.record(z.enum(CARE_CODES), z.number()),
    custom: z.boolean(),
    year: z.number().check(z.int()),
  }),
);
