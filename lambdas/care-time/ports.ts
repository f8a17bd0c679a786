/** CCM time log and the monthly billing report (product-rules.md "Care management (CCM)"). */
import type { CountsAs, TimeEntrySource } from '../../shared/values/care-time';
import type { CareRole } from '../../shared/roles';
import type { Page } from '../kernel/ports';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type { ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { CarePlanFields } from '../../shared/domain';
import type { ApcmElement } from '../../shared/apcm';
import type { CallKind, CallStatus } from '../../shared/values/calls';
import type { TextDirection, TextKind, TextStatus } from '../../shared/values/texts';
import type { TransitionKind } from '../../shared/care-transitions';

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
}

/** The patients the time log and the billing report read: one, several at once, an organization's active ones, and consent history. */
export interface PatientDirectory {
  get(id: string): Promise<PatientRecord | null>;
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
  /** Every active patient of an organization, newest first. */
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  /** A patient's consent changes, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageConsents(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ConsentRecord> | 'invalid_cursor'>;
}

/** The billing practitioners whose NPI a claim carries (the users' profiles satisfy it). */
export interface PractitionerDirectory {
  get(userId: string): Promise<UserProfileRecord | null>;
}

/** A care plan's current version and its saved versions (the clinical documents' repository satisfies it). */
export interface CarePlanVersions {
  get(
    kind: 'care_plan',
    patientId: string,
  ): Promise<{ version: number; updated_at: string; content: string; plan?: CarePlanFields } | null>;
  /** Saved versions, newest first. */
  listRevisions(
    kind: 'care_plan',
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<CarePlanVersion> | 'invalid_cursor'>;
}

/** One saved version of a care plan: the note (`content`) and its structured part. */
export interface CarePlanVersion {
  version: number;
  content: string;
  plan?: CarePlanFields;
  saved_at: string;
}

/** A call as the audit packet lists it and the APCM log reads it (the call log's repository satisfies it). */
export interface AiCallRecord {
  id: string;
  kind: CallKind;
  status: CallStatus;
  created_at: string;
  started_at: string | null;
  duration_seconds: number | null;
  outcome: string | null;
}

/** A patient's calls, newest first (the call log's repository satisfies it). */
export interface AiCallHistory {
  pageHistory(patientId: string, limit: number, cursor: string | null): Promise<Page<AiCallRecord> | 'invalid_cursor'>;
}

/** A text as the APCM log reads it: which way, what kind, how it went, when. Ids only, never the body. */
export interface TextFact {
  id: string;
  direction: TextDirection;
  kind: TextKind;
  status: TextStatus;
  createdAt: string;
}

/** A patient's texts, newest first (the texts' repository satisfies it). */
export interface PatientTextHistory {
  pageByPatient(patientId: string, limit: number, cursor: string | null): Promise<Page<TextFact> | 'invalid_cursor'>;
}

/** A staff member's mark of an APCM service element, as stored. */
export interface StoredApcmMark {
  element: ApcmElement;
  user_id: string;
  by_name: string;
  care_role: CareRole;
  at: string;
  note: string | null;
}

/** One patient-month's APCM log as stored: the staff marks and the version that guards them. */
export interface ApcmLogRecord {
  patient_id: string;
  provider_id: string;
  month: string;
  marks: StoredApcmMark[];
  version: number;
  updated_at: string;
}

/** The stored APCM logs (one GetItem per patient-month). */
export interface ApcmLogRepository {
  get(patientId: string, month: string): Promise<ApcmLogRecord | null>;
}

/** A discharge or ED visit staff recorded on a patient (care-time/transitions.ts). */
export interface TransitionRecord {
  id: string;
  patient_id: string;
  provider_id: string;
  kind: TransitionKind;
  /** The discharge date (YYYY-MM-DD, organization's time zone). */
  date: string;
  facility: string | null;
  note: string | null;
  recorded_by: string;
  recorded_by_name: string;
  recorded_at: string;
}

/** The patient's transitions, in the patient's partition, newest discharge first. */
export interface TransitionRepository {
  /** A page, newest discharge first; `invalid_cursor` when the cursor is not of this list. */
  page(patientId: string, limit: number, cursor: string | null): Promise<Page<TransitionRecord> | 'invalid_cursor'>;
  /** Every transition dated `since` (YYYY-MM-DD) or later, newest first (one Query). */
  since(patientId: string, since: string): Promise<TransitionRecord[]>;
}
