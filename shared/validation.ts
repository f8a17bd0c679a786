/**
 * Request schemas shared by the forms (web) and the API (lambdas): the same rules and the spec's
 * exact messages (product-rules.md "Validation") on both sides. zod/mini keeps Lambda bundles small.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { MEASURE_NAMES, MEASURES } from './observations/measures';
import { measureTargetsSchema } from './observations/rules';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './values/notifications';
import { TIME_PREFERENCES } from './time-preferences';
import { VALIDATION } from './messages';
import { CALL_MESSAGES, SUMMARY_MESSAGES } from './call-messages';
import { CCM_MESSAGES } from './ccm/messages';
import { DAILY_LIMIT_MAX, DAILY_LIMIT_MESSAGES } from './daily-limits';
import { chronicConditionSchema } from './ccm/chronic-conditions';
import { IDENTIFIER_MESSAGES, readMbi, readNpi } from './ccm/identifiers';
import { CONSENT_DISCLOSURES, CONSENT_METHODS, RECORDED_CONSENT_STATUSES, type ConsentDisclosure } from './consent';
import { SUMMARY_STATUSES, SUMMARY_TABS } from './values/summaries';
import { SCHEDULE_OPTIONS } from './values/calls';
import { PROMPT_MAX_LENGTH, VOICES, type VoiceId } from './values/settings';
import { US_PHONE, toE164 } from './phone';
import { ON_CALL_MESSAGES } from './warm-transfer';
import { CARE_ROLES, ROLES } from './roles';
import { IMPORT_MESSAGES } from './enrollment/messages';
import { PREFERRED_LANGUAGES, readDateOfBirth, readMrn } from './enrollment/patient-fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Twilio sender: one number (E.164) or a Messaging Service SID (`MG` + 32 hex). */
export const isSmsSender = (value: string) => /^\+[1-9]\d{1,14}$/.test(value) || /^MG[0-9a-fA-F]{32}$/.test(value);
export const isEmail = (value: string) => EMAIL.test(value);

/** A trimmed string that must not be empty; the same message when missing or blank. */
const requiredText = (message: string, max = 200) =>
  z.pipe(
    z.string({ error: message }).check(z.trim()),
    z.string().check(z.minLength(1, { error: message }), z.maxLength(max, { error: VALIDATION.contentTooLong })),
  );

/**
 * Control characters (C0, DEL, C1) and the bidirectional marks, embeddings, overrides and isolates
 * that can make a name display as something else (Trojan Source style). Zero-width joiners, which
 * some scripts need, stay allowed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const hasControlOrBidi = (value: string) => CONTROL_OR_BIDI.test(value);

/** A required name (person or organization): trimmed, bounded, no control or direction characters. */
const nameText = (message: string, max = 100) =>
  z.pipe(
    requiredText(message, max),
    z.string().check(z.refine((v) => !hasControlOrBidi(v), { error: VALIDATION.nameCharacters })),
  );

/** Optional trimmed text: absent, null or blank all mean "no value" (null). */
const optionalText = (max = 300) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, { error: VALIDATION.contentTooLong })))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );

const email = (requiredMessage: string) =>
  z.pipe(
    requiredText(requiredMessage, 254),
    z.string().check(z.regex(EMAIL, { error: VALIDATION.invalidEmail }), z.toLowerCase()),
  );

/**
 * A patient's phone, read in its E.164 form (`(813) 555-0142` → `+18135550142`). Whether its
 * country is served is configuration: the use case checks it (lambdas/patients/patients.ts).
 */
const patientPhone = lazySchema(() =>
  z.pipe(
    optionalText(40),
    z.nullable(
      z.pipe(
        z.string().check(z.refine((v) => toE164(v) !== null, { error: VALIDATION.invalidPhone })),
        z.transform((v: string) => toE164(v) ?? v),
      ),
    ),
  ),
);

const usPhone = lazySchema(() =>
  z.pipe(optionalText(40), z.nullable(z.string().check(z.regex(US_PHONE, { error: VALIDATION.invalidUsPhone })))),
);

