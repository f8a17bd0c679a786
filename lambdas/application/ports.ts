import type {
  ClinicalDocument,
  NotificationPreferences,
  OutreachCadence,
  Patient,
  ProviderOrganization,
  UserProfile,
} from '../../shared/domain';
import type { Role } from '../../shared/roles';

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
  subject: { type: 'patient' | 'organization' | 'user'; id: string };
  patientId?: string;
  outcome: AuditOutcome;
}

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
}

export interface GlobalTotals {
  providers: number;
  users: number;
  patients: number;
  calls: number;
  scheduledCalls: number;
}

export interface OrganizationTotals {
  patients: number;
  callsThisMonth: number;
  newSummariesThisMonth: number;
}

export interface CounterRepository {
  globalTotals(): Promise<GlobalTotals>;
  organizationTotals(organizationId: string, month: string): Promise<OrganizationTotals>;
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
}

/** What access checks and user lists need of an organization: one GetItem, no counters. */
export type OrganizationRef = Pick<OrganizationRecord, 'id' | 'name' | 'timezone' | 'status'>;

export interface OrganizationRepository {
  get(id: string): Promise<OrganizationRecord | null>;
  getRef(id: string): Promise<OrganizationRef | null>;
  /** Several organizations at once (one BatchGet); missing ids are left out. */
  getRefs(ids: readonly string[]): Promise<OrganizationRef[]>;
  /** Active organizations, newest first. */
  listActive(limit?: number): Promise<OrganizationRecord[]>;
  create(org: OrganizationRecord, createdBy: string): Promise<void>;
  /**
   * Optimistic: fails with a conflict when `expectedVersion` is stale, not found when the
   * organization is missing or archived.
   */
  update(
    id: string,
    changes: OrganizationChanges,
    expectedVersion: number | undefined,
    at: string,
  ): Promise<OrganizationRecord>;
  /**
   * Archives the organization in one transaction with the totals it leaves (providers, its
   * patients, its users) and its users' profiles, marked disabled.
   */
  archive(id: string, at: string, userIds: readonly string[]): Promise<void>;
}

/** `disabled`: the account's organization was archived; it leaves lists and counts like a deleted one. */
export type UserStatus = 'active' | 'disabled' | 'deleted';

export type UserProfileRecord = Omit<UserProfile, 'provider' | 'full_name'> & { status: UserStatus };

export interface UserProfileChanges {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: Role;
  provider_id: string | null;
  assigned_at: string | null;
  notification_preferences: NotificationPreferences;
}

export interface UserProfileRepository {
  get(userId: string): Promise<UserProfileRecord | null>;
  /** Active users, newest first. */
  listActive(): Promise<UserProfileRecord[]>;
  /** Active users of an organization (every role), newest first. */
  listByOrganization(organizationId: string): Promise<UserProfileRecord[]>;
  create(profile: UserProfileRecord): Promise<void>;
  /** Not found unless the profile is active. */
  update(userId: string, changes: UserProfileChanges, at: string): Promise<UserProfileRecord>;
  /** Not found unless the profile is still active. */
  markDeleted(profile: UserProfileRecord, at: string): Promise<void>;
}

export type PatientRecord = Patient & { status: 'active' | 'archived' };

export interface PatientChanges {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

export interface PatientRepository {
  get(id: string): Promise<PatientRecord | null>;
  /** Active patients of an organization, newest first. */
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  /** Creates the patient (and its outreach cadence, when given) and bumps the totals in one transaction. */
  create(patient: PatientRecord, createdBy: string, cadence: OutreachCadence | null): Promise<void>;
  /**
   * Conditional on the patient being active at `version` (the caller has read it); a conflict
   * otherwise. Returns the stored patient.
   */
  update(current: PatientRecord, changes: PatientChanges, at: string): Promise<PatientRecord>;
  archive(id: string, providerId: string, at: string): Promise<void>;
  getCadence(patientId: string): Promise<OutreachCadence | null>;
}

export type DocumentKind = 'care_plan' | 'emr_notes';

export interface ClinicalDocumentRepository {
  get(kind: DocumentKind, patientId: string): Promise<ClinicalDocument | null>;
  create(kind: DocumentKind, doc: ClinicalDocument): Promise<void>;
  /** Not found when there is no document yet; a conflict when `expectedVersion` is stale. */
  update(
    kind: DocumentKind,
    patientId: string,
    content: string,
    by: string,
    expectedVersion: number | undefined,
    at: string,
  ): Promise<ClinicalDocument>;
}

export interface NewIdentity {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  providerId: string | null;
}

/** The identity provider (Cognito): accounts, groups and the provider attribute. */
export interface IdentityDirectory {
  /** Returns the new account's user id (the token's `sub`). */
  createUser(input: NewIdentity): Promise<string>;
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
}
