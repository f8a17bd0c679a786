/**
 * The APCM monthly log of a patient (issue 26 item 2): the service elements delivered in a month,
 * CareLoop's own (read from its calls and texts when the log is read, apcm-elements.ts) beside
 * the marks staff saved. Provider staff of the patient's organization mark and unmark their own;
 * operators read. Reads are Get and Query only; a save is a plan, audited in its transaction.
 */
import { isApcmMonth, type ApcmLog, type ApcmLogAnswer, type ApcmLogRequest } from '../../shared/apcm';
import { monthBounds } from '../../shared/ccm/months';
import { programInForce } from '../../shared/ccm/patient-month';
import { DEFAULT_CARE_ROLE } from '../../shared/roles';
import { APCM_FOLLOW_UP_WINDOW_DAYS } from '../../shared/care-transitions';
import { addDays, monthIn, zonedTimeToUtc } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { patientForActor, type OrganizationLookup, type PatientLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { fail } from '../kernel/error-catalogue';
import type { Clock, Ids } from '../kernel/ports';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WriteCommitter } from '../kernel/write-plan';
import { apcmLogOf, automaticElements, marksOf, nextMarks, type ApcmFacts } from './apcm-elements';
import { apcmLogPlan } from './apcm-plans';
import type {
  AiCallHistory,
  AiCallRecord,
  ApcmLogRecord,
  ApcmLogRepository,
  PatientTextHistory,
  TextFact,
  TimeLogRepository,
  TransitionRepository,
} from './ports';

export interface ApcmLogReadDeps {
  apcmLogs: ApcmLogRepository;
  callLogs: AiCallHistory;
  texts: PatientTextHistory;
  transitions: Pick<TransitionRepository, 'since'>;
}