const version = lazySchema(() => z.optional(z.number().check(z.int(), z.positive())));

// Ids (issue 10 "Input hygiene"): bounded in length and alphabet before they reach a key or an
// audit record, and read in the form they are stored in. A malformed id in a body is bad input
// (400); in a path it names a record that cannot exist (the path schemas below).

/** What a malformed id in a request body answers. */
export const ID_MESSAGES = {
  providerId: 'Invalid provider id',
} as const;

/** Record ids (`ids.newId()`, Cognito subs, call log ids): UUIDs, stored lower-case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string) => UUID.test(value);

/** A record id in either letter case, read lower-case; anything else is refused with `message`. */
export const recordIdSchema = (message: string) =>
  z.string({ error: message }).check(
    // Abort on length first: nothing longer than a UUID is lower-cased or matched.
    z.maxLength(36, { error: message, abort: true }),
    z.toLowerCase(),
    z.regex(UUID, { error: message }),
  );

/** An organization chosen in a form: empty (none) or a bounded id, read lower-case. */
const organizationChoice = lazySchema(() =>
  z
    .string({ error: ID_MESSAGES.providerId })
    .check(
      z.maxLength(64, { error: ID_MESSAGES.providerId, abort: true }),
      z.regex(/^[A-Za-z0-9_-]*$/, { error: ID_MESSAGES.providerId }),
      z.toLowerCase(),
    ),
);

/** An organization's daily cap: absent leaves it as it is, null (or blank) is the default, else 1 to the maximum. */
const dailyLimit = lazySchema(() =>
  z.optional(
    z.nullable(
      z
        .number({ error: DAILY_LIMIT_MESSAGES.invalid })
        .check(
          z.int({ error: DAILY_LIMIT_MESSAGES.invalid }),
          z.gte(1, { error: DAILY_LIMIT_MESSAGES.invalid }),
          z.lte(DAILY_LIMIT_MAX, { error: DAILY_LIMIT_MESSAGES.invalid }),
        ),
    ),
  ),
);

/** Text a patient may have or not: absent leaves it as it is (updates); null or blank is none. */
const clearableText = (message: string) =>
  z.optional(
    z.pipe(
      z.nullable(z.string({ error: message }).check(z.trim())),
      z.transform((v: string | null) => (v ? v : null)),
    ),
  );

/** A National Provider Identifier (a user's, an organization's group NPI): absent keeps the current one, null or blank removes it. */
const npiText = lazySchema(() =>
  z.pipe(
    clearableText(IDENTIFIER_MESSAGES.npiInvalid),
    z.optional(
      z.nullable(
        z.pipe(
          z.string().check(z.refine((v) => readNpi(v) !== null, { error: IDENTIFIER_MESSAGES.npiInvalid })),
          z.transform((v: string) => readNpi(v) ?? v),
        ),
      ),
    ),
  ),
);

export const providerFormSchema = lazySchema(() =>
  z.object({
    name: nameText(VALIDATION.organizationNameRequired, 200),
    address: optionalText(),
    telephone: optionalText(40),
    office_email: z.pipe(
      optionalText(254),
      z.nullable(z.string().check(z.regex(EMAIL, { error: VALIDATION.invalidOfficeEmail }))),
    ),
    timezone: z.optional(
      z.string().check(z.regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/, { error: 'Please choose a valid time zone' })),
    ),
    /** The organization's own texting sender; absent: left as it is (updates), null or blank: none. */
    sms_sender: z.optional(
      z.pipe(
        optionalText(40),
        z.nullable(z.string().check(z.refine(isSmsSender, { error: VALIDATION.invalidSmsSender }))),
      ),
    ),
    version,
    daily_call_limit: dailyLimit,
    daily_text_limit: dailyLimit,
    /**
     * The practice's group (type 2) NPI, which its claims bill under (the claim's Billing NPI); null or
     * blank: none, each billing practitioner's own NPI bills.
     */
    group_npi: npiText,
  }),
);
export type ProviderFormInput = z.input<typeof providerFormSchema>;

