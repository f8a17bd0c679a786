/**
 * The APCM monthly log (issue 26 item 2; the handbook's ccm/README.md "Since 2025"): APCM pays a
 * monthly bundle when the practice can deliver every service element and logs what it did each
 * month. This names the elements once (ids and the labels staff read), the request schemas the
 * panel and the API share, the answer and the words both sides show. Pure: no I/O.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { programInForce, type ProgramChange } from './ccm/patient-month';
import { PROGRAMS } from './ccm/programs';
import { CARE_ROLES, CARE_ROLE_LABELS } from './roles';
import { TRANSITION_KINDS, TRANSITION_KIND_LABELS, shortDate } from './care-transitions';
import { pathIdSchema } from './path-schemas';

/** The service elements of APCM, in the handbook's order. */
export const APCM_ELEMENTS = [
  'access_continuity',
  'care_management',
  'care_plan_shared',
  'care_transitions',
  'community_coordination',
  'digital_communication',
  'population_management',
] as const;
export type ApcmElement = (typeof APCM_ELEMENTS)[number];

export const APCM_ELEMENT_LABELS: Record<ApcmElement, string> = {
  access_continuity: '24/7 access and continuity of care',
  care_management: 'Comprehensive care management',
  care_plan_shared: 'Electronic care plan shared with the patient',
  care_transitions: 'Care transitions (follow-up after a discharge or ED visit)',
  community_coordination: 'Coordination with community services',
  digital_communication: 'Digital communication (texts, portal)',
  population_management: 'Population-level management and risk stratification',
};

/** A staff note on a mark: a short line, not a clinical document. */
export const APCM_NOTE_MAX_LENGTH = 280;

