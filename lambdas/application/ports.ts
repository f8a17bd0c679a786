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
  timezone: string;
}

export interface OrganizationRepository {
  get(id: string): Promise<OrganizationRecord | null>;
  /** Active organizations, newest first. */
  listActive(limit?: number): Promise<OrganizationRecord[]>;
  create(org: OrganizationRecord, createdBy: string): Promise<void>;
  /** Optimistic: fails with a conflict when `expectedVersion` is stale. */
  update(id: string, changes: OrganizationChanges, expectedVersion: number | undefined, at: string): Promise<OrganizationRecord>;
  /** Archives the organization and adjusts the totals in one transaction. */
  archive(id: string, at: string): Promise<void>;
}

export type UserProfileRecord = Omit<UserProfile, 'provider' | 'full_name'> & { status: 'active' | 'deleted' };

export interface UserProfileChanges {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: Role;
  provider_id: string | null;
  notification_preferences: NotificationPreferences;
}

export interface UserProfileRepository {
  get(userId: string): Promise<UserProfileRecord | null>;
  listActive(): Promise<UserProfileRecord[]>;
  listByOrganization(organizationId: string): Promise<UserProfileRecord[]>;
  create(profile: UserProfileRecord): Promise<void>;
  update(userId: string, changes: UserProfileChanges, at: string): Promise<UserProfileRecord>;
  markDeleted(userId: string, at: string): Promise<void>;
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
  listByOrganization(organizationId: string): Promise<PatientRecord[]>;
  /** Creates the patient (and its outreach cadence, when given) and bumps the totals in one transaction. */
  create(patient: PatientRecord, createdBy: string, cadence: OutreachCadence | null): Promise<void>;
  update(id: string, changes: PatientChanges, expectedVersion: number | undefined, at: string): Promise<PatientRecord>;
  archive(id: string, providerId: string, at: string): Promise<void>;
  getCadence(patientId: string): Promise<OutreachCadence | null>;
}

export type DocumentKind = 'care_plan' | 'emr_notes';

export interface ClinicalDocumentRepository {
  get(kind: DocumentKind, patientId: string): Promise<ClinicalDocument | null>;
  create(kind: DocumentKind, doc: ClinicalDocument): Promise<void>;
  update(kind: DocumentKind, patientId: string, content: string, by: string, expectedVersion: number | undefined, at: string): Promise<ClinicalDocument>;
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
  updateUser(userId: string, changes: { email: string; firstName: string; lastName: string; providerId: string | null }): Promise<void>;
  setRole(userId: string, role: Role): Promise<void>;
  disableUser(userId: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
}