/**
 * An organization's on-call number (DECISIONS "Warm transfer"): read in E.164 like a patient's
 * phone, whose country the use case checks against the served ones; null or blank removes it.
 */
export const onCallNumberSchema = lazySchema(() =>
  z.object({
    on_call_number: z.pipe(
      z.pipe(
        z.nullable(
          z
            .string({ error: ON_CALL_MESSAGES.required })
            .check(z.trim(), z.maxLength(40, { error: VALIDATION.invalidPhone })),
        ),
        z.transform((v: string | null) => (v ? v : null)),
      ),
      z.nullable(
        z.pipe(
          z.string().check(z.refine((v) => toE164(v) !== null, { error: VALIDATION.invalidPhone })),
          z.transform((v: string) => toE164(v) ?? v),
        ),
      ),
    ),
    version,
  }),
);

/** A patient's billing practitioner: a user id, or null for none (checked against the organization by the server). */
const billingPractitioner = lazySchema(() =>
  z.optional(z.nullable(recordIdSchema(CCM_MESSAGES.billingPractitionerInvalid))),
);

/** The medical record number as readMrn keeps it (shared/enrollment/patient-fields.ts). */
const mrn = lazySchema(() =>
  z.pipe(
    clearableText(IMPORT_MESSAGES.mrnInvalid),
    z.optional(
      z.nullable(z.string().check(z.refine((v) => 'mrn' in readMrn(v), { error: IMPORT_MESSAGES.mrnInvalid }))),
    ),
  ),
);

/**
 * The date of birth's shape: a real day from 1900 on, read as `YYYY-MM-DD` (readDateOfBirth). Whether
 * it is in the future is the organization's day: the server checks that, as for consent dates.
 */
const SHAPE_ONLY = '9999-12-31';
const dateOfBirthProblem = (v: string) => {
  const read = readDateOfBirth(v, SHAPE_ONLY);
  return 'problem' in read ? read.problem : null;
};
const dateOfBirth = lazySchema(() =>
  z.pipe(
    clearableText(IMPORT_MESSAGES.dateOfBirthInvalid),
    z.optional(
      z.nullable(
        z.pipe(
          z.string().check(
            z.refine((v) => dateOfBirthProblem(v) === null, {
              error: (issue) => dateOfBirthProblem(String(issue.input)) ?? IMPORT_MESSAGES.dateOfBirthInvalid,
            }),
          ),
          z.transform((v: string) => {
            const read = readDateOfBirth(v, SHAPE_ONLY);
            return 'date' in read ? read.date : v;
          }),
        ),
      ),
    ),
  ),
);

/** The Medicare Beneficiary Identifier as readMbi keeps it (upper case, no dashes). */
const mbi = lazySchema(() =>
  z.pipe(
    clearableText(IDENTIFIER_MESSAGES.mbiInvalid),
    z.optional(
      z.nullable(
        z.pipe(
          z.string().check(z.refine((v) => readMbi(v) !== null, { error: IDENTIFIER_MESSAGES.mbiInvalid })),
          z.transform((v: string) => readMbi(v) ?? v),
        ),
      ),
    ),
  ),
);

export const patientFormSchema = lazySchema(() =>
  z.object({
    email: email(VALIDATION.emailRequired),
    first_name: nameText(VALIDATION.firstNameRequired),
    last_name: nameText(VALIDATION.lastNameRequired),
    phone_number: patientPhone,
    /** Absent: left as it is; null: none. */
    billing_practitioner_id: billingPractitioner,
    /** Absent: left as it is; null or blank: none. Unique in the organization (the server checks). */
    mrn,
    /** Absent: left as it is; null or blank: none. */
    date_of_birth: dateOfBirth,
    /** The Medicare Beneficiary Identifier, stored without dashes; absent: left as it is; null or blank: none. */
    mbi,
    /** Absent: left as it is (English for a new patient). */
    preferred_language: z.optional(z.enum(PREFERRED_LANGUAGES, { error: IMPORT_MESSAGES.languageInvalid })),
    version,
  }),
);

