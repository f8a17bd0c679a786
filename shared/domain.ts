import type { Role } from './roles';

/** Shapes the API returns (snake_case, as the product spec names them). */

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'call'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface NotificationPreferences {
  new_summaries: NotificationChannel[];
  escalations: NotificationChannel[];
}

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
  creator: { email: string };
  updated_by: { email: string };
  version: number;
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
