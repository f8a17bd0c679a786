/**
 * Request schemas shared by the forms (web) and the API (lambdas): the same rules and the spec's
 * exact messages (§5) on both sides. zod/mini keeps Lambda bundles small.
 */
import * as z from 'zod/mini';
import { NOTIFICATION_CHANNELS, TIME_PREFERENCES } from './domain';
import { CALL_MESSAGES, SUMMARY_MESSAGES, VALIDATION } from './messages';
import { SUMMARY_STATUSES, SUMMARY_TABS } from './summaries';
import { PROMPT_MAX_LENGTH, SCHEDULE_OPTIONS, VOICES, type VoiceId } from './calls';
import { GENERAL_PHONE, US_PHONE, stripPhoneFormatting } from './phone';
import { ROLES } from './roles';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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

const generalPhone = z.pipe(
  z.pipe(
    optionalText(40),
    z.transform((v: string | null) => (v ? stripPhoneFormatting(v) : null)),
  ),
  z.nullable(z.string().check(z.regex(GENERAL_PHONE, { error: VALIDATION.invalidPhone }))),
);

const usPhone = z.pipe(
  optionalText(40),
  z.nullable(z.string().check(z.regex(US_PHONE, { error: VALIDATION.invalidUsPhone }))),
);

const version = z.optional(z.number().check(z.int(), z.positive()));

export const providerFormSchema = z.object({
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
  version,
});
export type ProviderFormInput = z.input<typeof providerFormSchema>;

export const patientFormSchema = z.object({
  email: email(VALIDATION.emailRequired),
  first_name: nameText(VALIDATION.firstNameRequired),
  last_name: nameText(VALIDATION.lastNameRequired),
  phone_number: generalPhone,
  version,
});

export const outreachSchema = z.object({
  first_outreach_date: z
    .string({ error: VALIDATION.outreachDateInPast })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION.outreachDateInPast })),
  time_preference: z.enum(TIME_PREFERENCES, { error: VALIDATION.timePreferenceInvalid }),
});

export const createPatientSchema = z.extend(patientFormSchema, {
  provider_id: z
    .string({ error: VALIDATION.providerRequired })
    .check(z.minLength(1, { error: VALIDATION.providerRequired })),
  outreach: z.optional(z.nullable(outreachSchema)),
});

const channels = z.array(z.enum(NOTIFICATION_CHANNELS));
export const notificationPreferencesSchema = z.object({ new_summaries: channels, escalations: channels });

const userFields = {
  email: email(VALIDATION.emailRequired),
  first_name: nameText(VALIDATION.firstNameRequired),
  last_name: nameText(VALIDATION.lastNameRequired),
  phone_number: usPhone,
  role: z.enum(ROLES, { error: 'Please choose a role' }),
  provider_id: z.optional(z.nullable(z.string())),
  notification_preferences: z.optional(notificationPreferencesSchema),
};

const providerRequiredForRole = (u: { role: string; provider_id?: string | null | undefined }) =>
  u.role === 'careloop_employee' || Boolean(u.provider_id);

export const createUserSchema = z
  .object({
    ...userFields,
    password: z.pipe(
      z
        .string({ error: VALIDATION.passwordRequiredForNewUsers })
        .check(z.minLength(1, { error: VALIDATION.passwordRequiredForNewUsers })),
      z.string().check(z.minLength(6, { error: VALIDATION.passwordTooShort }), z.maxLength(256)),
    ),
  })
  .check(z.refine(providerRequiredForRole, { error: VALIDATION.providerRequired, path: ['provider_id'] }));

export const updateUserSchema = z
  .object(userFields)
  .check(z.refine(providerRequiredForRole, { error: VALIDATION.providerRequired, path: ['provider_id'] }));

export const documentSchema = z.object({
  content: z.pipe(
    z.string({ error: 'Content is required' }).check(z.trim()),
    z.string().check(z.maxLength(20_000, { error: VALIDATION.contentTooLong })),
  ),
  version,
});

/** First message of a failed parse, for forms that show one error at a time (as the spec's forms do). */
export function firstError(schema: z.ZodMiniType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}

// Calls and settings (DECISIONS "Calls").

/** POST /patients/{patientId}/scheduled-calls */
export const scheduleCallSchema = z.object({
  when: z.enum(SCHEDULE_OPTIONS, { error: CALL_MESSAGES.scheduleOptionRequired }),
});

/** PATCH /compliance-settings: every field optional; `version` guards against lost updates. */
export const settingsSchema = z
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
  );

// Summaries (spec §2, §4; DECISIONS "Screens").

/** GET /summaries query: `month` is `all` or YYYY-MM; `tab` one of the six tabs. */
export const summariesQuerySchema = z.object({
  month: z.optional(
    z.string().check(z.regex(/^(all|\d{4}-(0[1-9]|1[0-2]))$/, { error: SUMMARY_MESSAGES.monthInvalid })),
  ),
  tab: z.optional(z.enum(SUMMARY_TABS, { error: SUMMARY_MESSAGES.tabInvalid })),
  cursor: z.optional(z.string().check(z.maxLength(2048, { error: SUMMARY_MESSAGES.cursorInvalid }))),
});

/** PATCH /calls/{callId}/summary-status */
export const summaryStatusSchema = z.object({
  status: z.enum(SUMMARY_STATUSES, { error: SUMMARY_MESSAGES.statusInvalid }),
  version: z.number({ error: SUMMARY_MESSAGES.versionRequired }).check(z.int(), z.minimum(1)),
});