// CCM consent (product-rules.md "Care management (CCM)").

const calendarDate = (message: string) =>
  z.string({ error: message }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: message }));

/**
 * A consent change: accepted needs a method and all four disclosures; every status needs its date
 * (not in the future in the organization's time zone: the server checks that).
 */
export const consentSchema = lazySchema(() =>
  z
    .object({
      status: z.enum(RECORDED_CONSENT_STATUSES, { error: CCM_MESSAGES.consentStatusRequired }),
      date: calendarDate(CCM_MESSAGES.consentDateRequired),
      method: z.optional(z.nullable(z.enum(CONSENT_METHODS, { error: CCM_MESSAGES.consentMethodRequired }))),
      disclosures: z.pipe(
        z.optional(
          z
            .array(z.enum(CONSENT_DISCLOSURES, { error: CCM_MESSAGES.consentDisclosureInvalid }))
            .check(z.maxLength(CONSENT_DISCLOSURES.length, { error: CCM_MESSAGES.consentDisclosureInvalid })),
        ),
        z.transform((list: ConsentDisclosure[] | undefined) => CONSENT_DISCLOSURES.filter((d) => list?.includes(d))),
      ),
    })
    .check(
      z.refine((c) => c.status !== 'accepted' || Boolean(c.method), {
        error: CCM_MESSAGES.consentMethodRequired,
        path: ['method'],
      }),
      z.refine((c) => c.status !== 'accepted' || c.disclosures.length === CONSENT_DISCLOSURES.length, {
        error: CCM_MESSAGES.consentDisclosuresRequired,
        path: ['disclosures'],
      }),
    ),
);

export const outreachSchema = lazySchema(() =>
  z.object({
    first_outreach_date: z
      .string({ error: VALIDATION.outreachDateInPast })
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION.outreachDateInPast })),
    time_preference: z.enum(TIME_PREFERENCES, { error: VALIDATION.timePreferenceInvalid }),
  }),
);

export const createPatientSchema = lazySchema(() =>
  z.extend(patientFormSchema, {
    provider_id: z.pipe(
      z.string({ error: VALIDATION.providerRequired }).check(z.minLength(1, { error: VALIDATION.providerRequired })),
      recordIdSchema(ID_MESSAGES.providerId),
    ),
    outreach: z.optional(z.nullable(outreachSchema)),
    /** Consent asked while adding the patient; absent or null: not asked yet. */
    consent: z.optional(z.nullable(consentSchema)),
  }),
);

/** Each channel once: a repeat is dropped; a list longer than the channels there are is refused. */
const channels = lazySchema(() =>
  z.pipe(
    z
      .array(z.enum(NOTIFICATION_CHANNELS, { error: 'Please choose a valid notification channel' }))
      .check(z.maxLength(NOTIFICATION_CHANNELS.length, { error: 'Each notification channel can be chosen once' })),
    z.transform((list: NotificationChannel[]) => [...new Set(list)]),
  ),
);
export const notificationPreferencesSchema = lazySchema(() =>
  z.object({ new_summaries: channels, escalations: channels }),
);

const userFields = lazySchema(() => ({
  email: email(VALIDATION.emailRequired),
  first_name: nameText(VALIDATION.firstNameRequired),
  last_name: nameText(VALIDATION.lastNameRequired),
  phone_number: usPhone,
  role: z.enum(ROLES, { error: 'Please choose a role' }),
  provider_id: z.optional(z.nullable(organizationChoice)),
  notification_preferences: z.optional(notificationPreferencesSchema),
  /** Provider users only; absent keeps the current one (a new provider user: clinical staff). */
  care_role: z.optional(z.nullable(z.enum(CARE_ROLES, { error: CCM_MESSAGES.careRoleInvalid }))),
  /** Provider users' National Provider Identifier; absent keeps the current one, null or blank removes it. */
  npi: npiText,
}));

