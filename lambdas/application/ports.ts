import type { TextDirection, TextKind, TextStatus } from '../../shared/texts';
import type {
  CarePlanFields,
  CareRole,
  NotificationPreferences,
  OutreachCadence,
  Patient,
  PatientConsent,
  ProviderOrganization,
  UserProfile,
} from '../../shared/domain';
import type { ConsentDisclosure, ConsentMethod, RecordedConsentStatus } from '../../shared/consent';
import type { CallKind, CallOutcome, CallStatus, EscalationLevel, TranscriptTurn, VoiceId } from '../../shared/calls';
import type { DocumentKind, TimePreference } from '../../shared/domain';
import type { SummaryStatus, SummaryTab } from '../../shared/summaries';
import type { Role } from '../../shared/roles';
import type { CountsAs, TimeEntrySource } from '../../shared/care-time';
import type { DailyLimitKind } from '../../shared/daily-limits';

/** Ports: what the use cases need from the outside world. Adapters implement them per technology. */

export interface Clock {
  now(): Date;
}

export interface Ids {
  newId(): string;
}

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'invalid' | 'error';

export interface AuditEntry {
  actorId: string;
  actorRole: Role | null;
  actorProviderId: string | null;
  /** Dotted verb, e.g. `patient.read`, `care_plan.update`. */
  action: string;
  subject: { type: 'patient' | 'organization' | 'user' | 'call'; id: string };
  patientId?: string;
  outcome: AuditOutcome;
  /** API Gateway's request id, when the event comes from an API request. */
  requestId?: string;
  /** The caller's IP address, when the event comes from an API request. */
  sourceIp?: string;
  /** A change of a user's or organization's standing: ids and roles only, never names or e-mails. */
  change?: AuditChange;
}

/** What an account change moved: the role and organization before and after (null: none). */
export interface AuditChange {
  roleBefore?: Role | null;
  roleAfter?: Role | null;
  organizationBefore?: string | null;
  organizationAfter?: string | null;
}

/** An audit event written in the same transaction as the change it records (ids and time fixed up front). */
export type AuditEvent = AuditEntry & { id: string; at: string };

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

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

/** One organization's cap of calls or texts for one of its days (application/daily-caps.ts). */
export interface DailyCap {
  organizationId: string;
  kind: DailyLimitKind;
  /** The organization's calendar day, `YYYY-MM-DD` in its time zone. */
  day: string;
  limit: number;
}

export interface CounterRepository {
  globalTotals(month: string): Promise<GlobalTotals>;
  organizationTotals(organizationId: string, months: readonly string[]): Promise<OrganizationTotals>;
}

export type OrganizationRecord = Omit<ProviderOrganization, 'patient_count'> & {
  status: 'active' | 'archived';
  patient_count: number;
};

export interface OrganizationChanges {
  name: string;
  address: string | null;
  telephone: string | null;
  office_email: string | null;
  /** Left unchanged when absent. */
  timezone?: string;
  /** Daily caps: left unchanged when absent, back to the default when null. */
  daily_call_limit?: number | null;
  daily_text_limit?: number | null;
  /** Its texting sender: left unchanged when absent, removed when null. */
  sms_sender?: string | null;
}

/** What access checks and user lists need of an organization: one GetItem, no counters. */
export type OrganizationRef = Pick<OrganizationRecord, 'id' | 'name' | 'timezone' | 'status' | 'sms_sender'>;

export interface OrganizationRepository {
  get(id: string): Promise<OrganizationRecord | null>;
  getRef(id: string): Promise<OrganizationRef | null>;
  /** Several organizations at once (one BatchGet); missing ids are left out. */
  getRefs(ids: readonly string[]): Promise<OrganizationRef[]>;
  /** Active organizations, newest first: every one, or the first `limit` (dashboard cards). */
  listActive(limit?: number): Promise<OrganizationRecord[]>;
  /** A page of active organizations, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageActive(limit: number, cursor: string | null): Promise<Page<OrganizationRecord> | 'invalid_cursor'>;
  /** A page of active organizations with a search term (name, a word of it, office e-mail) starting with `prefix`. */
  search(prefix: string, limit: number, cursor: string | null): Promise<Page<OrganizationRecord> | 'invalid_cursor'>;
  /**
   * With its audit event in the same transaction (the demo seed writes without one); `exists` when
   * the id is taken.
   */
  create(
    org: OrganizationRecord,
    createdBy: string,
    audit?: AuditEvent,
  ): Promise<'created' | 'exists' | 'sender_taken'>;
  /**
   * Optimistic: `stale` when `expectedVersion` is not the stored one, `missing` when the
   * organization is missing or archived. The audit event is written in the same transaction.
   */
  update(
    id: string,
    changes: OrganizationChanges,
    expectedVersion: number | undefined,
    at: string,
    audit: AuditEvent,
  ): Promise<OrganizationRecord | 'missing' | 'stale' | 'sender_taken'>;
  /** The organization that owns a Twilio sender (number or Messaging Service), if any: one Get. */
  ownerOfSender(sender: string): Promise<string | null>;
  /**
   * Archives the organization in one transaction with the totals it leaves (providers, its
   * patients, its users), its users' profiles, marked disabled, and its audit event: `missing`
   * when it is no longer active (or its patient count moved meanwhile). Users beyond one
   * transaction follow in more; `users_changed` when one of those was refused.
   */
  archive(
    id: string,
    at: string,
    userIds: readonly string[],
    audit: AuditEvent,
  ): Promise<'archived' | 'missing' | 'users_changed'>;
}

