/**
 * The care plan shared with the patient (issue 26; the handbook's ccm/README.md "Since 2025": APCM's
 * "electronic care plan shared with the patient"). Staff text the patient a link to their care plan;
 * the link's page (`/care-plan/{token}`) shows nothing but the practice's name until the patient
 * gives their date of birth, then the care plan in force, read-only. This names the request and answer
 * schemas both sides share, the link's address and the text the patient receives; its limits and
 * words are in ./care-plan-link-texts.ts (handed on from here). Pure: no I/O.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { carePlanFieldsRecord } from './api/records';
import { PREFERRED_LANGUAGES, type PreferredLanguage } from './enrollment/patient-fields';
import { CARE_PLAN_LINK_MESSAGES } from './care-plan-link-texts';

export * from './care-plan-link-texts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `openCarePlanLink`: without a date of birth the page learns only the practice's name and its language. */
export const openCarePlanLinkSchema = lazySchema(() =>
  z.object({
    date_of_birth: z.optional(
      z
        .string({ error: CARE_PLAN_LINK_MESSAGES.dateOfBirthInvalid })
        .check(
          z.minLength(1, { error: CARE_PLAN_LINK_MESSAGES.dateOfBirthRequired, abort: true }),
          z.regex(ISO_DATE, { error: CARE_PLAN_LINK_MESSAGES.dateOfBirthInvalid }),
        ),
    ),
  }),
);
export type OpenCarePlanLinkInput = z.output<typeof openCarePlanLinkSchema>;

/** `sendCarePlanLink`: the text as it went, and when the link stops working. */
export const sendCarePlanLinkAnswer = lazySchema(() =>
  z.object({
    /** The text's id in the patient's text history. */
    message_id: z.string(),
    expires: z.string(),
  }),
);
export type SendCarePlanLinkResponse = z.output<typeof sendCarePlanLinkAnswer>;

/** The care plan in force as the patient reads it: the plan's words as written, its version and date. */
export const sharedCarePlanRecord = lazySchema(() =>
  z.extend(carePlanFieldsRecord, {
    note: z.string(),
    version: z.number(),
    updated_at: z.string(),
  }),
);
export type SharedCarePlan = z.output<typeof sharedCarePlanRecord>;

/**
 * `openCarePlanLink`. Before the right date of birth (`verified: false`): the practice's name and
 * the page's language only. After it: the patient's first name, the practice's phone and the plan.
 */
export const carePlanLinkAnswer = lazySchema(() =>
  z.object({
    verified: z.boolean(),
    language: z.enum(PREFERRED_LANGUAGES),
    organization: z.strictObject({ name: z.string(), telephone: z.optional(z.nullable(z.string())) }),
    patient: z.optional(z.strictObject({ first_name: z.string() })),
    care_plan: z.optional(sharedCarePlanRecord),
  }),
);
export type CarePlanLinkResponse = z.output<typeof carePlanLinkAnswer>;

/** A care plan link for a patient: a Spanish speaker's carries `?lang=es`, so the page's first words are Spanish. */
export function carePlanLinkUrl(webOrigin: string, token: string, language: PreferredLanguage | undefined): string {
  return `${webOrigin}/care-plan/${token}${language === 'es' ? '?lang=es' : ''}`;
}

/**
 * The text the patient receives, without the link and the footer (what the text history keeps: the
 * link is a credential and is never stored). Reviewed strings.
 */
export const CARE_PLAN_TEXTS: Record<PreferredLanguage, (firstName: string, organizationName: string) => string> = {
  en: (firstName, organizationName) =>
    `Hi ${firstName}, ${organizationName} has shared your care plan with you. Open the link and enter your date of birth to read it.`,
  es: (firstName, organizationName) =>
    `Hola ${firstName}, ${organizationName} le ha enviado su plan de cuidado. Abra el enlace e ingrese su fecha de nacimiento para leerlo.`,
};
