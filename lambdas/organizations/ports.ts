/** Organizations (the practices): their records, their texting sender and their daily caps. */
import type { Role } from '../../shared/roles';
import type { Page } from '../kernel/ports';
import type { OrganizationRecord, OrganizationRef } from '../kernel/records/organization';
import type { UserProfileRecord } from '../kernel/records/user-profile';

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
  /** Its group (type 2) NPI: left unchanged when absent, removed when null. */
  group_npi?: string | null;
}

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
  /** The organization that owns a Twilio sender (number or Messaging Service), if any: one Get. */
  ownerOfSender(sender: string): Promise<string | null>;
  /** The organization's own count of its patients (its counter, not the organization item): one Get. */
  patientCount(id: string): Promise<number>;
}

/** An organization's staff profiles: its users tab, and who is disabled with it (the users' profiles satisfy it). */
export interface OrganizationMembers {
  /** Every active user of an organization (every role), newest first (jobs and archiving; screens page). */
  listByOrganization(organizationId: string): Promise<UserProfileRecord[]>;
  /** A page of an organization's active accounts of one role, newest first. */
  pageByOrganization(
    organizationId: string,
    role: Role,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'>;
}

/** The sign-in accounts an archived organization's users lose (the identity provider satisfies it). */
export interface MemberAccounts {
  /** Idempotent; an account that no longer exists counts as done. */
  disableUser(userId: string): Promise<void>;
  /**
   * Revokes every refresh token of the account (global sign-out), so no new ID token is issued;
   * idempotent like disableUser. ID tokens already issued are refused by the API's standing check.
   */
  signOutEverywhere(userId: string): Promise<void>;
}