const providerRequiredForRole = (u: { role: string; provider_id?: string | null | undefined }) =>
  u.role === 'careloop_employee' || Boolean(u.provider_id);

/**
 * A new account's temporary password comes from Cognito's invitation, never from an operator
 * (DECISIONS "Passwords, first sign-in and MFA"): a request that still carries one is refused, so
 * an older client cannot believe it set one.
 */
export const createUserSchema = lazySchema(() =>
  z
    .object({
      ...userFields,
      password: z.optional(z.undefined({ error: VALIDATION.passwordSetByInvitation })),
    })
    .check(z.refine(providerRequiredForRole, { error: VALIDATION.providerRequired, path: ['provider_id'] })),
);

export const updateUserSchema = lazySchema(() =>
  z
    .object(userFields)
    .check(z.refine(providerRequiredForRole, { error: VALIDATION.providerRequired, path: ['provider_id'] })),
);

export const documentSchema = lazySchema(() =>
  z.object({
    content: z.pipe(
      z.string({ error: 'Content is required' }).check(z.trim()),
      z.string().check(z.maxLength(20_000, { error: VALIDATION.contentTooLong })),
    ),
    version,
  }),
);

export const DOCUMENT_VERSION_REQUIRED = 'The version you edited is required. Reload the document and try again.';

/** PUT of a care plan or EMR notes: the version read is required, so no save can overwrite another unseen. */
export const documentUpdateSchema = lazySchema(() =>
  z.object({
    content: documentSchema.shape.content,
    version: z
      .number({ error: DOCUMENT_VERSION_REQUIRED })
      .check(z.int(), z.positive({ error: DOCUMENT_VERSION_REQUIRED })),
  }),
);

// The structured care plan (product-rules.md "Care management (CCM)"): absent fields but the
// conditions are empty.

/** Optional plan text: trimmed, bounded; absent or null is empty. */
const planText = (max: number) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, { error: VALIDATION.contentTooLong })))),
    z.transform((v: string | null | undefined) => v ?? ''),
  );

/** An optional list, at most `max` items; absent or null is empty. */
const planList = <T extends z.ZodMiniType>(item: T, max: number, tooMany: string) =>
  z.pipe(
    z.optional(z.nullable(z.array(item).check(z.maxLength(max, { error: tooMany })))),
    z.transform((v: z.output<T>[] | null | undefined) => v ?? []),
  );

const medicationSchema = lazySchema(() =>
  z.object({
    name: requiredText(CCM_MESSAGES.medicationNameRequired, 200),
    dose: planText(100),
    instructions: planText(500),
  }),
);

const carePlanFields = lazySchema(() => ({
  // Required (possibly empty): a plan always says which chronic conditions it covers.
  conditions: z.pipe(
    z
      .array(chronicConditionSchema, { error: CCM_MESSAGES.conditionsRequired })
      .check(z.maxLength(30, { error: CCM_MESSAGES.tooManyConditions })),
    z.array(z.object({ code: z.string(), description: z.string() })).check(
      z.refine((list) => new Set(list.map((c) => c.code)).size === list.length, {
        error: CCM_MESSAGES.conditionDuplicate,
      }),
    ),
  ),
  expected_outcome: planText(2000),
  goals: planList(requiredText(CCM_MESSAGES.goalRequired, 300), 20, CCM_MESSAGES.tooManyGoals),
  symptom_management: planText(4000),
  interventions: planText(4000),
  medications: planList(medicationSchema, 50, CCM_MESSAGES.tooManyMedications),
  // The numbers a reading should stay within (shared/observations/rules.ts); none when absent.
  targets: z.optional(measureTargetsSchema),
  note: planText(20_000),
}));

/** POST of the first care plan. */
export const carePlanSchema = lazySchema(() => z.object({ ...carePlanFields, version }));

