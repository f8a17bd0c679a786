/** Calls (product-rules.md "Calls"; ARCHITECTURE "Outreach, calls and messages"): call logs and the voice platform. */
import type { CallOutcome, EscalationLevel } from '../../shared/values/calls';
import type { EnrollmentCallAnswer } from '../../shared/enrollment/enrollment-call-script';
import type { TranscriptTurn } from '../../shared/calls';
import type { Measure } from '../../shared/observations/measures';
import type { CallLanguage } from '../../shared/values/settings';
import type { ObservedValue } from '../../shared/observations/rules';
import type { TransferStatus, TransferWords } from '../../shared/warm-transfer';
import type { CarePlanFields, DocumentKind, Observation, OutreachCadence } from '../../shared/domain';
import type { OrganizationLookup, PatientLookup } from '../kernel/access';
import type { Page } from '../kernel/ports';
import type { OrganizationRecordLookup } from '../kernel/read-models/daily-caps';
import type { OrganizationRef } from '../kernel/records/organization';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { PatientRecord } from '../kernel/records/patient';

/** Patients as calls read them: the record, names for lists, and the monthly outreach cadence. */
export interface CallPatients extends PatientLookup {
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
  /** Every active patient of an organization, newest first (jobs only: request paths page). */
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  getCadence(patientId: string): Promise<OutreachCadence | null>;
}

/** Organizations as calls read them: the reference, the whole record (caps, practice number), names for lists. */
export interface CallOrganizations extends OrganizationLookup, OrganizationRecordLookup {
  /** Several organizations at once (one BatchGet); missing ids are left out. */
  getRefs(ids: readonly string[]): Promise<OrganizationRef[]>;
}

/** A care plan or EMR notes, as far as a call's script tells the assistant about it. */
export interface ScriptDocument {
  content: string;
  /** Care plans saved structured: the structured part (`content` is the note). */
  plan?: CarePlanFields;
}

/** The patient's clinical documents a call's script reads (care plan, EMR notes). */
export interface ScriptDocuments {
  get(kind: DocumentKind, patientId: string): Promise<ScriptDocument | null>;
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
  /** The readings and screening scores of its structured data that can be readings (others refused). */
  observations: ObservedValue[];
  /** An enrollment call's answer (its structured data); null for any other call, or when it has none. */
  enrollmentAnswer: EnrollmentCallAnswer | null;
  /** The call's last transfer to a phone number, as Vapi reports it; null: none attempted. */
  transfer?: ReportedTransfer | null;
}

/** A transfer as the report names it: the number dialled (as Vapi wrote it) and how it ended. */
export interface ReportedTransfer {
  to: string | null;
  status: TransferStatus;
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
  /** Calls placed before `olderThan` that are not settled (no report, or no event yet): for the reconciler. */
  listStale(olderThan: string, limit: number): Promise<CallLogRecord[]>;
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
   * alert, which has no call log: only its status updates come back, for its line lease.
   */
  audience: 'patient' | 'staff';
  /** A call without a call log (a staff alert): the lease of the line it holds, named in its metadata. */
  lineLeaseId?: string;
  /** The longest the call may last (Vapi's default, 10 minutes, when unset). */
  maxDurationSeconds?: number;
  /** What a voicemail hears (the practice's name and number only); null: hang up. */
  voicemailMessage: string | null;
  /** What a check-in measures (the care plan's conditions decide); none for a staff alert. */
  measures?: readonly Measure[];
  /** The patient's language: the voice, the transcriber and the phrase Vapi hangs up on follow it (unset: English). */
  language?: CallLanguage;
  /** A phone check-in of an organization with an on-call number: where and how an emergency is transferred. */
  transfer?: TransferOffer | null;
  /**
   * An enrollment call: it measures nothing, its structured data is the person's answer, and it
   * ends on `stopConfirmation` (in the patient's language) when they ask not to be called again.
   */
  enrollment?: { stopConfirmation: string };
}

/** A warm transfer the assistant may make (DECISIONS "Warm transfer"). */
export interface TransferOffer {
  /** The organization's on-call number (E.164). */
  number: string;
  /** What the patient hears, in the call's language. */
  words: TransferWords;
  /** How the clinician's summary is made before the patient joins (English). */
  briefing: string;
}

export interface VoiceAgent {
  /** Places the call; returns Vapi's call id. Throws VoiceAgentError. */
  placeCall(request: OutboundCallRequest): Promise<{ vendorCallId: string }>;
  /**
   * Vapi's view of a call: still running, or ended with its report, and whether Vapi's analysis (the
   * summary and the escalation assessment, made after the call ends) is on it yet. null when Vapi
   * does not know it.
   */
  getCall(
    vendorCallId: string,
  ): Promise<{ state: 'queued' | 'in_progress' } | { state: 'ended'; report: CallReport; analysed: boolean } | null>;
}

/**
 * What CareLoop asks of the voice platform for one web call: the phone call's request without a
 * number, a voicemail or an audience (a web call is always reported back, like a patient's call).
 */
export type WebCallRequest = Omit<OutboundCallRequest, 'customerNumber' | 'audience' | 'voicemailMessage' | 'transfer'>;

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

/**
 * The queue of calls due to be placed (SQS): a call's schedule sends its id here, and a call waiting
 * for a slot of the concurrency budget is sent here again when one is free (DECISIONS "Outreach capacity").
 */
export interface CallQueue {
  /**
   * Sends `callLogId` to the placer after `delaySeconds` (0–900, SQS's limit). `waitingSince` is when
   * the call first found no free slot (ISO), carried so the wait is measured from then.
   */
  enqueue(callLogId: string, delaySeconds: number, waitingSince?: string): Promise<void>;
}

/** A due call waiting for a line, as the waiting list names it. */
export interface WaitingCall {
  callLogId: string;
  /** When it first found no free line (ISO). */
  waitingSince: string;
}

/** The call lines as they are now: the one item and the waiting list, sorted by the wait's start. */
export interface CallLinesState {
  /** The item, the oldest waiting entry and the leases: one wave of three reads (the operators' card). */
  read(): Promise<{ inUse: number; heldByAlerts: number; waiting: number; oldestWaitingSince: string | null }>;
  /** The item alone: one GetItem. */
  counts(): Promise<{ inUse: number; waiting: number }>;
  /** The first `limit` waiting calls, oldest first: one Query. */
  oldestWaiting(limit: number): Promise<WaitingCall[]>;
  /** One lease of a line held by a call without a call log: one GetItem. */
  lease(leaseId: string): Promise<HeldLease | null>;
  /** Every lease (at most one per line in use): one Query. */
  leases(): Promise<HeldLease[]>;
}

/** A line held by a call without a call log (a spoken alert to staff), as stored. */
export interface HeldLease {
  leaseId: string;
  /** When the reconciler gives the line back, whatever Vapi said. */
  until: string;
  /** Vapi's id of the call, once Vapi took it. */
  vendorCallId: string | null;
}

/** A reading or screening score as stored (platform/dynamodb/entities/observation.ts). */
export type ObservationRecord = Observation;

/** The observations calls store with their reports, as the patient page reads them. */
export interface ObservationRepository {
  /** A page of a patient's observations newest first: of one LOINC code, or of every code. */
  pageByPatient(
    patientId: string,
    code: string | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ObservationRecord> | 'invalid_cursor'>;
}
