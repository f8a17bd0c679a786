/**
 * Care transitions (issue 26 item 2, the APCM element "care transitions"): a discharge or ED visit
 * staff learned of (a hospital fax, an HIE alert, the patient told them), recorded on the patient,
 * and whether the practice followed it up. Medicare's transitional care rule asks for an
 * interactive contact within 2 business days of discharge; this module names the kinds, the
 * request and answer schemas the page and the API share, the words both sides show, and the
 * follow-up rule. Pure: no I/O.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import type { CallKind, CallStatus } from './values/calls';
import type { TextDirection, TextKind } from './values/texts';
import { addDays } from './time-preferences';
import { pageQuerySchema } from './validation';

export const TRANSITION_KINDS = ['hospital_discharge', 'ed_visit', 'snf_discharge', 'observation_stay'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

export const TRANSITION_KIND_LABELS: Record<TransitionKind, string> = {
  hospital_discharge: 'Hospital discharge',
  ed_visit: 'ED visit',
  snf_discharge: 'Skilled nursing facility discharge',
  observation_stay: 'Observation stay',
};

export const TRANSITION_FACILITY_MAX_LENGTH = 200;
export const TRANSITION_NOTE_MAX_LENGTH = 1000;
/** A discharge older than this is history, not a transition to follow up. */
export const TRANSITION_MAX_AGE_DAYS = 365;
/** Medicare's transitional care rule: an interactive contact within this many business days. */
export const FOLLOW_UP_BUSINESS_DAYS = 2;
/** A contact this many days after the date or fewer is the transition's follow-up for the APCM log. */
export const APCM_FOLLOW_UP_WINDOW_DAYS = 30;
export const TRANSITIONS_PAGE_SIZE = 20;

export const TRANSITION_MESSAGES = {
  title: 'Care transitions',
  record: 'Record Discharge',
  empty: 'No discharges or ED visits recorded.',
  kindInvalid: `Please choose the kind of transition: ${TRANSITION_KINDS.join(', ')}`,
  dateInvalid: 'Please give the discharge date as YYYY-MM-DD',
  dateInFuture: 'The discharge date cannot be after today',
  dateTooOld: 'The discharge date can be at most a year ago',
  facilityTooLong: `The facility can be at most ${TRANSITION_FACILITY_MAX_LENGTH} characters`,
  facilityInvalid: 'The facility must be text without control characters',
  noteTooLong: `A note can be at most ${TRANSITION_NOTE_MAX_LENGTH} characters`,
  noteInvalid: 'A note must be text without control characters',
  transitionsAreForStaff: 'Only provider staff record care transitions',
  saved: 'Transition recorded',
  saveFailed: 'Failed to record the transition',
  fetchFailed: 'Failed to fetch care transitions',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// eslint-disable-next-line no-control-regex -- a facility is one line
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- a note may keep its line breaks and tabs, nothing else
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Trimmed first, so spaces around it count toward nothing; empty after trimming means none. */
const optionalText = (max: number, tooLong: string, invalid: string, allowed: RegExp) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.string({ error: invalid }),
          z.transform((s) => s.trim()),
        ),
        z.string().check(z.maxLength(max, { error: tooLong }), z.regex(allowed, { error: invalid })),
      ),
    ),
  );

/**
 * `recordTransition`: what staff learned. The date is checked against the organization's today by
 * the use case (the schema cannot know the zone).
 */
export const transitionRequestSchema = lazySchema(() =>
  z.object({
    kind: z.enum(TRANSITION_KINDS, { error: TRANSITION_MESSAGES.kindInvalid }),
    date: z
      .string({ error: TRANSITION_MESSAGES.dateInvalid })
      .check(z.regex(DATE, { error: TRANSITION_MESSAGES.dateInvalid })),
    facility: optionalText(
      TRANSITION_FACILITY_MAX_LENGTH,
      TRANSITION_MESSAGES.facilityTooLong,
      TRANSITION_MESSAGES.facilityInvalid,
      ONE_LINE,
    ),
    note: optionalText(
      TRANSITION_NOTE_MAX_LENGTH,
      TRANSITION_MESSAGES.noteTooLong,
      TRANSITION_MESSAGES.noteInvalid,
      MULTI_LINE,
    ),
  }),
);
export type TransitionRequest = z.output<typeof transitionRequestSchema>;

/** `listTransitions`: a page, newest discharge first. */
export const transitionsQuerySchema = pageQuerySchema;