export const APCM_LOG_MESSAGES = {
  title: 'APCM monthly log',
  monthInvalid: 'Please choose a month',
  monthInFuture: 'A month that has not started yet cannot be logged',
  elementInvalid: `Please choose one of the APCM service elements: ${APCM_ELEMENTS.join(', ')}`,
  elementTwice: 'Each service element can be marked once',
  noteTooLong: `A note can be at most ${APCM_NOTE_MAX_LENGTH} characters`,
  noteInvalid: 'A note must be text',
  elementsInvalid: 'Give the service elements you mark as a list',
  versionRequired: 'The log’s version is required (0 for a month not logged yet)',
  logIsForStaff: 'Only provider staff mark APCM service elements',
  changed: 'The APCM log was changed by someone else. Reload and try again.',
  monthBilled: 'This month has been billed; its APCM log is frozen.',
  notApcmMonth: 'Only a month the patient is enrolled in APCM can be logged; this month is not under APCM.',
  saved: 'APCM log saved',
  saveFailed: 'Failed to save the APCM log',
  fetchFailed: 'Failed to fetch the APCM log',
  noneRecorded: 'None recorded',
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = lazySchema(() =>
  z.string({ error: APCM_LOG_MESSAGES.monthInvalid }).check(z.regex(MONTH, { error: APCM_LOG_MESSAGES.monthInvalid })),
);

/**
 * Only a month under APCM is logged: the program in force that month (the patient's history) must
 * be APCM. A month before the patient's first APCM enrolment, the patient's creation included, is
 * under CCM by default, so it is not.
 */
export const isApcmMonth = (history: readonly ProgramChange[], month: string) =>
  programInForce(history, month).program === 'apcm';

/** A log staff can still change: the month is under APCM and not billed. */
export const apcmLogOpen = (log: Pick<ApcmLog, 'program' | 'billed_at'>) =>
  log.program === 'apcm' && log.billed_at === null;

/** `getApcmLog`: a month (this month in the organization's time zone by default). */
export const apcmLogQuerySchema = lazySchema(() => z.object({ month: z.optional(month) }));

/** `setApcmLog`: path. */
export const apcmLogPathSchema = lazySchema(() => z.object({ patientId: pathIdSchema('patient'), month }));

/** Trimmed first, so spaces around it count toward nothing. */
const note = lazySchema(() =>
  z.pipe(
    z.pipe(
      z.string({ error: APCM_LOG_MESSAGES.noteInvalid }),
      z.transform((s) => s.trim()),
    ),
    z.string().check(z.maxLength(APCM_NOTE_MAX_LENGTH, { error: APCM_LOG_MESSAGES.noteTooLong })),
  ),
);

/**
 * `setApcmLog`: the elements the signed-in staff member marks this month, each with an optional
 * note; it replaces their own marks only (another's stay; CareLoop's own cannot be unmarked).
 * `version` is the log's as it was read (0: not logged yet), so two people cannot overwrite each other.
 */
export const apcmLogRequestSchema = lazySchema(() =>
  z.object({
    version: z.number({ error: APCM_LOG_MESSAGES.versionRequired }).check(z.int(), z.minimum(0)),
    elements: z
      .array(
        z.object({
          element: z.enum(APCM_ELEMENTS, { error: APCM_LOG_MESSAGES.elementInvalid }),
          note: z.optional(z.nullable(note)),
        }),
        { error: APCM_LOG_MESSAGES.elementsInvalid },
      )
      .check(
        z.maxLength(APCM_ELEMENTS.length, { error: APCM_LOG_MESSAGES.elementTwice }),
        z.refine((list) => new Set(list.map((e) => e.element)).size === list.length, {
          error: APCM_LOG_MESSAGES.elementTwice,
        }),
      ),
  }),
);
export type ApcmLogRequest = z.output<typeof apcmLogRequestSchema>;

/**
 * What CareLoop recorded that delivered an element: a call, a text each way, or the text that sent
 * the patient a link to their care plan. Ids and times only.
 */
export const APCM_EVIDENCE_KINDS = ['check_in_call', 'text_sent', 'text_received', 'care_plan_text'] as const;
export type ApcmEvidenceKind = (typeof APCM_EVIDENCE_KINDS)[number];

export const apcmEvidenceRecord = lazySchema(() =>
  z.object({
    kind: z.enum(APCM_EVIDENCE_KINDS),
    /** The call's id, or the text's. */
    id: z.string(),
    at: z.string(),
    /** The discharge or ED visit this contact followed up (care transitions only). */
    follows: z.optional(z.object({ id: z.string(), kind: z.enum(TRANSITION_KINDS), date: z.string() })),
  }),
);
export type ApcmEvidence = z.output<typeof apcmEvidenceRecord>;

export const apcmMarkRecord = lazySchema(() =>
  z.object({
    user_id: z.string(),
    by_name: z.string(),
    care_role: z.enum(CARE_ROLES),
    at: z.string(),
    note: z.nullable(z.string()),
  }),
);
export type ApcmMark = z.output<typeof apcmMarkRecord>;

export const apcmLogRecord = lazySchema(() =>
  z.object({
    month: z.string(),
    /** The program the month is billed under (the log counts for APCM months). */
    program: z.enum(PROGRAMS),
    /** The stored log's version (0: nobody marked anything yet); a save sends it back. */
    version: z.number(),
    /** When the month was billed: its log is frozen from then on (null: not billed). */
    billed_at: z.nullable(z.string()),
    /** Every element, delivered or not, in the handbook's order. */
    elements: z.array(
      z.object({
        element: z.enum(APCM_ELEMENTS),
        delivered: z.boolean(),
        /** What CareLoop recorded that delivered it this month; empty: nothing. */
        evidence: z.array(apcmEvidenceRecord),
        /** Staff marks, oldest first. */
        marks: z.array(apcmMarkRecord),
      }),
    ),
  }),
);
export type ApcmLog = z.output<typeof apcmLogRecord>;
export type ApcmLogEntry = ApcmLog['elements'][number];

export const apcmLogAnswer = lazySchema(() => z.object({ apcm_log: apcmLogRecord }));
export type ApcmLogAnswer = z.output<typeof apcmLogAnswer>;

const EVIDENCE_WORDS: Record<ApcmEvidenceKind, string> = {
  check_in_call: 'AI check-in call answered',
  text_sent: 'text sent',
  text_received: 'text received',
  care_plan_text: 'care plan link texted',
};

/**
 * One piece of evidence in words with its day (`dayOf` formats the instant in the organization's
 * zone); a follow-up names its transition first: "Follow-up after hospital discharge, Dec 3: AI
 * check-in call answered Dec 4, 2026".
 */
export const evidenceLine = (evidence: ApcmEvidence, dayOf: (at: string) => string) => {
  const contact = `${EVIDENCE_WORDS[evidence.kind]} ${dayOf(evidence.at)}`;
  if (!evidence.follows) return contact;
  const what = TRANSITION_KIND_LABELS[evidence.follows.kind];
  const after = what.startsWith('ED') ? what : what.toLowerCase();
  return `Follow-up after ${after}, ${shortDate(evidence.follows.date)}: ${contact}`;
};

/** A staff mark in words: who, their care role, and the note. */
export const markLine = (mark: ApcmMark) =>
  `${mark.by_name} (${CARE_ROLE_LABELS[mark.care_role]})${mark.note ? `: ${mark.note}` : ''}`;

/** The elements delivered in a log. */
export const deliveredElements = (log: Pick<ApcmLog, 'elements'>) => log.elements.filter((e) => e.delivered);
