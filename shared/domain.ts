import type { Role } from './roles';

/** Shapes the API returns (snake_case, as the product spec names them). */

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'call'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface NotificationPreferences {
  new_summaries: NotificationChannel[];
  escalations: NotificationChannel[];
}

/** A provider user created without preferences hears of new summaries and escalations by e-mail. */
export const DEFAULT_PROVIDER_NOTIFICATIONS: NotificationPreferences = {
  new_summaries: ['email'],
  escalations: ['email'],
};

export const TIME_PREFERENCES = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type TimePreference = (typeof TIME_PREFERENCES)[number];

export const DEFAULT_TIMEZONE = 'America/New_York';

export interface ProviderOrganization {
  id: string;
  name: string;
  address: string | null;
  telephone: string | null;
  office_email: string | null;
  timezone: string;
  created_at: string;
  updated_at: string;
  patient_count: number;
  version: number;
}

export interface ProviderRef {
  id: string;
  name: string;
}

export interface UserProfile {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone_number: string | null;
  role: Role | null;
  provider_id: string | null;
  provider: ProviderRef | null;
  assigned_at: string | null;
  notification_preferences: NotificationPreferences;
  created_at: string;
  /** `GET /me` only: true for employees in SETTINGS_ADMIN_EMAILS (the System Settings panel). */
  can_manage_settings?: boolean;
}

export interface Patient {
  id: string;
  provider_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ClinicalDocument {
  id: string;
  patient_id: string;
  provider_id: string;
  content: string;
  created_at: string;
  updated_at: string;
  creator: DocumentAuthor;
  updated_by: DocumentAuthor;
  version: number;
}

/**
 * Who saved a clinical document or one of its revisions. The record keeps the user id (the token's
 * `sub`); `name` is read from their profile when the answer is built. Documents saved before
 * authors were kept by id have no `user_id`: their `name` is the e-mail address stored then.
 */
export interface DocumentAuthor {
  user_id: string | null;
  name: string;
}

export interface OutreachCadence {
  patient_id: string;
  provider_id: string;
  created_by: string;
  first_outreach_date: string;
  time_preference: TimePreference;
  enabled: boolean;
  scheduled_at: string;
  created_at: string;
}

export interface DashboardStats {
  totalProviders: number;
  totalUsers: number;
  totalPatients: number;
  callsCount: number;
  scheduledCallsCount: number;
  newSummariesCount: number;
  callsThisMonth: number;
  /** Patients' text replies waiting for a call back (open callback requests). */
  callbackRequests: number;
}

/** One page of a list, newest first: pass `next_cursor` back as `cursor` for the next page (null: no more). */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** One saved version of a care plan or EMR notes: revisions are never changed or removed. */
export interface DocumentRevision {
  version: number;
  content: string;
  saved_at: string;
  author: DocumentAuthor;
}

/** `GET /patients/{patientId}/care-plan/revisions` (and `/emr-notes/revisions`). */
export type DocumentRevisionPage = Page<DocumentRevision>;

export const AUDIT_OUTCOMES = ['success', 'denied', 'not_found', 'invalid', 'error'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One audit event about a patient, as operators read it (`GET /patients/{patientId}/access-history`). */
export interface AccessHistoryEntry {
  id: string;
  at: string;
  /** Dotted verb, e.g. `patient.read`, `care_plan.update`. */
  action: string;
  outcome: AuditOutcome;
  actor: {
    user_id: string;
    /** `none` for an account without a role. */
    role: Role | 'none';
    organization_id: string | null;
    /** From the actor's profile; null when there is none (a deleted account keeps its profile). */
    name: string | null;
    email: string | null;
  };
  request_id: string | null;
  source_ip: string | null;
}

export type AccessHistoryPage = Page<AccessHistoryEntry>;
