/** Staff accounts: profiles, the identity provider (Cognito), and names of accounts for the screens. */
import type { CareRole, Role } from '../../shared/roles';
import type { NotificationPreferences } from '../../shared/domain';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { OrganizationLookup } from '../kernel/access';
import type { Page } from '../kernel/ports';
import type { OrganizationRef } from '../kernel/records/organization';

export type { UserProfileRecord, UserStatus } from '../kernel/records/user-profile';

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
  /** Provider users' NPI; null for none or other roles (removed). */
  npi: string | null;
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
}

/**
 * A new account. Its temporary password comes from the identity provider's invitation e-mail, never
 * from an operator; the user chooses their own at first sign-in (DECISIONS "Passwords, first sign-in").
 */
export interface NewIdentity {
  email: string;
  /** Only the local demo accounts: a password they keep, set without an invitation. */
  permanentPassword?: string;
  firstName: string;
  lastName: string;
  role: Role;
  providerId: string | null;
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
  /** Lets a disabled (suspended) account sign in again; idempotent like disableUser. */
  enableUser(userId: string): Promise<void>;
  /** Disables then deletes the account; idempotent like disableUser. */
  deleteUser(userId: string): Promise<void>;
  /**
   * Revokes every refresh token of the account (global sign-out), so no new ID token is issued;
   * idempotent like disableUser. ID tokens already issued are refused by the API's standing check.
   */
  signOutEverywhere(userId: string): Promise<void>;
}

export interface UserDisplay {
  name: string;
  email: string;
}

/** Names of accounts by user id (profiles kept after deletion included); ids without a profile are left out. */
export interface UserDirectory {
  displayOf(userIds: readonly string[]): Promise<Map<string, UserDisplay>>;
}

/** The organizations users are assigned to, shown with their profiles (the organizations' repository satisfies it). */
export interface AssignedOrganizations extends OrganizationLookup {
  /** Several organizations at once (one BatchGet); missing ids are left out. */
  getRefs(ids: readonly string[]): Promise<OrganizationRef[]>;
}
