/** Patients: their records, their outreach cadence, and the re-writing of stored numbers. */
import type { OutreachCadence } from '../../shared/domain';
import type { TimePreference } from '../../shared/time-preferences';
import type { PreferredLanguage } from '../../shared/enrollment/patient-fields';
import type { ConsentRecord } from '../kernel/records/consent';
import type { Page } from '../kernel/ports';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRecord } from '../kernel/records/user-profile';

export interface PatientChanges {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  /** Absent: unchanged; null: none. */
  billingPractitionerId?: string | null;
  /** Absent: unchanged; null: none. */
  mrn?: string | null;
  /** `YYYY-MM-DD`. Absent: unchanged; null: none. */
  date_of_birth?: string | null;
  /** Medicare Beneficiary Identifier (PHI: never logged). Absent: unchanged; null: none. */
  mbi?: string | null;
  /** Absent: unchanged. */
  preferred_language?: PreferredLanguage;
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
  /**
   * The organization's patient counter: where `patient_count` starts on an organization item
   * written before it carried one (patient-plans.ts).
   */
  countedPatients(organizationId: string): Promise<number>;
  /**
   * Whether the patient has its PCM candidate item (one Get): an edit moves the item's copy of the
   * name, phone and language, and a candidate stored before the items were kept has none yet.
   */
  pcmListed(patient: Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>): Promise<boolean>;
  /** A patient's consent changes, newest first; `invalid_cursor` when the cursor is not of this list. */
  pageConsents(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ConsentRecord> | 'invalid_cursor'>;
  getCadence(patientId: string): Promise<OutreachCadence | null>;
}

/** Staff profiles by user id: who may be a patient's billing practitioner (the users' profiles satisfy it). */
export interface PractitionerProfiles {
  get(userId: string): Promise<UserProfileRecord | null>;
}

/** Schedules a new patient's first monthly check-in (the calls' one-time schedules satisfy it). */
export interface CheckInScheduler {
  /** Idempotent: a schedule that already exists for the call counts as done. */
  schedule(callLogId: string, at: Date): Promise<void>;
}

/** A pending monthly check-in of an organization: when it is due and at which time preference. */
export interface PendingCheckIn {
  scheduledAt: string;
  timePreference: TimePreference | null;
}

/**
 * The organization's pending monthly check-ins by due time: where a new patient's first check-in
 * is spread to (patient-rules.ts spreadFirstCheckIn).
 */
export interface CheckInCalendar {
  /** Pending monthly check-ins of the organization due from `from` until before `to` (one Query, every page). */
  pendingCheckIns(organizationId: string, from: string, to: string): Promise<PendingCheckIn[]>;
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
}
