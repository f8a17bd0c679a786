/** The dashboards' totals, CCM worklist and charts (issue 12 items 6 and 7): reads only, none of them a Scan. */
import type { CallLinesForecast } from '../../shared/call-lines';
import type { SummaryTab } from '../../shared/values/summaries';
import type { Page } from '../kernel/ports';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { ListedCall } from './worklist-plans';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { OrganizationRecord, OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { SummaryEntry } from '../kernel/records/summary-entry';

export interface GlobalTotals {
  providers: number;
  users: number;
  patients: number;
  calls: number;
  scheduledCalls: number;
  /** Calls completed in the month (each counted in its organization's month). */
  callsThisMonth: number;
  /** Inbound replies waiting for staff (callback requests not yet handled). */
  openCallbacks: number;
}

export interface OrganizationTotals {
  patients: number;
  /** Calls completed in each month asked for (the organization's month may be one of two). */
  callsCompleted: Readonly<Record<string, number>>;
  openCallbacks: number;
}

export interface CounterRepository {
  globalTotals(month: string): Promise<GlobalTotals>;
  /** The active organizations' total alone (one GetItem: it joins the reads by key started beside it). */
  providersTotal(): Promise<number>;
  organizationTotals(organizationId: string, months: readonly string[]): Promise<OrganizationTotals>;
}

/** One organization's CCM figures of a month as the charts show them (escalations come from counters). */
export interface ChartFigures {
  enrolled_patients: number;
  staff_minutes: number;
  ai_contacts: number;
  meeting_99490: number;
}

/**
 * The charts' figures as last computed, per organization and month (issue 10 "Performance"): a
 * figure is current while its `version` is the organization's version now, which every write that
 * changes a figure moves once it has committed.
 */
export interface ChartFiguresCache {
  /** The organizations' versions now and their stored figures of these months (one BatchGet a 100 keys). */
  read(
    organizationIds: readonly string[],
    months: readonly string[],
  ): Promise<
    Map<string, { version: number; figures: Map<string, ChartFigures & { computedAt: string; version: number }> }>
  >;
  /** Stores figures computed from records read after `version` was. */
  store(organizationId: string, version: number, figures: ReadonlyMap<string, ChartFigures>, at: string): Promise<void>;
}

/** A pending monthly check-in of an organization (its scheduled call). */
export interface CheckInDue {
  patientId: string;
  callLogId: string;
  scheduledAt: string;
}

/** An active patient whose consent is not accepted, as the worklist lists them. */
export interface AwaitingConsent {
  patientId: string;
  status: 'not_asked' | 'declined' | 'withdrawn';
  createdAt: string;
}

export interface DashboardReadModel {
  /** Every patient-month row of an organization's month: one partition (Query, every page). */
  monthRows(organizationId: string, month: string): Promise<CcmMonthRecord[]>;
  /**
   * The first `read` active patients of an organization whose consent is not accepted (not asked,
   * then declined, then withdrawn, each newest first; one Query) and how many there are in all
   * (the organization's counter, kept in the same transactions).
   */
  awaitingConsent(organizationId: string, read: number): Promise<{ items: AwaitingConsent[]; total: number }>;
  /**
   * An organization's pending monthly check-ins due by `dueBefore`, soonest first, read from its
   * first `read` pending calls (one Query): `more` when later ones were left unread.
   */
  dueCheckIns(organizationId: string, dueBefore: string, read: number): Promise<{ items: CheckInDue[]; more: boolean }>;
  /** Every tab's count of several summary scopes (one BatchGet of their counters). */
  summaryCounts(scopes: readonly string[]): Promise<Map<string, Record<SummaryTab, number>>>;
  /**
   * Entries of one escalation tab of a scope not yet added to the EMR, newest first, read from the
   * newest `read` entries (one Query): `more` when older entries were left unread.
   */
  openEscalations(
    scope: string,
    level: 'Emergent' | 'Urgent',
    read: number,
  ): Promise<{ entries: SummaryEntry[]; more: boolean }>;
  /**
   * An organization's patients interested in enrolling (the `enrollment_entry` items of the stage),
   * newest patient first, at most `read` (one Query): `more` when some were left unread.
   */
  interested(organizationId: string, read: number): Promise<{ items: StagedPatient[]; more: boolean }>;
  /**
   * An organization's readings outside target (the latest reading of each such measure), by
   * patient, at most `read` (one Query): `more` when some were left unread.
   */
  readingAlerts(organizationId: string, read: number): Promise<{ items: ReadingAlert[]; more: boolean }>;
  /** An organization's open callback requests, oldest first, at most `read` (one Query); `more` when some were left unread. */
  openCallbacks(organizationId: string, read: number): Promise<{ callbacks: OpenCallback[]; more: boolean }>;
}

/** A patient at an enrollment stage since `enteredAt`. */
export interface StagedPatient {
  patientId: string;
  enteredAt: string;
}

/** A patient's latest reading of a measure that missed its care-plan target. */
export interface ReadingAlert {
  patientId: string;
  measure: string;
  note: string;
  callLogId: string;
  observedAt: string;
}

/** A patient's text asking for a call back, not yet resolved. */
export interface OpenCallback {
  patientId: string;
  messageId: string;
  createdAt: string;
}

/**
 * What rebuilding the worklist's read models (job: rebuild-worklist) reads again, consistently,
 * before each of its conditional writes, for records written before the read models existed and as
 * a repair. A change committed meanwhile (which keeps the read models itself) is never undone.
 */
export interface WorklistRebuildReads {
  /** The organization's awaiting-consent count, or null when it has none yet. */
  awaitingCount(organizationId: string): Promise<number | null>;
  /** How many awaiting-consent items the organization has. */
  awaitingItems(organizationId: string): Promise<number>;
  /** A pending call's place in its organization's list, or null when the call is gone. */
  listedCall(callLogId: string): Promise<ListedCall | null>;
}

/** The organizations the dashboards show: one by id, the newest active ones, and every active one a page at a time. */
export interface OrganizationReader {
  getRef(id: string): Promise<OrganizationRef | null>;
  /** Active organizations, newest first: every one, or the first `limit` (dashboard cards). */
  listActive(limit?: number): Promise<OrganizationRecord[]>;
  /** A page of active organizations, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageActive(limit: number, cursor: string | null): Promise<Page<OrganizationRecord> | 'invalid_cursor'>;
}

/** The patients the dashboards name and count: several at once, and an organization's active ones. */
export interface PatientReader {
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
  /** Every active patient of an organization, newest first. */
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  /** A page of an organization's active patients, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageByOrganization(
    organizationId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<PatientRecord> | 'invalid_cursor'>;
}

/** Every summary tab's count of one scope: the provider dashboard's summaries this month. */
export interface SummaryCounts {
  counts(scope: string): Promise<Record<SummaryTab, number>>;
}

/** The pending scheduled calls, whose organization list keys the worklist rebuild writes. */
export interface ScheduledCalls {
  /** A page of the pending scheduled calls across every organization, soonest first. */
  pageScheduled(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'>;
}

/**
 * The call-lines forecast (job: forecast-call-lines; route callLinesForecast): the scheduled calls'
 * due times read by due time (Query of the pending list, page by page, never a Scan) and the one
 * stored forecast.
 */
export interface CallLinesForecastStore {
  /** Due times of the pending scheduled calls of every organization from `from` until before `to`, a page at a time. */
  dueTimes(from: string, to: string): AsyncIterable<string[]>;
  save(forecast: CallLinesForecast): Promise<void>;
  /** The forecast as last stored (one GetItem); null before the job first ran. */
  read(): Promise<CallLinesForecast | null>;
}
