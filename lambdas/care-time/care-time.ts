/**
 * The CCM time log and the monthly billing report (product-rules.md "Care management (CCM)";
 * ccm/README.md). Entries are appended, never changed: a correction is an entry that voids an
 * earlier one. Each entry ADDs its minutes to its patient-month in the same transaction, so the
 * report reads running totals, never the log.
 */
import { afterMonthIn } from '../../shared/ccm/months';
import { billedMonth } from '../../shared/ccm/patient-month';
import { qmbInMonth } from '../../shared/ccm/qmb';
import { DEFAULT_RATES, type FeeSchedule } from '../../shared/ccm/rates';
import { consentCoverageFromLatest, consentCoversMonth, type ConsentChange } from '../../shared/consent';
import {
  VOID_SUFFIX,
  type BillingReportAnswer,
  type BillingReportRow,
  type CcmMonthTotals,
  type TimeEntriesAnswer,
  type TimeEntry,
  type TimeEntryCreatedAnswer,
  type TimeEntryInput,
} from '../../shared/care-time';
import { countsAs } from '../../shared/values/care-time';
import { PROGRAM_LABELS } from '../../shared/care-program';
import { csvCell } from '../../shared/csv';
import { DEFAULT_CARE_ROLE, type CareRole } from '../../shared/roles';
import type { PatientConsent } from '../../shared/domain';
import { isCalendarDate, monthIn, monthsNowAnywhere, todayIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { organizationBeside, organizationForActor, patientForActor, type OrganizationLookup } from '../kernel/access';
import { audited, auditedChange, type ChangeEventOf } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { denied, fail } from '../kernel/error-catalogue';
import type { AuditLog } from '../kernel/audit-entry';
import type { PatientDirectory, TimeEntryRecord, TimeLogRepository, ReportSlot } from './ports';
import { appendPlan, billedPlan, complexPlan, voidPlan } from './time-plans';
import { joinPlans, type WritePlan, type WriteCommitter } from '../kernel/write-plan';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { Clock, Ids } from '../kernel/ports';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';

export interface CareTimeDeps {
  patients: PatientDirectory;
  organizations: OrganizationLookup;
  timeLog: TimeLogRepository;
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

export const TIME_ENTRIES_PAGE_SIZE = 100;
export const BILLING_REPORT_PAGE_SIZE = 50;

const entryNotFound = () => fail('timeEntryNotFound');
const monthBilled = () => fail('timeEntryMonthBilled');

const NO_TOTALS: CcmMonthTotals = {
  staff_minutes: 0,
  practitioner_minutes: 0,
  non_clinical_minutes: 0,
  ai_contacts: 0,
  ai_minutes: 0,
};

const totalsOf = (row: CcmMonthRecord | null): CcmMonthTotals =>
  row
    ? {
        staff_minutes: row.staff_minutes,
        practitioner_minutes: row.practitioner_minutes,
        non_clinical_minutes: row.non_clinical_minutes,
        ai_contacts: row.ai_contacts,
        ai_minutes: row.ai_minutes,
      }
    : NO_TOTALS;

/** The change's plan with its success event, written in its transaction. */
const withEvent = <R extends string>(plan: WritePlan<R>, eventOf: ChangeEventOf): WritePlan<R> =>
  joinPlans(plan, { transaction: [auditEventWrite(eventOf())], afterCommit: [] });

const fullName = (profile: Pick<UserProfileRecord, 'first_name' | 'last_name'>) =>
  `${profile.first_name} ${profile.last_name}`.trim();

/** A page of a patient's time log for one month (this month in the organization's time zone by default). */
export async function listTimeEntries(
  deps: CareTimeDeps,
  actor: Actor,
  patientId: string,
  month: string | undefined,
  page: PageRequest,
): Promise<TimeEntriesAnswer> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, 'time_entry.list', subject, async (_about, _disclose, granted) => {
    const now = deps.clock.now();
    // The month's row is read with the access check's own reads (one BatchGetItem) when the
    // organization is known from the token (a provider's): the month asked for, or this month in
    // every zone (one or two), of which the organization's is kept. Another organization's patient
    // has no row under the actor's organization, and answers 404 anyway.
    const ownOrganization = actor.role === 'provider' ? actor.providerId : null;
    const rowMonths = ownOrganization ? (month ? [month] : monthsNowAnywhere(now)) : [];
    const [{ patient, organization }, ...rows] = await Promise.all([
      patientForActor(deps, actor, patientId),
      ...rowMonths.map((m) => deps.timeLog.getMonth(ownOrganization ?? '', m, patientId)),
    ]);
    // A first page cannot be refused past the access check (only a cursor can be invalid).
    if (page.cursor === null) granted();
    const chosen = month ?? monthIn(organization.timezone, now);
    const early = rowMonths.indexOf(chosen);
    const [found, row] = await Promise.all([
      deps.timeLog.pageMonth(patient.id, chosen, page.limit, page.cursor),
      early >= 0 ? (rows[early] ?? null) : deps.timeLog.getMonth(patient.provider_id, chosen, patient.id),
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    return {
      month: chosen,
      items: found.items.map(toTimeEntry),
      next_cursor: found.cursor,
      totals: totalsOf(row),
      complex: row?.complex ?? false,
      billed: row?.billed ? { at: row.billed.at, by_name: row.billed.by_name } : null,
    };
  });
}

/**
 * Appends a time entry, or the correction of an earlier one, for a patient of the actor's
 * organization. Only provider staff log time (operators are CareLoop's, not the practice's); the
 * author, their care role (from their profile) and where the minutes count are the server's.
 */
export async function recordTimeEntry(
  deps: CareTimeDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  patientId: string,
  input: TimeEntryInput,
): Promise<TimeEntryCreatedAnswer> {
  const action = input.voids ? 'time_entry.void' : 'time_entry.create';
  return auditedChange(deps, actor, action, { type: 'patient', id: patientId }, async (eventOf) => {
    if (actor.role !== 'provider' || !profile) throw fail('operatorsLogNoTime');
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const now = deps.clock.now();
    const author = { id: actor.userId, name: fullName(profile), careRole: profile.care_role ?? DEFAULT_CARE_ROLE };
    let entry: TimeEntryRecord;
    let plan: WritePlan<'billed' | 'day_limit' | 'already_voided'>;
    if (input.voids) {
      const voided = await deps.timeLog.get(patient.id, input.voids);
      if (!voided || voided.voids) throw entryNotFound();
      entry = correction(voided, input.reason ?? '', author, now);
      plan = voidPlan(entry, voided);
    } else {
      entry = newEntry(deps, patient, organization, input, author, now);
      plan = appendPlan(entry);
    }
    switch (await deps.committer.commit(withEvent(plan, eventOf))) {
      case 'committed':
        break;
      case 'billed':
        throw monthBilled();
      // Only writes of new ids name no refusal (the entry, the event): the day refused it, as before.
      case 'conflict':
      case 'day_limit':
        throw fail('timeEntryDayLimit');
      case 'already_voided':
        throw fail('timeEntryAlreadyVoided');
    }
    const row = await deps.timeLog.getMonth(patient.provider_id, entry.month, patient.id);
    return { entry: toTimeEntry(entry), totals: totalsOf(row) };
  });
}

interface Author {
  id: string;
  name: string;
  careRole: CareRole;
}

/** `2026-11_20261123T101500123Z-1a2b3c4d`: the work's month, then the creation time (sorts by it). */
function entryId(deps: Pick<CareTimeDeps, 'ids'>, month: string, now: Date): string {
  const random = deps.ids.newId().replace(/-/g, '').slice(0, 8);
  return `${month}_${now.toISOString().replace(/[-:.]/g, '')}-${random}`;
}

function newEntry(
  deps: CareTimeDeps,
  patient: PatientRecord,
  organization: OrganizationRef,
  input: TimeEntryInput,
  author: Author,
  now: Date,
): TimeEntryRecord {
  const today = todayIn(organization.timezone, now);
  const date = input.date ?? today;
  if (!isCalendarDate(date)) throw fail('timeEntryDateInvalid');
  if (date > today) throw fail('timeEntryDateInFuture');
  if (date < todayIn(organization.timezone, new Date(patient.created_at))) {
    throw fail('timeEntryDateBeforeEnrollment');
  }
  const month = date.slice(0, 7);
  return {
    id: entryId(deps, month, now),
    patient_id: patient.id,
    provider_id: patient.provider_id,
    month,
    date,
    minutes: input.minutes ?? 0,
    activity: input.activity ?? '',
    note: input.note || null,
    source: input.source ?? 'manual',
    call_id: input.call_id ?? null,
    user_id: author.id,
    user_name: author.name,
    care_role: author.careRole,
    counts_as: countsAs(author.careRole, author.id, patient.billingPractitionerId ?? null),
    created_at: now.toISOString(),
    voids: null,
  };
}

/** A correction: the voided entry's figures, by the actor, now; it counts where the voided entry did. */
function correction(voided: TimeEntryRecord, reason: string, author: Author, now: Date): TimeEntryRecord {
  return {
    ...voided,
    id: `${voided.id}${VOID_SUFFIX}`,
    note: null,
    user_id: author.id,
    user_name: author.name,
    care_role: author.careRole,
    created_at: now.toISOString(),
    voids: { id: voided.id, reason },
  };
}

export function toTimeEntry(e: TimeEntryRecord): TimeEntry {
  return {
    id: e.id,
    patient_id: e.patient_id,
    date: e.date,
    minutes: e.minutes,
    activity: e.activity,
    note: e.note,
    source: e.source,
    call_id: e.call_id,
    user_id: e.user_id,
    user_name: e.user_name,
    care_role: e.care_role,
    counts_as: e.counts_as,
    created_at: e.created_at,
    voids: e.voids,
  };
}

// ---------------------------------------------------------------------------------------------
// The monthly billing report

const NOT_ASKED: PatientConsent = { status: 'not_asked', date: null };

/**
 * One patient-month as the report shows it: the codes the documentation supports under the
 * program in force that month (shared/ccm/patient-month.ts), what they pay by the practice's fee
 * schedule, and the program that would pay more. CareLoop knows of no initiating visit or other
 * biller: both are the practice's to check before billing.
 */
export function reportRow(
  patient: PatientRecord,
  month: string,
  row: CcmMonthRecord | null,
  consentCovered: boolean = consentCoverageFromLatest(patient.consent ?? NOT_ASKED, month) === 'covered',
  rates: FeeSchedule = DEFAULT_RATES,
): BillingReportRow {
  const totals = totalsOf(row);
  const complex = row?.complex ?? false;
  const consent = patient.consent ?? NOT_ASKED;
  const conditions = patient.conditionCount ?? 0;
  const billedAs = billedMonth(
    patient.carePrograms ?? [],
    month,
    {
      consent: consentCovered,
      conditions,
      staffMinutes: totals.staff_minutes,
      practitionerMinutes: totals.practitioner_minutes,
      aiContacts: totals.ai_contacts,
      aiMinutes: totals.ai_minutes,
      complex,
      qmb: qmbInMonth(patient.qmbChecks ?? [], month),
      initiatingVisit: true,
      otherBiller: false,
    },
    rates,
  );
  const { codes, reason } = billedAs;
  const billed = row?.billed ? { at: row.billed.at, by_name: row.billed.by_name } : null;
  return {
    patient_id: patient.id,
    patient_name: `${patient.first_name} ${patient.last_name}`,
    month,
    consent: { status: consent.status, date: consent.date },
    conditions,
    ...totals,
    complex,
    codes: codes.map((c) => ({ code: c.code, minutes: c.minutes, reason: c.reason })),
    reason,
    billed,
    ready: codes.length > 0 && billed === null,
    program: billedAs.program,
    pcm_condition: billedAs.pcm_condition,
    payment: billedAs.payment,
    better: billedAs.better,
  };
}

/**
 * Whether accepted consent covers the month (ccm/README.md: consent before the service). The
 * patient's latest change settles it, except for a month before a later withdrawal or
 * re-acceptance: then the patient's consent history is read (one Query, rare).
 */
export async function consentCovers(deps: CareTimeDeps, patient: PatientRecord, month: string): Promise<boolean> {
  const coverage = consentCoverageFromLatest(patient.consent ?? NOT_ASKED, month);
  if (coverage !== 'history') return coverage === 'covered';
  const history: ConsentChange[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.patients.pageConsents(patient.id, 100, cursor);
    if (page === 'invalid_cursor') return false;
    history.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return consentCoversMonth(history, month);
}

/**
 * One page of an organization's month: every patient-month with time, contacts or a flag, then
 * the enrolled patients without any (zero minutes, no codes). `ready` keeps only rows with codes
 * not yet billed; it filters within the page, so a page may be short and still have a next one.
 */
export async function billingReport(
  deps: CareTimeDeps,
  actor: Actor,
  organizationId: string,
  query: { month?: string; ready: boolean },
  page: PageRequest,
): Promise<BillingReportAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'billing_report.read', subject, async (_about, disclose, granted) => {
    const pageOf = (month: string) =>
      deps.timeLog.pageReport(organizationId, month, page.limit, page.cursor, query.ready);
    // A named month's page is read beside the organization check (one wave, not two); without one,
    // the month is the organization's zone's, known once its record is read.
    const named = query.month;
    const [organization, early] = named
      ? await organizationBeside(deps, actor, organizationId, () => pageOf(named))
      : [await organizationForActor(deps, actor, organizationId), null];
    const month = query.month ?? monthIn(organization.timezone, deps.clock.now());
    const found = early ?? (await pageOf(month));
    if (found === 'invalid_cursor') throw invalidCursor();
    const patients = new Map((await deps.patients.getMany(found.items.map((s) => s.patientId))).map((p) => [p.id, p]));
    const listed = listedSlots(organization, month, found.items, patients);
    if (!query.ready) {
      // Every listed patient is shown whatever their consent history says: the page's events are
      // written beside the history's reads (rare), not after them.
      disclose(listed.map(({ patient }) => patient.id));
      granted();
    }
    const rows = (await rowsOfListed(deps, organization, month, listed, query.ready)).map((r) => r.row);
    disclose(rows.map((r) => r.patient_id));
    return { month, items: rows, next_cursor: found.cursor };
  });
}

/** A report row with the patient it was computed from. */
export interface PatientReportRow {
  patient: PatientRecord;
  row: BillingReportRow;
}

async function patientRowsOf(
  deps: CareTimeDeps,
  organization: OrganizationRef,
  month: string,
  slots: readonly ReportSlot[],
  patients: ReadonlyMap<string, PatientRecord>,
  ready: boolean,
): Promise<PatientReportRow[]> {
  return rowsOfListed(deps, organization, month, listedSlots(organization, month, slots, patients), ready);
}

/** The slots the month lists, with their patients, in their order: what the report shows but for `ready`. */
function listedSlots(
  organization: OrganizationRef,
  month: string,
  slots: readonly ReportSlot[],
  patients: ReadonlyMap<string, PatientRecord>,
): { slot: ReportSlot; patient: PatientRecord }[] {
  const enrolledAfter = afterMonthIn(organization.timezone, month);
  return slots.flatMap((slot) => {
    const patient = patients.get(slot.patientId);
    // A patient enrolled after the month has no row in it; one archived since keeps the time it had.
    if (!patient || patient.provider_id !== organization.id) return [];
    if (!slot.month && enrolledAfter(patient.created_at)) return [];
    return [{ slot, patient }];
  });
}

/** The listed slots' rows (`ready`: only rows with codes not yet billed), reading a consent history where one decides. */
async function rowsOfListed(
  deps: CareTimeDeps,
  organization: OrganizationRef,
  month: string,
  listed: readonly { slot: ReportSlot; patient: PatientRecord }[],
  ready: boolean,
): Promise<PatientReportRow[]> {
  const rows = await Promise.all(
    listed.map(async ({ slot, patient }) => {
      const covered = await consentCovers(deps, patient, month);
      const row = reportRow(patient, month, slot.month, covered, organization.fee_schedule ?? DEFAULT_RATES);
      return !ready || row.ready ? { patient, row } : null;
    }),
  );
  return rows.filter((row) => row !== null);
}

const CSV_COLUMNS = [
  'Patient',
  'Patient ID',
  'Month',
  'Consent',
  'Consent date',
  'Chronic conditions',
  'Clinical staff minutes',
  'Practitioner minutes',
  'AI contacts',
  'AI call minutes',
  'Complex',
  'Program',
  'PCM condition',
  'Codes',
  'Expected payment (US$)',
  'Better under',
  'Reason',
  'Billed at',
  'Billed by',
] as const;

export function billingCsv(rows: readonly BillingReportRow[]): string {
  const lines = [
    CSV_COLUMNS.map(csvCell).join(','),
    ...rows.map((r) =>
      [
        r.patient_name,
        r.patient_id,
        r.month,
        r.consent.status,
        r.consent.date ?? '',
        r.conditions,
        r.staff_minutes,
        r.practitioner_minutes,
        r.ai_contacts,
        r.ai_minutes,
        r.complex ? 'yes' : 'no',
        PROGRAM_LABELS[r.program],
        r.pcm_condition ?? '',
        r.codes.map((c) => c.code).join(' '),
        r.payment.toFixed(2),
        r.better ? `${PROGRAM_LABELS[r.better.program]} (+$${r.better.gain.toFixed(2)})` : '',
        r.reason,
        r.billed?.at ?? '',
        r.billed?.by_name ?? '',
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Every row of an organization's month, in the report's order: the month's patient-month rows (one
 * partition) and the organization's active patients are each read whole, so the whole month costs a
 * few requests however many patients the practice has, instead of three a page.
 */
export async function wholeMonthRows(
  deps: CareTimeDeps,
  organization: OrganizationRef,
  month: string,
  read?: WholeMonthRead,
): Promise<BillingReportRow[]> {
  return (await wholeMonthPatientRows(deps, organization, month, read)).map((r) => r.row);
}

/** What a whole month is made of: its patient-month rows and the organization's active patients. */
export type WholeMonthRead = Promise<[CcmMonthRecord[], PatientRecord[]]>;

/**
 * The two Queries of a whole month, side by side. They need only the organization's id, so a
 * caller that knows the month may start them beside the organization's access check.
 */
export function readWholeMonth(deps: CareTimeDeps, organizationId: string, month: string): WholeMonthRead {
  return Promise.all([deps.timeLog.monthRows(organizationId, month), deps.patients.listByOrganization(organizationId)]);
}

/** `wholeMonthRows` with each row's patient, for what reads more of the patient (the claim file). */
export async function wholeMonthPatientRows(
  deps: CareTimeDeps,
  organization: OrganizationRef,
  month: string,
  read: WholeMonthRead = readWholeMonth(deps, organization.id, month),
): Promise<PatientReportRow[]> {
  const [recorded, active] = await read;
  const patients = new Map(active.map((p) => [p.id, p]));
  // A patient archived since the month keeps the row the month has for them.
  for (const p of await deps.patients.getMany(recorded.map((r) => r.patient_id).filter((id) => !patients.has(id)))) {
    patients.set(p.id, p);
  }
  const withRow = new Set(recorded.map((r) => r.patient_id));
  const slots: ReportSlot[] = [
    ...recorded.map((row) => ({ patientId: row.patient_id, month: row })),
    ...active.filter((p) => !withRow.has(p.id)).map((p) => ({ patientId: p.id, month: null })),
  ];
  return patientRowsOf(deps, organization, month, slots, patients, false);
}

/** The whole month as CSV, in the report's order (wholeMonthRows). */
export async function billingReportCsv(
  deps: CareTimeDeps,
  actor: Actor,
  organizationId: string,
  month: string | undefined,
): Promise<{ month: string; csv: string }> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'billing_report.export', subject, async (_about, disclose) => {
    const organization = await organizationForActor(deps, actor, organizationId);
    const chosen = month ?? monthIn(organization.timezone, deps.clock.now());
    const rows = await wholeMonthRows(deps, organization, chosen);
    // Every patient in the file, before it leaves (DECISIONS "Audit trail").
    disclose(rows.map((r) => r.patient_id));
    return { month: chosen, csv: billingCsv(rows) };
  });
}

/**
 * Sets a patient-month's complexity flag, and/or marks it billed (who and when), which freezes its
 * time entries. Only provider staff of the organization do this; a billed month changes no more.
 */
export async function updateBillingRow(
  deps: CareTimeDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  target: { organizationId: string; month: string; patientId: string },
  change: { complex?: boolean; billed?: true },
): Promise<{ row: BillingReportRow }> {
  const subject = { type: 'patient', id: target.patientId } as const;
  return auditedChange(deps, actor, 'billing_report.update', subject, async (eventOf) => {
    if (actor.role !== 'provider' || !profile) throw fail('billingIsForStaff');
    const organization = await organizationForActor(deps, actor, target.organizationId);
    const rates = organization.fee_schedule ?? DEFAULT_RATES;
    const { patient } = await patientForActor(deps, actor, target.patientId);
    if (patient.provider_id !== target.organizationId) throw denied('patientNotFound');
    const at = deps.clock.now().toISOString();
    const alreadyBilled = () => fail('monthAlreadyBilled');
    const ref = { organizationId: patient.provider_id, month: target.month, patientId: patient.id };
    // The success event goes with the last change written (with none, on its own).
    if (change.complex !== undefined) {
      const plan = complexPlan(ref, change.complex, actor.userId, at);
      const set = await deps.committer.commit(change.billed ? plan : withEvent(plan, eventOf));
      if (set !== 'committed') throw alreadyBilled();
    }
    if (change.billed) {
      const current = reportRow(
        patient,
        target.month,
        await deps.timeLog.getMonth(patient.provider_id, target.month, patient.id),
        await consentCovers(deps, patient, target.month),
        rates,
      );
      if (current.billed) throw alreadyBilled();
      if (current.codes.length === 0) throw fail('nothingToBill');
      const plan = billedPlan(ref, { id: actor.userId, name: fullName(profile) }, at);
      if ((await deps.committer.commit(withEvent(plan, eventOf))) !== 'committed') throw alreadyBilled();
    }
    if (change.complex === undefined && !change.billed) {
      await deps.committer.commit(withEvent({ transaction: [], afterCommit: [] }, eventOf));
    }
    const row = await deps.timeLog.getMonth(patient.provider_id, target.month, patient.id);
    const covered = await consentCovers(deps, patient, target.month);
    return { row: reportRow(patient, target.month, row, covered, rates) };
  });
}