/**
 * `pending`: a self sign-up waiting for an operator (no role, no organization, not counted);
 * `disabled`: the account's organization was archived; it leaves lists and counts like a deleted one.
 */
export type UserStatus = 'pending' | 'active' | 'disabled' | 'deleted';

export type UserProfileRecord = Omit<UserProfile, 'provider' | 'full_name' | 'care_role' | 'careRole'> & {
  status: UserStatus;
  /** Provider users' care role; absent (stored before care roles were kept, or not a provider user): clinical staff. */
  care_role?: CareRole;
};

export interface UserProfileChanges {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: Role;
  provider_id: string | null;
  assigned_at: string | null;
  notification_preferences: NotificationPreferences;
  /** Provider users' care role; null for other roles (removed). */
  care_role: CareRole | null;
}

export interface UserProfileRepository {
  get(userId: string): Promise<UserProfileRecord | null>;
  /** Active users, newest first. */
  listActive(): Promise<UserProfileRecord[]>;
  /** Self sign-ups waiting for an operator, newest first (one Query on the status index). */
  listPending(): Promise<UserProfileRecord[]>;
  /** Every active user of an organization (every role), newest first (jobs and archiving; screens page). */
  listByOrganization(organizationId: string): Promise<UserProfileRecord[]>;
  /**
   * A page of the users list: one role's active accounts, the pending ones, or (null) both, the
   * pending first; newest first. `invalid_cursor` when the cursor is not of this list.
   */
  page(
    filter: Role | 'pending' | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'>;
  /** A page of an organization's active accounts of one role, newest first. */
  pageByOrganization(
    organizationId: string,
    role: Role,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'>;
  /** A page of active and pending accounts with a search term starting with `prefix` (normalized), in term order. */
  search(
    prefix: string,
    filter: Role | 'pending' | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'>;
  /**
   * An active profile, counted, with its audit event in the same transaction (the demo seed writes
   * without one); `exists` when a profile with that id is stored.
   */
  create(profile: UserProfileRecord, audit?: AuditEvent): Promise<'created' | 'exists'>;
  /**
   * A pending profile (not counted) with its audit event, once per user id: `exists` when a profile
   * with that id is already stored (a retried trigger, or an account an operator made), unchanged.
   */
  createPending(profile: UserProfileRecord, audit: AuditEvent): Promise<'created' | 'exists'>;
  /**
   * Applies the changes to the profile as read (`current`), with its audit event in the same
   * transaction: `missing` unless it is still active, `stale` when its role or organization moved
   * since it was read. Returns the stored profile.
   */
  update(
    current: UserProfileRecord,
    changes: UserProfileChanges,
    at: string,
    audit: AuditEvent,
  ): Promise<UserProfileRecord | 'missing' | 'stale'>;
  /** Like update for a pending profile, which becomes active and is counted; `missing` unless pending. */
  enable(
    current: UserProfileRecord,
    changes: UserProfileChanges,
    at: string,
    audit: AuditEvent,
  ): Promise<UserProfileRecord | 'missing' | 'stale'>;
  /** `missing` unless the profile is still active or pending (only an active one leaves the count). */
  markDeleted(profile: UserProfileRecord, at: string, audit: AuditEvent): Promise<'deleted' | 'missing'>;
}

/**
 * A stored patient. The CCM fields are absent on patients stored before CCM: no consent asked, no
 * conditions, no billing practitioner (the answer fills them in and derives `ccmEligible`).
 */
export type PatientRecord = Omit<Patient, 'consent' | 'conditionCount' | 'ccmEligible' | 'billingPractitionerId'> & {
  status: 'active' | 'archived';
  consent?: PatientConsent;
  conditionCount?: number;
  billingPractitionerId?: string | null;
};

export interface PatientChanges {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  /** Absent: unchanged; null: none. */
  billingPractitionerId?: string | null;
}

/** One consent change (product-rules.md "Care management (CCM)"): written once, never changed. */
export interface ConsentRecord {
  id: string;
  patientId: string;
  providerId: string;
  status: RecordedConsentStatus;
  /** YYYY-MM-DD in the organization's time zone. */
  date: string;
  method: ConsentMethod | null;
  disclosures: ConsentDisclosure[];
  /** User id (the token's `sub`) of who recorded it. */
  recordedBy: string;
  recordedAt: string;
}

export interface PatientRepository {
  get(id: string): Promise<PatientRecord | null>;
  /** Every active patient of an organization, newest first (jobs only: request paths page). */
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  /** A page of an organization's active patients, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageByOrganization(
    organizationId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<PatientRecord> | 'invalid_cursor'>;
  /** A page of an organization's active patients with a search term starting with `prefix` (normalized), in term order. */
  search(
    organizationId: string,
    prefix: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<PatientRecord> | 'invalid_cursor'>;
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
  /** Turns the monthly outreach off (archive); no-op when there is none. */
  disableCadence(patientId: string): Promise<void>;
  /**
   * Creates the patient (with its outreach cadence and first check-in call, when given) and bumps
   * the totals in one transaction, which holds only while its organization is active:
   * `organization_missing` otherwise.
   */
  create(
    patient: PatientRecord,
    createdBy: string,
    cadence: OutreachCadence | null,
    firstCheckIn: CallLogRecord | null,
    consent?: ConsentRecord | null,
  ): Promise<'created' | 'organization_missing'>;
  /**
   * Appends a consent change and sets the patient's consent to it, in one transaction with the
   * worklist's awaiting-consent item and count, that holds only while the patient is active with
   * the consent status of `current` (what the caller read): `conflict` otherwise.
   */
  recordConsent(current: PatientRecord, consent: ConsentRecord): Promise<'recorded' | 'conflict'>;
  /** A patient's consent changes, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageConsents(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ConsentRecord> | 'invalid_cursor'>;
  /**
   * Conditional on the patient being active at `version` (the caller has read it); `stale`
   * otherwise. Returns the stored patient.
   */
  update(current: PatientRecord, changes: PatientChanges, at: string): Promise<PatientRecord | 'stale'>;
  /**
   * Archives the patient as read, with its search index items removed, in one transaction;
   * `missing` when it is no longer active in that organization.
   */
  archive(current: PatientRecord, at: string): Promise<'archived' | 'missing'>;
  getCadence(patientId: string): Promise<OutreachCadence | null>;
}

export type { DocumentKind };

/**
 * Who saved a clinical document: the user id (the token's `sub`). Documents saved before authors
 * were kept by id hold only the e-mail address of the time.
 */
export type AuthorRef = { userId: string } | { legacyEmail: string };

/** The current version of a care plan or EMR notes. */
export interface ClinicalDocumentRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  content: string;
  created_at: string;
  created_by: AuthorRef;
  updated_at: string;
  updated_by: AuthorRef;
  version: number;
  /** False for a document last saved before revisions were kept: its current version has no revision item. */
  has_revision: boolean;
  /** Care plans saved structured: the structured part (`content` is the note). Absent otherwise. */
  plan?: CarePlanFields;
}

/** One saved version; revisions are written once and never changed. */
export interface DocumentRevisionRecord {
  version: number;
  content: string;
  plan?: CarePlanFields;
  saved_at: string;
  saved_by: AuthorRef;
}

export interface DocumentChange {
  content: string;
  /** Care plans: the structured part; its number of conditions is written on the patient in the same transaction. */
  plan?: CarePlanFields;
  /** User id of the author. */
  by: string;
  at: string;
}

export interface ClinicalDocumentRepository {
  get(kind: DocumentKind, patientId: string): Promise<ClinicalDocumentRecord | null>;
  /** The document and its first revision, in one transaction; `exists` when the patient has one already. */
  create(kind: DocumentKind, doc: ClinicalDocumentRecord): Promise<'created' | 'exists'>;
  /**
   * Saves the next version over `current` (as read) with its revision, in one transaction that holds
   * only while the stored version is still `current.version`; a document without revisions gets the
   * revision of `current` in the same transaction. `conflict` when it changed in between.
   */
  update(
    kind: DocumentKind,
    current: ClinicalDocumentRecord,
    change: DocumentChange,
  ): Promise<ClinicalDocumentRecord | 'conflict'>;
  /** Revisions, newest first. `invalid_cursor` when the cursor does not belong to this list. */
  listRevisions(
    kind: DocumentKind,
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRevisionRecord> | 'invalid_cursor'>;
}

export interface NewIdentity {
  email: string;
  /** Temporary: the user must choose their own at first sign-in (product-rules.md "Accounts and sign-in"). */
  password: string;
  /** Only the local demo accounts keep the given password; nothing an operator creates does. */
  permanentPassword?: true;
  firstName: string;
  lastName: string;
  role: Role;
  providerId: string | null;
}

/**
 * Why the identity provider refused an account's attributes: the e-mail belongs to another account,
 * the password breaks the pool's policy, or an attribute is malformed.
 */
export class IdentityRefusal extends Error {
  constructor(readonly reason: 'email_taken' | 'weak_password' | 'invalid_attribute') {
    super(`identity refused: ${reason}`);
    this.name = 'IdentityRefusal';
  }
}

/** The identity provider (Cognito): accounts, groups and the provider attribute. */
export interface IdentityDirectory {
  /** Returns the new account's user id (the token's `sub`). Throws IdentityRefusal. */
  createUser(input: NewIdentity): Promise<string>;
  /** Throws IdentityRefusal. */
  updateUser(
    userId: string,
    changes: { email: string; firstName: string; lastName: string; providerId: string | null },
  ): Promise<void>;
  /** Moves the account to exactly one group. */
  setRole(userId: string, role: Role): Promise<void>;
  /** Idempotent; an account that no longer exists counts as done. */
  disableUser(userId: string): Promise<void>;
  /** Disables then deletes the account; idempotent like disableUser. */
  deleteUser(userId: string): Promise<void>;
  /**
   * Revokes every refresh token of the account (global sign-out), so no new ID token is issued;
   * idempotent like disableUser. ID tokens already issued are refused by the API's standing check.
   */
  signOutEverywhere(userId: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Calls (product-rules.md "Calls"; ARCHITECTURE "Outreach, calls and messages")

export interface CallLogRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  status: CallStatus;
  kind: CallKind;
  outcome: CallOutcome | null;
  created_at: string;
  updated_at: string;
  created_by: string;
  /** When a scheduled call is due (UTC ISO); null for instant calls. */
  scheduled_at: string | null;
  time_preference: TimePreference | null;
  /** Monthly check-ins: the cycle's date (YYYY-MM-DD, local) and the retry number (0, 1, 2). */
  cycle_date: string | null;
  attempt: number;
  /** When the call was handed to Vapi (queued). */
  placed_at: string | null;
  vendor_call_id: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  failure_reason: string | null;
  transcript: TranscriptTurn[];
  summary: string | null;
  escalation_level: EscalationLevel | null;
  note_to_doctor: string | null;
  success_evaluation: boolean | null;
  cost: number | null;
  /** Set once, when the end-of-call report (or the reconciler's equivalent) is stored. */
  report_received_at: string | null;
  /** Set once the `call.completed` event has been put on the bus. */
  event_published_at: string | null;
  /** Summary review (product-rules.md "Summaries, escalations and notifications"). */
  added_to_emr: boolean;
  requires_followup: boolean;
  /** The months its summary is listed under (organization time zone, UTC); null without a summary. */
  summary_org_month: string | null;
  summary_utc_month: string | null;
  /** The person asked not to be called again (AI voice rules): the follow-up job turns outreach off. */
  stop_requested: boolean;
  version: number;
}

/** What a finished call left behind: Vapi's end-of-call report, or Vapi's call as the reconciler reads it. */
export interface CallReport {
  vendorCallId: string;
  outcome: CallOutcome;
  endedReason: string;
  startedAt: string | null;
  endedAt: string | null;
  transcript: TranscriptTurn[];
  summary: string | null;
  escalationLevel: EscalationLevel;
  noteToDoctor: string | null;
  successEvaluation: boolean | null;
  cost: number | null;
  /** The person asked not to be called again, and the assistant confirmed it. */
  stopCalls: boolean;
}

export interface CallLogRepository {
  get(id: string): Promise<CallLogRecord | null>;
  /** A page of a patient's calls other than pending scheduled ones, newest first. */
  pageHistory(patientId: string, limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'>;
  /** A page of the calls placed across every organization, newest first. */
  pageRecent(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'>;
  /** A page of the pending scheduled calls across every organization, soonest first. */
  pageScheduled(limit: number, cursor: string | null): Promise<Page<CallLogRecord> | 'invalid_cursor'>;
  /** Pending scheduled calls across every organization, soonest first. */
  listScheduled(limit: number): Promise<CallLogRecord[]>;
  /** Pending scheduled calls of one patient (for cancellation on archive). */
  listScheduledByPatient(patientId: string): Promise<CallLogRecord[]>;
  /**
   * Creates a call log that is placed at once (`queued`), taking the patient's one-call-at-a-time
   * lock and counting the call, in one transaction. `conflict` when another call holds the lock,
   * `missing` when the patient is gone or archived, `capped` when the organization's day is at `cap`
   * (the call takes one slot of it in the same transaction). A call placed by a call link gives
   * `linkCallsSince`: it also takes the patient's link window, `conflict` when one of the patient's
   * links placed a call since then.
   */
  createPlaced(
    log: CallLogRecord,
    cap: DailyCap,
    linkCallsSince?: string,
  ): Promise<'created' | 'conflict' | 'missing' | 'capped'>;
  /** Creates a pending scheduled call and counts it. `exists` when that id is already stored (idempotent). */
  createScheduled(log: CallLogRecord): Promise<'created' | 'exists'>;
  /**
   * Moves a pending scheduled call to `queued`, taking the patient's lock, in one transaction.
   * `not_pending` when it is no longer scheduled (placed by an earlier firing, or cancelled);
   * `conflict` when another call holds the lock; `capped` when the organization's day is at `cap`
   * (one slot of it is taken in the same transaction).
   */
  claimScheduled(id: string, at: string, cap: DailyCap): Promise<'claimed' | 'not_pending' | 'conflict' | 'capped'>;
  /** Moves a scheduled call to a new time (it stays pending). */
  reschedule(id: string, scheduledAt: string, at: string): Promise<void>;
  /** Cancels a pending scheduled call; `not_pending` when it is no longer scheduled. */
  cancelScheduled(id: string, at: string): Promise<'cancelled' | 'not_pending'>;
  /** Records Vapi's id for a queued call. */
  setVendorCallId(id: string, vendorCallId: string, at: string): Promise<void>;
  /**
   * Vapi's status updates: queued → in_progress (never backwards, never after the end), only for
   * the call placed as `vendorCallId`; `unchanged` otherwise.
   */
  markInProgress(id: string, vendorCallId: string, at: string): Promise<'marked' | 'unchanged'>;
  /** The call could not be placed or ended without a report: failed with a reason, lock released. */
  markFailed(id: string, reason: string, at: string): Promise<void>;
  /**
   * Stores a report once: status completed (or failed for unanswered calls), duration, transcript,
   * analysis, the monthly counter and, for an answered phone call, the patient-month's AI contact
   * (CCM) in one transaction; then releases the patient's lock.
   * The call stays open for the reconciler until its event is published (markEventPublished).
   * Only onto the call placed as `report.vendorCallId` while it is queued or in progress:
   * `duplicate` otherwise, and when a report was stored before (nothing changes).
   */
  storeReport(log: CallLogRecord, report: CallReport, month: string, at: string): Promise<CallLogRecord | 'duplicate'>;
  /** Settles the call (its event is out): the reconciler has nothing left to do for it. */
  markEventPublished(log: CallLogRecord, at: string): Promise<void>;
  /**
   * Moves a summary to another status (product-rules.md "Summaries, escalations and notifications"), with its list entries and tab counters, in
   * one transaction. `conflict` when the call log is not at `expectedVersion`.
   */
  setSummaryStatus(
    log: CallLogRecord,
    to: SummaryStatus,
    expectedVersion: number,
    at: string,
  ): Promise<CallLogRecord | 'conflict'>;
  /** Calls placed before `olderThan` that are not settled (no report, or no event yet): for the reconciler. */
  listStale(olderThan: string, limit: number): Promise<CallLogRecord[]>;
  /**
   * Cancels a queued call that has not started (a web call whose window closed first), releasing the
   * patient's lock. `cancelled` also when it was cancelled before; `started` once it is under way or over.
   */
  cancelQueued(id: string, at: string): Promise<'cancelled' | 'started'>;
}

/** What CareLoop asks of the voice platform for one outbound phone call. */
export interface OutboundCallRequest {
  callLogId: string;
  patientId: string;
  organizationId: string;
  /** E.164. */
  customerNumber: string;
  assistantId: string;
  voiceId: string;
  /** The settings prompt with the template variables filled in. */
  systemPrompt: string;
  firstMessage: string;
  /**
   * `patient`: reported back to CareLoop (status updates, end-of-call report); `staff`: a staff
   * alert, never reported (it has no call log).
   */
  audience: 'patient' | 'staff';
  /** What a voicemail hears (the practice's name and number only); null: hang up. */
  voicemailMessage: string | null;
}

/** Adapters report outcomes; the use case chooses the words (STYLE "Habits to grow into"). */
export class VoiceAgentError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    /** Vendor status code or error name, for the log (never PHI). */
    readonly detail: string,
  ) {
    super(`voice agent ${kind}: ${detail}`);
    this.name = 'VoiceAgentError';
  }
}

export interface VoiceAgent {
  /** Places the call; returns Vapi's call id. Throws VoiceAgentError. */
  placeCall(request: OutboundCallRequest): Promise<{ vendorCallId: string }>;
  /** Vapi's view of a call: still running, or ended with its report. null when Vapi does not know it. */
  getCall(
    vendorCallId: string,
  ): Promise<{ state: 'queued' | 'in_progress' } | { state: 'ended'; report: CallReport } | null>;
}

/**
 * What CareLoop asks of the voice platform for one web call: the phone call's request without a
 * number, a voicemail or an audience (a web call is always reported back, like a patient's call).
 */
export type WebCallRequest = Omit<OutboundCallRequest, 'customerNumber' | 'audience' | 'voicemailMessage'>;

/** Web calls created by the server with the private key; the browser only joins them. */
export interface WebCallAgent {
  /** Creates the call; returns Vapi's call id and the URL the browser joins. Throws VoiceAgentError. */
  createWebCall(request: WebCallRequest): Promise<{ vendorCallId: string; webCallUrl: string }>;
}

/** One-time schedules that fire the call-placing job (EventBridge Scheduler `at()`). */
export interface CallScheduler {
  /** Idempotent: a schedule that already exists for the call counts as done. */
  schedule(callLogId: string, at: Date): Promise<void>;
  /** Idempotent: a schedule that no longer exists counts as done. */
  cancel(callLogId: string): Promise<void>;
}

export type DomainEvent =
  | {
      type: 'call.completed';
      detail: {
        callLogId: string;
        patientId: string;
        organizationId: string;
        status: CallStatus;
        outcome: CallOutcome | null;
        escalationLevel: EscalationLevel | null;
      };
    }
  | { type: 'patient.archived'; detail: { patientId: string; organizationId: string } }
  | { type: 'organization.archived'; detail: { organizationId: string } };

export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}

/** A page of summaries of one tab, newest first. */
export interface SummaryPage {
  entries: SummaryEntry[];
  cursor: string | null;
}

export interface SummaryEntry {
  call_log_id: string;
  patient_id: string;
  provider_id: string;
  summary: string;
  status: SummaryStatus;
  escalation_level: EscalationLevel | null;
  note_to_doctor: string | null;
  duration_seconds: number | null;
  created_at: string;
  version: number;
}

/** Summary lists: `org#<organizationId>#<YYYY-MM|all>` or `all#<YYYY-MM|all>`. */
export interface SummaryRepository {
  /** `invalid_cursor` when the cursor is not of this scope's list. */
  page(scope: string, tab: SummaryTab, limit: number, cursor: string | null): Promise<SummaryPage | 'invalid_cursor'>;
  counts(scope: string): Promise<Record<SummaryTab, number>>;
}

export interface SettingsRecord {
  assistantId: string;
  voiceId: VoiceId;
  systemPrompt: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

export interface SettingsRepository {
  /** null before anyone saved settings (the defaults from configuration apply). */
  get(): Promise<SettingsRecord | null>;
  /** Optimistic: `conflict` when `expectedVersion` is not the stored version (0 = never saved). */
  save(record: SettingsRecord, expectedVersion: number): Promise<'saved' | 'conflict'>;
}

// ---------------------------------------------------------------------------------------------
// Magic links (product-rules.md "Links and expiry")

export interface LinkRecord {
  tokenHash: string;
  kind: 'summary' | 'call';
  organizationId: string;
  patientId: string;
  callLogId: string | null;
  createdAt: string;
  createdBy: string;
  expires: string;
}

export interface LinkRepository {
  create(link: LinkRecord): Promise<void>;
  /** null when no link has this hash (expiry is the caller's rule). */
  get(tokenHash: string): Promise<LinkRecord | null>;
}

/**
 * Call links place calls: at most one per patient per window across all the patient's links (taken
 * by `CallLogRepository.createPlaced`), and staff can revoke all of a patient's links at once.
 */
export interface CallLinkRepository extends LinkRepository {
  /** When staff last revoked the patient's call links: links created until then are revoked (null: never). */
  revokedAt(patientId: string): Promise<string | null>;
  /** Revokes every call link of the patient created until `at`. */
  revokeAll(patientId: string, organizationId: string, at: string): Promise<void>;
  /** Gives the patient's window back after a call placed `at` that could not be dialled. */
  releaseCall(patientId: string, at: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Patient texts (product-rules.md "Texts")

export interface TextRecord {
  patientId: string;
  /** Sorts by time: `20261123T101500123Z-1a2b3c4d`. */
  id: string;
  providerId: string;
  direction: TextDirection;
  kind: TextKind;
  status: TextStatus;
  body: string;
  includedCallLink: boolean;
  month: string | null;
  messageSid: string | null;
  errorCode: string | null;
  sentBy: string | null;
  sentByName: string | null;
  callbackStatus: 'open' | 'resolved' | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolvedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TextKey {
  patientId: string;
  id: string;
}

export interface SmsContact {
  patientId: string;
  providerId: string;
  /** When the organization last texted the patient at this number. */
  lastTextedAt: string;
}

/** STOP or START of an inbound text: the number's preference, written with the inbound record. */
export interface OptOutChange {
  phoneNumber: string;
  optedOut: boolean;
}

export interface TextRepository {
  /** A page of a patient's texts, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageByPatient(patientId: string, limit: number, cursor: string | null): Promise<Page<TextRecord> | 'invalid_cursor'>;
  get(key: TextKey): Promise<TextRecord | null>;
  /** Outbound texts counted in the patient's month. */
  monthCount(patientId: string, month: string): Promise<number>;
  /**
   * Stores an outbound text as `sending`, takes one of the month's `limit` texts and remembers the
   * number as the patient's, in one step: `opted_out` when the number opted out, `limit` when the
   * month is used up, `daily_limit` when the organization's day is at `cap` (then nothing is
   * written; otherwise one slot of the day is taken in the same step).
   */
  reserveOutbound(
    text: TextRecord,
    phoneNumber: string,
    limit: number,
    cap: DailyCap,
  ): Promise<'reserved' | 'opted_out' | 'limit' | 'daily_limit'>;
  /** Twilio accepted it: its MessageSid and first status. */
  markAccepted(key: TextKey, messageSid: string, status: TextStatus, at: string): Promise<void>;
  /** Twilio refused it: failed, and the month's allowance given back. */
  markFailed(key: TextKey, month: string, errorCode: string, at: string): Promise<void>;
  findBySid(messageSid: string): Promise<TextKey | null>;
  /** A delivery status, applied only if it moves the text forward (callbacks arrive out of order). */
  updateStatus(key: TextKey, status: TextStatus, errorCode: string | null, at: string): Promise<'updated' | 'ignored'>;
  /**
   * Stores one inbound text per patient of the number (each patient once), the number's STOP/START
   * and the callback counters, all in one transaction, once per MessageSid: `duplicate` the second time.
   */
  recordInbound(
    messageSid: string,
    texts: readonly TextRecord[],
    optOut: OptOutChange | null,
    at: string,
  ): Promise<'stored' | 'duplicate'>;
  /** Marks a callback request handled: `conflict` when it was not open. */
  resolveCallback(
    key: TextKey,
    providerId: string,
    by: { id: string; name: string },
    at: string,
  ): Promise<'resolved' | 'conflict'>;
  optOutOf(phoneNumber: string): Promise<{ optedOut: boolean; changedAt: string } | null>;
  setOptOut(phoneNumber: string, optedOut: boolean, at: string): Promise<void>;
  contactsOf(phoneNumber: string): Promise<SmsContact[]>;
}

// ---------------------------------------------------------------------------------------------
// Summary access records (product-rules.md "Records are kept"): every view of a summary through its link

export interface SummaryAccessRecord {
  id: string;
  callLogId: string;
  accessedAt: string;
  userId: string;
  role: Role;
  /** The viewer's organization; null for employees. */
  organizationId: string | null;
}

export interface SummaryAccessLog {
  record(access: SummaryAccessRecord): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Notifications (product-rules.md "Summaries, escalations and notifications"): e-mail (SES), text (Twilio),
// a spoken alert (VoiceAgent.placeCall), one record per call, user and channel.

/**
 * A message the vendor did not take. `code` is the vendor's error name or number
 * (`ses.MessageRejected`, `twilio.21211`, `twilio.http_503`, `network`), never its text: vendor
 * messages may quote the address or the body. `reason` is what it means, decided by the adapter:
 * refused, not reachable now (timeouts, throttling, the vendor's own faults), or a recipient who
 * unsubscribed (replied STOP).
 */
export class MessageSendError extends Error {
  constructor(
    readonly code: string,
    readonly reason: 'rejected' | 'unavailable' | 'unsubscribed',
  ) {
    super(`message not sent: ${code}`);
    this.name = 'MessageSendError';
  }
}

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Call, user and channel: the adapter passes it on where the vendor keeps one (never PHI). */
  idempotencyKey: string;
}

export interface EmailSender {
  /** Throws MessageSendError. */
  send(email: OutboundEmail): Promise<{ messageId: string }>;
}

export interface OutboundText {
  /** E.164. */
  to: string;
  body: string;
  idempotencyKey: string;
  /** Where Twilio posts the text's delivery statuses (patient texts); none for staff notifications. */
  statusCallback?: string;
  /**
   * The organization's own sender (E.164 number or `MG…` Messaging Service) for patient texts;
   * staff notifications leave it out and go from the deployment's sender.
   */
  sender?: string;
}

export interface SmsSender {
  /** Throws MessageSendError. */
  send(text: OutboundText): Promise<{ messageSid: string }>;
}

export type NotificationReason = 'escalation' | 'new_summary';

export interface NotificationKey {
  callLogId: string;
  userId: string;
  /** `email`, `sms` or `call` (shared/domain NOTIFICATION_CHANNELS). */
  channel: NotificationPreferences['escalations'][number];
}

export interface NotificationRecord extends NotificationKey {
  reason: NotificationReason;
  status: 'sending' | 'sent' | 'failed';
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** SES MessageId, Twilio MessageSid or Vapi call id, once sent. */
  providerMessageId: string | null;
  errorCode: string | null;
}

/** What taking a notification for sending found: take it, it went out before, or another delivery holds it. */
export type NotificationClaim = 'claimed' | 'sent' | 'busy';

export interface NotificationRepository {
  /** Every notification of a call (all users and channels). */
  listByCall(callLogId: string): Promise<NotificationRecord[]>;
  /**
   * Takes a notification before it is sent, conditionally: creates it (`sending`), or takes again
   * one that `failed`, or one left `sending` since before `staleBefore` (a delivery that died
   * mid-send). `sent` when it went out before; `busy` when another delivery holds it.
   */
  claim(key: NotificationKey, reason: NotificationReason, at: string, staleBefore: string): Promise<NotificationClaim>;
  markSent(key: NotificationKey, providerMessageId: string, at: string): Promise<void>;
  markFailed(key: NotificationKey, errorCode: string, at: string): Promise<void>;
}

/** Signals that page on-call (a CloudWatch metric with an alarm in AWS). */
export interface OnCallSignals {
  /** An Emergent escalation reached nobody: no provider user, no escalation channel, or every send failed. */
  emergentEscalationUnnotified(callLogId: string): void;
}

// ---------------------------------------------------------------------------------------------
// Who did what: names of staff accounts for the screens, and the audit trail read back

export interface UserDisplay {
  name: string;
  email: string;
}

/** Names of accounts by user id (profiles kept after deletion included); ids without a profile are left out. */
export interface UserDirectory {
  displayOf(userIds: readonly string[]): Promise<Map<string, UserDisplay>>;
}

export interface AuditEventRecord {
  id: string;
  at: string;
  actorId: string;
  /** `none` for an account without a role. */
  actorRole: string;
  actorProviderId: string | null;
  action: string;
  outcome: AuditOutcome;
  requestId: string | null;
  sourceIp: string | null;
}

export interface AuditHistory {
  /** Events about one subject, newest first. `invalid_cursor` when the cursor does not belong to this list. */
  bySubject(
    subject: AuditEntry['subject'],
    limit: number,
    cursor: string | null,
  ): Promise<Page<AuditEventRecord> | 'invalid_cursor'>;
}

// ---------------------------------------------------------------------------------------------
// CCM time log and the monthly billing report (product-rules.md "Care management (CCM)")

/** One line of a patient's time log: an entry, or the correction (`voids`) of an earlier one. */
export interface TimeEntryRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  /** The work's month (YYYY-MM, organization's time zone); a correction carries its entry's. */
  month: string;
  date: string;
  minutes: number;
  activity: string;
  note: string | null;
  source: TimeEntrySource;
  call_id: string | null;
  user_id: string;
  user_name: string;
  care_role: CareRole;
  counts_as: CountsAs;
  created_at: string;
  voids: { id: string; reason: string } | null;
}

/** One patient-month: running totals, the complexity flag and billing. */
export interface CcmMonthRecord {
  provider_id: string;
  month: string;
  patient_id: string;
  staff_minutes: number;
  practitioner_minutes: number;
  non_clinical_minutes: number;
  ai_contacts: number;
  ai_minutes: number;
  complex: boolean;
  billed: { at: string; by: string; by_name: string } | null;
}

/** A report row before the use case reads its patient: a patient-month row, or an enrolled patient without one. */
export interface ReportSlot {
  patientId: string;
  month: CcmMonthRecord | null;
}

export interface TimeLogRepository {
  /** A page of a patient's log lines of one month, newest first. */
  pageMonth(
    patientId: string,
    month: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<TimeEntryRecord> | 'invalid_cursor'>;
  get(patientId: string, entryId: string): Promise<TimeEntryRecord | null>;
  /**
   * Appends an entry, ADDs its minutes to its patient-month and to its author's day, in one
   * transaction: `billed` when the month is frozen, `day_limit` when the author's day would pass
   * MAX_DAY_MINUTES (then nothing is written).
   */
  append(entry: TimeEntryRecord): Promise<'saved' | 'billed' | 'day_limit'>;
  /**
   * Appends the correction of `voided` and subtracts its minutes from the patient-month and the
   * author's day, in one transaction: `already_voided` when it was corrected before, `billed` when
   * the month is frozen.
   */
  appendVoid(correction: TimeEntryRecord, voided: TimeEntryRecord): Promise<'saved' | 'billed' | 'already_voided'>;
  getMonth(organizationId: string, month: string, patientId: string): Promise<CcmMonthRecord | null>;
  /** Every patient-month row of an organization's month (one partition, read whole), in report order. */
  monthRows(organizationId: string, month: string): Promise<CcmMonthRecord[]>;
  /**
   * A page of report slots for an organization's month: first every patient-month row of the month
   * (one partition), then, unless `recordedOnly`, the organization's active patients without a row
   * (newest first, their rows BatchGet). One slot per patient; pages may come back short.
   */
  pageReport(
    organizationId: string,
    month: string,
    limit: number,
    cursor: string | null,
    recordedOnly: boolean,
  ): Promise<Page<ReportSlot> | 'invalid_cursor'>;
  /** Sets the complexity flag: `billed` when the month is frozen. */
  setComplex(
    organizationId: string,
    month: string,
    patientId: string,
    complex: boolean,
    by: string,
    at: string,
  ): Promise<'saved' | 'billed'>;
  /** Marks the month billed once (who and when): `billed` when it was already. */
  markBilled(
    organizationId: string,
    month: string,
    patientId: string,
    by: { id: string; name: string },
    at: string,
  ): Promise<'saved' | 'billed'>;
}

// ---------------------------------------------------------------------------------------------
// The dashboards' CCM worklist and charts (issue 12 items 6 and 7): reads only, none of them a Scan

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
  /** An organization's open callback requests, oldest first, at most `read` (one Query); `more` when some were left unread. */
  openCallbacks(organizationId: string, read: number): Promise<{ callbacks: OpenCallback[]; more: boolean }>;
}

/** A patient's text asking for a call back, not yet resolved. */
export interface OpenCallback {
  patientId: string;
  messageId: string;
  createdAt: string;
}

/**
 * Rebuilding the worklist's read models from the records (job: rebuild-worklist), for records
 * written before the read models existed and as a repair. Every write is conditional on the record
 * as read, so a change committed meanwhile (which keeps the read models itself) is never undone.
 */
export interface WorklistRebuild {
  /**
   * Makes the patient's awaiting-consent item match the patient as read (active, with this
   * consent): `changed` when the patient moved meanwhile, and nothing is written.
   */
  syncPatient(patient: PatientRecord): Promise<'synced' | 'changed'>;
  /** Sets an organization's awaiting-consent count to the number of its items; returns it. */
  recount(organizationId: string): Promise<number>;
  /** Writes a pending call's keys of its organization's list (as read again, consistently). */
  indexCall(callLogId: string): Promise<void>;
}

/**
 * Re-writing stored patients' numbers in E.164 (job: migrate-phones). Reads are Queries of the
 * organizations and their patients, a page at a time; each write is conditional on the record as read.
 */
export interface PhoneMigration {
  /** Organization ids, active and archived. */
  pageOrganizations(status: 'active' | 'archived', cursor: string | null): Promise<Page<string>>;
  /** An organization's patients of one status that have a number: their ids and numbers as stored. */
  pagePhones(
    organizationId: string,
    status: 'active' | 'archived',
    cursor: string | null,
  ): Promise<Page<{ patientId: string; phone: string }>>;
  /**
   * Stores `to` only if the patient's number is still `from`, with its audit event in the same
   * transaction: `changed` when the number moved meanwhile (nothing is written).
   */
  rewrite(patientId: string, from: string, to: string, audit: AuditEvent): Promise<'rewritten' | 'changed'>;
}