/** An interactive contact with the patient: an answered check-in call, or a text they sent. */
export const CONTACT_KINDS = ['check_in_call', 'text_received'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_WORDS: Record<ContactKind, string> = {
  check_in_call: 'a check-in call',
  text_received: 'a text from the patient',
};

export interface Contact {
  kind: ContactKind;
  /** The call's id, or the text's. */
  id: string;
  at: string;
}

/** A call as the rule reads it (ids, kinds and times only). */
export interface CallFact {
  id: string;
  kind: CallKind;
  status: CallStatus;
  outcome: string | null;
  started_at: string | null;
}

/** A text as the rule reads it (never its body). */
export interface TextContactFact {
  id: string;
  direction: TextDirection;
  kind: TextKind;
  createdAt: string;
}

/** STOP, START and HELP are carrier keywords, not a word with the care team. */
const KEYWORDS: ReadonlySet<TextKind> = new Set(['stop', 'start', 'help']);

/**
 * The interactive contacts among a patient's calls and texts, oldest first: an answered AI
 * check-in call (an enrollment call asks for consent, it is no follow-up) and a text the patient
 * sent (not a keyword). Staff time entries are left out: an entry records minutes and an activity
 * ("Care coordination", "Patient/caregiver communication" or free text), not whether the patient
 * was reached (a voicemail, a call with the hospital or a letter read the same), so no entry can
 * be told to be an interactive contact.
 */
export function interactiveContacts(calls: readonly CallFact[], texts: readonly TextContactFact[]): Contact[] {
  const fromCalls = calls
    .filter((c) => c.kind !== 'enrollment' && c.status === 'completed' && c.outcome === 'answered' && c.started_at)
    .map((c) => ({ kind: 'check_in_call' as const, id: c.id, at: c.started_at! }));
  const fromTexts = texts
    .filter((t) => t.direction === 'inbound' && !KEYWORDS.has(t.kind))
    .map((t) => ({ kind: 'text_received' as const, id: t.id, at: t.createdAt }));
  return [...fromCalls, ...fromTexts].sort((a, b) => a.at.localeCompare(b.at));
}

/** 0 Sunday … 6 Saturday, of a calendar date. */
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * The date `n` business days after `date`: Saturdays and Sundays are skipped. Holidays are not
 * modelled (they differ by practice and state, and CareLoop keeps no calendar of them), so a
 * follow-up due on a holiday shows due that day; the practice can only be earlier than needed.
 */
export function addBusinessDays(date: string, n: number): string {
  let day = date;
  let left = n;
  while (left > 0) {
    day = addDays(day, 1);
    const w = weekday(day);
    if (w !== 0 && w !== 6) left -= 1;
  }
  return day;
}

/** The number of calendar days from one date to a later one. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const followUpRecord = lazySchema(() =>
  z.union([
    z.object({
      status: z.literal('followed_up'),
      due_by: z.string(),
      contact: z.object({ kind: z.enum(CONTACT_KINDS), id: z.string(), at: z.string() }),
      /** The contact's day in the organization's zone. */
      on: z.string(),
      /** The contact came after `due_by`. */
      late: z.boolean(),
    }),
    z.object({ status: z.literal('due'), due_by: z.string() }),
    z.object({ status: z.literal('overdue'), due_by: z.string() }),
  ]),
);
export type FollowUp = z.output<typeof followUpRecord>;

/**
 * The follow-up of a transition dated `date` (organization's zone): the first interactive contact
 * on or after that day (`dayOf` gives an instant's day in the organization's zone; a contact
 * before the date followed up nothing). Without one it is `due` until `due_by` (2 business days
 * after the date) has passed by the organization's `today`, then `overdue`; a contact after
 * `due_by` still follows it up, marked late.
 */
export function followUpOf(
  date: string,
  contacts: readonly Contact[],
  today: string,
  dayOf: (at: string) => string,
): FollowUp {
  const dueBy = addBusinessDays(date, FOLLOW_UP_BUSINESS_DAYS);
  const first = [...contacts].sort((a, b) => a.at.localeCompare(b.at)).find((c) => dayOf(c.at) >= date);
  if (first) {
    const on = dayOf(first.at);
    return {
      status: 'followed_up',
      due_by: dueBy,
      contact: { kind: first.kind, id: first.id, at: first.at },
      on,
      late: on > dueBy,
    };
  }
  return today > dueBy ? { status: 'overdue', due_by: dueBy } : { status: 'due', due_by: dueBy };
}

export const transitionRecord = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(TRANSITION_KINDS),
    date: z.string(),
    facility: z.nullable(z.string()),
    note: z.nullable(z.string()),
    recorded_by_name: z.string(),
    recorded_at: z.string(),
    follow_up: followUpRecord,
  }),
);
export type Transition = z.output<typeof transitionRecord>;

export const transitionAnswer = lazySchema(() => z.object({ transition: transitionRecord }));
export type TransitionAnswer = z.output<typeof transitionAnswer>;
export const transitionsAnswer = lazySchema(() =>
  z.object({ items: z.array(transitionRecord), next_cursor: z.nullable(z.string()) }),
);
export type TransitionsAnswer = z.output<typeof transitionsAnswer>;

/**
 * Made on first use: the first Intl formatter of a process loads the locale data, about 6 ms of
 * every function's cold import when made at load (a CPU profile of `me`, issue 27), and most
 * functions never format a follow-up.
 */
let calendarDate: Intl.DateTimeFormat | undefined;

/** "Dec 3": a calendar date (YYYY-MM-DD) as staff read it; the date is the organization's already. */
export const shortDate = (date: string) =>
  (calendarDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(
    new Date(`${date}T12:00:00Z`),
  );

/** The follow-up in words: "Followed up Dec 3 by a check-in call", "Follow-up due by Dec 4", "Overdue since Dec 4". */
export function followUpWords(followUp: FollowUp): string {
  switch (followUp.status) {
    case 'followed_up':
      return `Followed up ${shortDate(followUp.on)} by ${CONTACT_WORDS[followUp.contact.kind]}${
        followUp.late ? ` (late: due by ${shortDate(followUp.due_by)})` : ''
      }`;
    case 'due':
      return `Follow-up due by ${shortDate(followUp.due_by)}`;
    case 'overdue':
      return `Overdue since ${shortDate(followUp.due_by)}`;
  }
}
