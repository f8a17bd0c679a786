/**
 * Which APCM service elements CareLoop itself delivered in a month, from what it recorded (issue 26
 * item 2), and the month's log: those beside the staff's marks. Pure: facts in, elements out.
 *
 * What CareLoop records and what it does not:
 * - an answered AI check-in call → comprehensive care management (the assistant reviewed the
 *   patient's conditions, symptoms and medications with them);
 * - a text sent to the patient and one received from them in the month → digital communication;
 * - a text with a link to the patient's care plan that reached the carrier in the month → the
 *   electronic care plan shared with the patient (texts/care-plan-links.ts: the link opens the plan
 *   in force once the patient gives their date of birth);
 * - a discharge or ED visit staff recorded (transitions.ts) followed up by an interactive contact
 *   (an answered check-in call or a text from the patient, shared/care-transitions.ts) within
 *   APCM_FOLLOW_UP_WINDOW_DAYS of its date → care transitions, in the month of that contact, naming
 *   the transition and the contact. A contact long after the discharge is ordinary care, not its
 *   follow-up.
 * The other elements (access and continuity, community coordination, population management) are
 * marked by staff only: CareLoop records nothing that delivers them.
 */
import { APCM_ELEMENTS, type ApcmElement, type ApcmEvidence, type ApcmLog } from '../../shared/apcm';
import type { Program } from '../../shared/ccm/programs';
import {
  APCM_FOLLOW_UP_WINDOW_DAYS,
  daysBetween,
  followUpOf,
  interactiveContacts,
} from '../../shared/care-transitions';
import { todayIn } from '../../shared/time-preferences';
import type { AiCallRecord, StoredApcmMark, TextFact, TransitionRecord } from './ports';

export interface ApcmFacts {
  /** The month's first instant and the next month's (organization's time zone), ISO UTC. */
  start: string;
  end: string;
  /** The organization's time zone: a transition's date and its contact's day are read in it. */
  timeZone: string;
  calls: readonly Pick<AiCallRecord, 'id' | 'kind' | 'status' | 'outcome' | 'started_at'>[];
  texts: readonly TextFact[];
  /** The patient's transitions that may have been followed up in the month (dated up to the window before it). */
  transitions: readonly Pick<TransitionRecord, 'id' | 'kind' | 'date'>[];
}