/** PUT of a care plan: the version read is required, like every clinical document's. */
export const carePlanUpdateSchema = lazySchema(() =>
  z.object({
    ...carePlanFields,
    version: z
      .number({ error: DOCUMENT_VERSION_REQUIRED })
      .check(z.int(), z.positive({ error: DOCUMENT_VERSION_REQUIRED })),
  }),
);

/** First message of a failed parse, for forms that show one error at a time (as the spec's forms do). */
export function firstError(schema: z.ZodMiniType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}

// Calls and settings (product-rules.md "Calls").

/** `scheduleCall` */
export const scheduleCallSchema = lazySchema(() =>
  z.object({
    when: z.enum(SCHEDULE_OPTIONS, { error: CALL_MESSAGES.scheduleOptionRequired }),
  }),
);

/** `updateSettings`: every field optional; `version` guards against lost updates. */
export const settingsSchema = lazySchema(() =>
  z
    .object({
      assistantId: z.optional(requiredText(CALL_MESSAGES.assistantIdRequired, 100)),
      voiceId: z.optional(
        z.enum(VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]], { error: CALL_MESSAGES.voiceRequired }),
      ),
      systemPrompt: z.optional(requiredText(CALL_MESSAGES.promptRequired, PROMPT_MAX_LENGTH)),
      version: z.optional(z.number().check(z.int(), z.minimum(0))),
    })
    .check(
      z.refine((v) => v.assistantId !== undefined || v.voiceId !== undefined || v.systemPrompt !== undefined, {
        error: CALL_MESSAGES.settingsNothingToChange,
      }),
    ),
);

// Summaries (product-rules.md "Screens", "Summaries, escalations and notifications").

/** `listSummaries` query: `month` is `all` or YYYY-MM; `tab` one of the six tabs. */
export const summariesQuerySchema = lazySchema(() =>
  z.object({
    month: z.optional(
      z.string().check(z.regex(/^(all|\d{4}-(0[1-9]|1[0-2]))$/, { error: SUMMARY_MESSAGES.monthInvalid })),
    ),
    tab: z.optional(z.enum(SUMMARY_TABS, { error: SUMMARY_MESSAGES.tabInvalid })),
    // Checked by the server with every list's cursor (lambdas/kernel/cursor.ts: `request.invalid_cursor`).
    cursor: z.optional(z.string()),
  }),
);

/** `setSummaryStatus` */
export const summaryStatusSchema = lazySchema(() =>
  z.object({
    status: z.enum(SUMMARY_STATUSES, { error: SUMMARY_MESSAGES.statusInvalid }),
    version: z.number({ error: SUMMARY_MESSAGES.versionRequired }).check(z.int(), z.minimum(1)),
  }),
);

// Paged lists (issue 10: a limit and an opaque cursor).

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

/**
 * `?limit=&cursor=` of a paged list. The cursor is opaque here: the server checks that it is one it
 * made (lambdas/kernel/cursor.ts), with its own code.
 */
export const pageQuerySchema = lazySchema(() =>
  z.object({
    limit: z.optional(
      z.pipe(
        z.string().check(z.regex(/^\d{1,3}$/, { error: PAGE_LIMIT_MESSAGE })),
        z.pipe(
          z.transform((v: string) => Number(v)),
          z
            .number()
            .check(
              z.minimum(1, { error: PAGE_LIMIT_MESSAGE }),
              z.maximum(PAGE_LIMIT_MAX, { error: PAGE_LIMIT_MESSAGE }),
            ),
        ),
      ),
    ),
    cursor: z.optional(z.string()),
  }),
);
export type PageQuery = z.output<typeof pageQuerySchema>;

export const OBSERVATION_CODE_MESSAGE = 'Code must be the LOINC code of a measure CareLoop records';
const LOINC_CODES: readonly string[] = MEASURE_NAMES.map((m) => MEASURES[m].loinc);

/** `listObservations`: a page, of one measure's LOINC code or of every measure. */
export const observationQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    code: z.optional(z.string().check(z.refine((c) => LOINC_CODES.includes(c), { error: OBSERVATION_CODE_MESSAGE }))),
  }),
);
