/**
 * The audit packet of one patient-month (issue 26 item 5): what an auditor asks for behind a
 * care-management claim, in one answer the printable page shows. Consent with its disclosures, the
 * care plan version in force, every time log line with its person and care role, the AI
 * assistant's contacts (documented, never billed), and each code with the rule that supports it.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { CONSENT_DISCLOSURES, CONSENT_METHODS, RECORDED_CONSENT_STATUSES } from './consent';
import { PREFERRED_LANGUAGES } from './enrollment/patient-fields';
import { carePlanFieldsRecord, ccmMonthTotalsRecord, timeEntryRecord } from './api/records';
import { BILLING_MESSAGES } from './care-time';
import { APCM_ELEMENTS, apcmEvidenceRecord, apcmMarkRecord } from './apcm';

/** `auditPacket`: a month (this month in the organization's time zone by default). */
export const auditPacketQuerySchema = lazySchema(() =>
  z.object({
    month: z.optional(
      z
        .string({ error: BILLING_MESSAGES.monthInvalid })
        .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: BILLING_MESSAGES.monthInvalid })),
    ),
  }),
);

const nullableText = lazySchema(() => z.nullable(z.string()));

export const auditPacketAnswer = lazySchema(() =>
  z.object({
    month: z.string(),
    /** The practice, with its group (type 2) NPI (null: none). */
    organization: z.object({ id: z.string(), name: z.string(), group_npi: nullableText }),
    patient: z.object({
      id: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      date_of_birth: nullableText,
      mbi: nullableText,
      mrn: nullableText,
    }),
    billing_practitioner: z.nullable(z.object({ id: z.string(), name: z.string(), npi: nullableText })),
    /**
     * The NPIs the month's claim carries, as the claim CSV writes them: billing (the practice's group
     * NPI when it has one, else the practitioner's) and rendering (the billing practitioner's); null: unknown.
     */
    claim_npis: z.object({ billing: nullableText, rendering: nullableText }),
    /** The consent change in force at the month's end (its latest on or before the last day); null: none recorded. */
    consent: z.nullable(
      z.object({
        status: z.enum(RECORDED_CONSENT_STATUSES),
        date: z.string(),
        method: z.nullable(z.enum(CONSENT_METHODS)),
        disclosures: z.array(z.enum(CONSENT_DISCLOSURES)),
        /** The language the consent script was read in; null when recorded before CareLoop kept it. */
        script_language: z.nullable(z.enum(PREFERRED_LANGUAGES)),
        recorded_by_name: nullableText,
        recorded_at: z.string(),
      }),
    ),
    /** The care plan version saved last before the month ended; null: none yet. */
    care_plan: z.nullable(
      z.object({
        version: z.number(),
        saved_at: z.string(),
        note: z.string(),
        plan: z.nullable(carePlanFieldsRecord),
      }),
    ),
    totals: ccmMonthTotalsRecord,
    /** Every line of the month's time log, corrections included, oldest first. */
    time_entries: z.array(timeEntryRecord),
    /** The AI assistant's calls that reached the patient this month: documented as contacts, never minutes. */
    ai_contacts: z.array(
      z.object({
        call_id: z.string(),
        started_at: z.string(),
        duration_seconds: z.nullable(z.number()),
        outcome: nullableText,
      }),
    ),
    /**
     * The APCM service elements delivered in the month (issue 26 item 5), in the handbook's order,
     * each with CareLoop's evidence and the staff's marks; empty: none recorded.
     */
    apcm_elements: z.array(
      z.object({
        element: z.enum(APCM_ELEMENTS),
        evidence: z.array(apcmEvidenceRecord),
        marks: z.array(apcmMarkRecord),
      }),
    ),
    program: z.string(),
    /** Each code with the minutes behind it and the rule that supports it. */
    codes: z.array(z.object({ code: z.string(), minutes: z.number(), reason: z.string() })),
    /** The engine's reason for the codes, or for none. */
    reason: z.string(),
    billed: z.nullable(z.object({ at: z.string(), by_name: z.string() })),
  }),
);
export type AuditPacket = z.output<typeof auditPacketAnswer>;

/** A code's line in the rule trail: `99490: 20 minutes of clinical staff time`. */
export const ruleLine = (line: { code: string; reason: string }) => `${line.code}: ${line.reason}`;

export const AUDIT_PACKET_MESSAGES = {
  title: 'Audit packet',
  fetchFailed: 'Failed to fetch the audit packet',
  print: 'Print or save as PDF',
} as const;