export interface ApcmLogDeps extends ApcmLogReadDeps {
  /** The patient-month row: whether the month was billed. */
  timeLog: Pick<TimeLogRepository, 'getMonth'>;
  patients: PatientLookup;
  organizations: OrganizationLookup;
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

/** Newest first, a page covers a month of one patient's calls or texts in all but unusual months. */
const PAGE = 50;
/** At most this many pages of each: a past month of a very busy patient shows what these hold. */
const MAX_PAGES = 6;
/**
 * A monthly check-in is created when the previous one ends, about a month before it is placed:
 * calls created this long before the month may still have been answered in it.
 */
const CALL_LOOKBACK_MS = 62 * 24 * 3600 * 1000;

/** The patient's calls that may have been answered since `start` (newest first, paged back past it). */
export async function monthCalls(
  deps: Pick<ApcmLogReadDeps, 'callLogs'>,
  patientId: string,
  start: string,
): Promise<AiCallRecord[]> {
  const oldest = new Date(Date.parse(start) - CALL_LOOKBACK_MS).toISOString();
  const calls: AiCallRecord[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await deps.callLogs.pageHistory(patientId, PAGE, cursor);
    if (page === 'invalid_cursor') break;
    calls.push(...page.items);
    if (page.items.some((c) => c.created_at < oldest)) break;
    cursor = page.cursor;
    if (!cursor) break;
  }
  return calls;
}

/** The patient's texts back to `start` (newest first). */
export async function monthTexts(
  deps: Pick<ApcmLogReadDeps, 'texts'>,
  patientId: string,
  start: string,
): Promise<TextFact[]> {
  const texts: TextFact[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await deps.texts.pageByPatient(patientId, PAGE, cursor);
    if (page === 'invalid_cursor') break;
    texts.push(...page.items);
    if (page.items.some((t) => t.createdAt < start)) break;
    cursor = page.cursor;
    if (!cursor) break;
  }
  return texts;
}

/**
 * What CareLoop recorded in the month, for the automatic elements: the month's calls and texts,
 * and the transitions dated up to APCM_FOLLOW_UP_WINDOW_DAYS before the month (one Query, beside
 * the other two) with the calls and texts back to the oldest such date, so that a discharge of
 * late last month is seen followed up last month, not again by this month's first contact.
 */
export async function apcmFacts(
  deps: ApcmLogReadDeps,
  patientId: string,
  month: string,
  timeZone: string,
): Promise<ApcmFacts> {
  const { start, end } = monthBounds(month, timeZone);
  const since = addDays(`${month}-01`, -APCM_FOLLOW_UP_WINDOW_DAYS);
  const back = zonedTimeToUtc(since, 0, timeZone).toISOString();
  const [calls, texts, transitions] = await Promise.all([
    monthCalls(deps, patientId, back),
    monthTexts(deps, patientId, back),
    deps.transitions.since(patientId, since),
  ]);
  return { start, end, timeZone, calls, texts, transitions };
}

type Read<T> = T | Promise<T>;

/**
 * A patient-month's log: the stored marks (`marks`) and the month's row (`row`, for when it was
 * billed), each read already or being read side by side with the month's calls and texts, beside
 * CareLoop's own elements.
 */
export async function readApcmLog(
  deps: ApcmLogReadDeps,
  patient: PatientRecord,
  timeZone: string,
  month: string,
  marks: Read<ApcmLogRecord | null>,
  row: Read<CcmMonthRecord | null>,
): Promise<ApcmLog> {
  const [stored, monthRow, facts] = await Promise.all([marks, row, apcmFacts(deps, patient.id, month, timeZone)]);
  const program = programInForce(patient.carePrograms ?? [], month).program;
  return {
    ...apcmLogOf(month, program, stored?.version ?? 0, automaticElements(facts), stored?.marks ?? []),
    billed_at: monthRow?.billed?.at ?? null,
  };
}

export async function getApcmLog(
  deps: ApcmLogDeps,
  actor: Actor,
  patientId: string,
  month: string | undefined,
): Promise<ApcmLogAnswer> {
  return audited(
    deps.audit,
    actor,
    'apcm_log.read',
    { type: 'patient', id: patientId },
    async (_about, _d, granted) => {
      // A month asked for is read with the access check's own reads (one BatchGetItem): its log,
      // and its row when the organization is known from the token (a provider's). Another
      // organization's patient has no row under the actor's organization, and answers 404 anyway.
      const ownOrganization = actor.role === 'provider' ? actor.providerId : undefined;
      const [{ patient, organization }, asked, askedRow] = await Promise.all([
        patientForActor(deps, actor, patientId),
        month ? deps.apcmLogs.get(patientId, month) : null,
        month && ownOrganization ? deps.timeLog.getMonth(ownOrganization, month, patientId) : undefined,
      ]);
      const chosen = month ?? monthIn(organization.timezone, deps.clock.now());
      // The success event goes beside the last reads (the month's calls and texts), not after them.
      granted();
      const stored = month ? asked : deps.apcmLogs.get(patient.id, chosen);
      const row = askedRow !== undefined ? askedRow : deps.timeLog.getMonth(patient.provider_id, chosen, patient.id);
      return { apcm_log: await readApcmLog(deps, patient, organization.timezone, chosen, stored, row) };
    },
  );
}

const fullName = (profile: UserProfileRecord) => `${profile.first_name} ${profile.last_name}`.trim();

/**
 * Saves the signed-in staff member's marks for the month: theirs are replaced by `input.elements`
 * (so leaving one out unmarks it), everyone else's stay, and CareLoop's own are never stored, so
 * they cannot be unmarked. `input.version` must be the stored log's (0: none yet).
 */
export async function setApcmLog(
  deps: ApcmLogDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  patientId: string,
  month: string,
  input: ApcmLogRequest,
): Promise<ApcmLogAnswer> {
  return auditedChange(deps, actor, 'apcm_log.update', { type: 'patient', id: patientId }, async (eventOf) => {
    if (actor.role !== 'provider' || !profile) throw fail('apcmLogIsForStaff');
    const [{ patient, organization }, stored] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.apcmLogs.get(patientId, month),
    ]);
    const now = deps.clock.now();
    if (month > monthIn(organization.timezone, now)) throw fail('apcmMonthInFuture');
    if (!isApcmMonth(patient.carePrograms ?? [], month)) throw fail('apcmLogNotApcmMonth');
    const versionRead = stored?.version ?? 0;
    if (input.version !== versionRead) throw fail('apcmLogChanged');
    const author = {
      user_id: actor.userId,
      by_name: fullName(profile),
      care_role: profile.care_role ?? DEFAULT_CARE_ROLE,
    };
    const marks = nextMarks(
      stored?.marks ?? [],
      author,
      input.elements.map((e) => ({ element: e.element, note: e.note ? e.note : null })),
      now.toISOString(),
    );
    const saved: ApcmLogRecord = {
      patient_id: patient.id,
      provider_id: patient.provider_id,
      month,
      marks,
      version: versionRead + 1,
      updated_at: now.toISOString(),
    };
    const event = eventOf({
      versionBefore: versionRead,
      versionAfter: saved.version,
      valuesBefore: marksOf(stored?.marks ?? [], actor.userId),
      valuesAfter: marksOf(marks, actor.userId),
    });
    const plan = apcmLogPlan(saved, versionRead);
    const committed = await deps.committer.commit({
      ...plan,
      transaction: [...plan.transaction, auditEventWrite(event)],
    });
    if (committed === 'billed') throw fail('apcmLogMonthBilled');
    if (committed !== 'committed') throw fail('apcmLogChanged');
    // Committed while the month was not billed: the log answers as not billed.
    return { apcm_log: await readApcmLog(deps, patient, organization.timezone, month, saved, null) };
  });
}