/** Care transitions followed up in the month: the first contact after each, within the window, in the month. */
function followedUp(facts: ApcmFacts, inMonth: (at: string | null) => at is string): ApcmEvidence[] {
  const contacts = interactiveContacts(facts.calls, facts.texts);
  const dayOf = (at: string) => todayIn(facts.timeZone, new Date(at));
  return facts.transitions
    .flatMap((t): ApcmEvidence[] => {
      // Today does not matter here: only a transition already followed up marks the element.
      const f = followUpOf(t.date, contacts, t.date, dayOf);
      if (f.status !== 'followed_up' || daysBetween(t.date, f.on) > APCM_FOLLOW_UP_WINDOW_DAYS) return [];
      if (!inMonth(f.contact.at)) return [];
      return [{ ...f.contact, follows: { id: t.id, kind: t.kind, date: t.date } }];
    })
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** An enrolment call asks for consent: it is not care management. */
const isCheckIn = (call: ApcmFacts['calls'][number]) =>
  call.kind !== 'enrollment' && call.status === 'completed' && call.outcome === 'answered';

/** A text that reached the carrier (a failed or undelivered one was no communication). */
const OUTBOUND_REACHED = new Set(['queued', 'accepted', 'sent', 'delivered']);
/** STOP, START and HELP are carrier keywords and CareLoop's automatic answers to them, not an exchange with the care team. */
const KEYWORD_KINDS = new Set(['stop', 'start', 'help']);

const isSent = (t: TextFact) =>
  t.direction === 'outbound' && OUTBOUND_REACHED.has(t.status) && !KEYWORD_KINDS.has(t.kind);
const isReceived = (t: TextFact) => t.direction === 'inbound' && !KEYWORD_KINDS.has(t.kind);
/** A care plan link texted: shared once the carrier took it (the link opens the plan for 30 days). */
const isCarePlanShared = (t: TextFact) =>
  t.direction === 'outbound' && t.kind === 'care_plan' && OUTBOUND_REACHED.has(t.status);

/** The elements CareLoop delivered in the month, each with its evidence (oldest first). */
export function automaticElements(facts: ApcmFacts): Partial<Record<ApcmElement, ApcmEvidence[]>> {
  const inMonth = (at: string | null): at is string => at !== null && at >= facts.start && at < facts.end;
  const out: Partial<Record<ApcmElement, ApcmEvidence[]>> = {};
  const calls = facts.calls
    .filter((c) => isCheckIn(c) && inMonth(c.started_at))
    .map((c) => ({ kind: 'check_in_call' as const, id: c.id, at: c.started_at! }))
    .sort((a, b) => a.at.localeCompare(b.at));
  if (calls.length > 0) out.care_management = calls;
  const texts = [...facts.texts]
    .filter((t) => inMonth(t.createdAt))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const sent = texts.find(isSent);
  const received = texts.find(isReceived);
  // An exchange needs both ways: a reminder nobody answered is a notice, not communication.
  if (sent && received) {
    out.digital_communication = [
      { kind: 'text_sent' as const, id: sent.id, at: sent.createdAt },
      { kind: 'text_received' as const, id: received.id, at: received.createdAt },
    ].sort((a, b) => a.at.localeCompare(b.at));
  }
  // Every care plan text of the month is named: an auditor may ask which plan version each one showed.
  const shared = texts
    .filter(isCarePlanShared)
    .map((t) => ({ kind: 'care_plan_text' as const, id: t.id, at: t.createdAt }));
  if (shared.length > 0) out.care_plan_shared = shared;
  const transitions = followedUp(facts, inMonth);
  if (transitions.length > 0) out.care_transitions = transitions;
  return out;
}

/** The month's log: every element in the handbook's order, with CareLoop's evidence and the staff's marks. */
export function apcmLogOf(
  month: string,
  program: Program,
  version: number,
  automatic: Partial<Record<ApcmElement, ApcmEvidence[]>>,
  marks: readonly StoredApcmMark[],
): Omit<ApcmLog, 'billed_at'> {
  return {
    month,
    program,
    version,
    elements: APCM_ELEMENTS.map((element) => {
      const evidence = automatic[element] ?? [];
      const staff = marks
        .filter((m) => m.element === element)
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((m) => ({ user_id: m.user_id, by_name: m.by_name, care_role: m.care_role, at: m.at, note: m.note }));
      return { element, delivered: evidence.length > 0 || staff.length > 0, evidence, marks: staff };
    }),
  };
}

/**
 * The marks after a staff member saves theirs: everyone else's stay as they were; theirs become
 * `chosen`. A mark kept with the same note keeps its time; a changed note is a new mark.
 */
export function nextMarks(
  marks: readonly StoredApcmMark[],
  author: Pick<StoredApcmMark, 'user_id' | 'by_name' | 'care_role'>,
  chosen: readonly { element: ApcmElement; note: string | null }[],
  at: string,
): StoredApcmMark[] {
  const others = marks.filter((m) => m.user_id !== author.user_id);
  const own = new Map(marks.filter((m) => m.user_id === author.user_id).map((m) => [m.element, m]));
  const mine = chosen.map(({ element, note }) => {
    const before = own.get(element);
    return before && before.note === note ? before : { element, ...author, at, note };
  });
  return [...others, ...mine];
}

/** The elements one staff member has marked, sorted: what the audit event names before and after. */
export const marksOf = (marks: readonly StoredApcmMark[], userId: string) =>
  marks
    .filter((m) => m.user_id === userId)
    .map((m) => m.element)
    .sort();
