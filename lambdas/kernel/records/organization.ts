/** An organization (a practice) as stored, the short form access checks read, and a day's cap of its calls or texts. */
import type { FeeSchedule } from '../../../shared/ccm/rates';
import type { DailyLimitKind } from '../../../shared/daily-limits';
import type { ProviderOrganization } from '../../../shared/domain';

export type OrganizationRecord = Omit<ProviderOrganization, 'patient_count' | 'group_npi'> & {
  status: 'active' | 'archived';
  patient_count: number;
  /** The group (type 2) NPI; absent or null: none (records made before it existed have none). */
  group_npi?: string | null;
};

/** What access checks and user lists need of an organization: one GetItem, no counters. */
export type OrganizationRef = Pick<OrganizationRecord, 'id' | 'name' | 'timezone' | 'status' | 'sms_sender'> & {
  /** The practice's own fee schedule (absent or null: the default, shared/ccm/rates.ts). */
  fee_schedule?: FeeSchedule | null;
  /** The group (type 2) NPI its claims bill under; absent or null: none. */
  group_npi?: string | null;
};

/** One organization's cap of calls or texts for one of its days (application/daily-caps.ts). */
export interface DailyCap {
  organizationId: string;
  kind: DailyLimitKind;
  /** The organization's calendar day, `YYYY-MM-DD` in its time zone. */
  day: string;
  limit: number;
}
