/**
 * Care transitions of a patient (issue 26, the APCM element "care transitions"): staff record a
 * discharge or ED visit they learned of; the list shows each with its follow-up (the first
 * interactive contact on or after its date, shared/care-transitions.ts), read from the patient's
 * calls and texts when the list is read. Provider staff of the patient's organization record;
 * operators read. Reads are Get and Query only; a record is a plan, audited in its transaction.
 */
import {
  TRANSITION_MAX_AGE_DAYS,
  followUpOf,
  interactiveContacts,
  type Transition,
  type TransitionAnswer,
  type TransitionRequest,
  type TransitionsAnswer,
} from '../../shared/care-transitions';
import { addDays, isCalendarDate, todayIn, zonedTimeToUtc } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor, type OrganizationLookup, type PatientLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { fail } from '../kernel/error-catalogue';
import type { Clock, Ids } from '../kernel/ports';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WriteCommitter } from '../kernel/write-plan';
import { monthCalls, monthTexts } from './apcm-log';
import { transitionPlan } from './transition-plans';
import type { AiCallHistory, PatientTextHistory, TransitionRecord, TransitionRepository } from './ports';

export interface TransitionDeps {
  patients: PatientLookup;
  organizations: OrganizationLookup;
  transitions: TransitionRepository;
  callLogs: AiCallHistory;
  texts: PatientTextHistory;
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

const fullName = (profile: UserProfileRecord) => `${profile.first_name} ${profile.last_name}`.trim();

/** `2026-11-28_20261201T101500123Z-1a2b3c4d`: the discharge date, then when it was recorded (sorts by both). */
function transitionId(deps: Pick<TransitionDeps, 'ids'>, date: string, now: Date): string {
  const random = deps.ids.newId().replace(/-/g, '').slice(0, 8);
  return `${date}_${now.toISOString().replace(/[-:.]/g, '')}-${random}`;
}

/** The answer's form of a stored transition with its follow-up. */
const toTransition = (t: TransitionRecord, followUp: Transition['follow_up']): Transition => ({
  id: t.id,
  kind: t.kind,
  date: t.date,
  facility: t.facility,
  note: t.note,
  recorded_by_name: t.recorded_by_name,
  recorded_at: t.recorded_at,
  follow_up: followUp,
});

/**
 * The follow-ups of transitions: the patient's calls and texts read back to the oldest date among
 * them (newest first, at most the pages apcm-log.ts reads: a very busy patient's oldest contacts
 * may lie past them, and then an old transition shows the earliest contact read).
 */
async function withFollowUps(
  deps: Pick<TransitionDeps, 'callLogs' | 'texts'>,
  patientId: string,
  timeZone: string,
  today: string,
  transitions: readonly TransitionRecord[],
): Promise<Transition[]> {
  if (transitions.length === 0) return [];
  const oldest = transitions.reduce((min, t) => (t.date < min ? t.date : min), transitions[0]!.date);
  const since = zonedTimeToUtc(oldest, 0, timeZone).toISOString();
  const [calls, texts] = await Promise.all([monthCalls(deps, patientId, since), monthTexts(deps, patientId, since)]);
  const contacts = interactiveContacts(calls, texts);
  const dayOf = (at: string) => todayIn(timeZone, new Date(at));
  return transitions.map((t) => toTransition(t, followUpOf(t.date, contacts, today, dayOf)));
}

/** A page of a patient's transitions, newest discharge first, each with its follow-up. */
export async function listTransitions(
  deps: TransitionDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
): Promise<TransitionsAnswer> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, 'transition.list', subject, async (_about, _disclose, granted) => {
    // The page is read beside the access check; another organization's patient answers 404 before
    // anything read is used.
    const [{ patient, organization }, found] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.transitions.page(patientId, page.limit, page.cursor),
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    // The success event goes beside the calls and texts reads.
    granted();
    const today = todayIn(organization.timezone, deps.clock.now());
    const items = await withFollowUps(deps, patient.id, organization.timezone, today, found.items);
    return { items, next_cursor: found.cursor };
  });
}

/**
 * Records a discharge or ED visit on a patient of the actor's organization. Only provider staff
 * record (operators are CareLoop's, not the practice's); the author comes from their profile. The
 * date is a day in the organization's zone: not after its today, at most a year before it.
 */
export async function recordTransition(
  deps: TransitionDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  patientId: string,
  input: TransitionRequest,
): Promise<TransitionAnswer> {
  return auditedChange(deps, actor, 'transition.create', { type: 'patient', id: patientId }, async (eventOf) => {
    if (actor.role !== 'provider' || !profile) throw fail('transitionsAreForStaff');
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const now = deps.clock.now();
    const today = todayIn(organization.timezone, now);
    if (!isCalendarDate(input.date)) throw fail('transitionDateInvalid');
    if (input.date > today) throw fail('transitionDateInFuture');
    if (input.date < addDays(today, -TRANSITION_MAX_AGE_DAYS)) throw fail('transitionDateTooOld');
    const transition: TransitionRecord = {
      id: transitionId(deps, input.date, now),
      patient_id: patient.id,
      provider_id: patient.provider_id,
      kind: input.kind,
      date: input.date,
      facility: input.facility || null,
      note: input.note || null,
      recorded_by: actor.userId,
      recorded_by_name: fullName(profile),
      recorded_at: now.toISOString(),
    };
    // The kind and the date only: the facility and the note are free text (PHI), never in the trail.
    const event = eventOf({ valuesAfter: [transition.kind, transition.date] });
    const plan = transitionPlan(transition);
    const committed = await deps.committer.commit({
      ...plan,
      transaction: [...plan.transaction, auditEventWrite(event)],
    });
    if (committed !== 'committed') throw fail('transitionNotSaved');
    const [item] = await withFollowUps(deps, patient.id, organization.timezone, today, [transition]);
    return { transition: item! };
  });
}
