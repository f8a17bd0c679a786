import type { z } from 'zod/mini';
import { DEFAULT_CARE_ROLE, type CareRole, type Role } from '../../shared/roles';
import {
  DEFAULT_PROVIDER_NOTIFICATIONS,
  type NotificationPreferences,
  type ProviderRef,
  type UserPage,
  type UserProfile,
} from '../../shared/domain';
import type { createUserSchema, updateUserSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { assertEmployee, isRecordId, isSettingsAdmin } from '../kernel/access';
import { auditedChange } from '../kernel/audit';
import { fail, inUserWords } from '../kernel/error-catalogue';
import { toUserProfile } from '../kernel/mappers';
import type { AuditChange, AuditLog } from '../kernel/audit-entry';
import type { Clock, Ids } from '../kernel/ports';
import type { AssignedOrganizations, IdentityDirectory, UserProfileRepository } from './ports';
import type { OrganizationRef } from '../kernel/records/organization';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { searchPrefix } from '../kernel/search';
import type { WriteCommitter } from '../kernel/write-plan';
import {
  createProfilePlan,
  deleteProfilePlan,
  pendingProfilePlan,
  profileChangePlan,
  settingsAdminPlan,
  suspensionPlan,
} from './user-plans';

export interface UserDeps {
  profiles: UserProfileRepository;
  organizations: AssignedOrganizations;
  identity: IdentityDirectory;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
  /**
   * The deployment's first settings admins (SETTINGS_ADMIN_EMAILS, lower case): an operator account
   * created with one of these e-mails starts as a settings admin. Nobody else gains it but by a grant.
   */
  bootstrapSettingsAdmins?: readonly string[];
}

export type CreateUserInput = z.output<typeof createUserSchema>;
export type UpdateUserInput = z.output<typeof updateUserSchema>;

export interface UserListFilter {
  search?: string | undefined;
  /** A role, `pending` for self sign-ups waiting for an operator, or absent / 'all' for everyone. */
  role?: Role | 'all' | 'pending' | undefined;
}

const NO_NOTIFICATIONS: NotificationPreferences = { new_summaries: [], escalations: [] };

export interface Assignment {
  providerId: string | null;
  assignedAt: string | null;
  notificationPreferences: NotificationPreferences;
  /** Provider users only. */
  careRole: CareRole | null;
  /** Provider users only: their NPI, kept when the form leaves it out. */
  npi: string | null;
}

/** The profile fields an operator's form gives and the assignment decides, on create and on edit alike. */
function profileFields(input: CreateUserInput | UpdateUserInput, plan: Assignment) {
  return {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone_number: input.phone_number,
    role: input.role,
    provider_id: plan.providerId,
    assigned_at: plan.assignedAt,
    notification_preferences: plan.notificationPreferences,
  };
}

/**
 * Where a user belongs after a create or an edit: employees have no organization; notification
 * preferences only mean something for provider users; `assigned_at` moves when the organization does.
 */
export function planAssignment(
  input: {
    role: Role;
    provider_id?: string | null | undefined;
    notification_preferences?: NotificationPreferences | undefined;
    care_role?: CareRole | null | undefined;
    npi?: string | null | undefined;
  },
  current: Pick<
    UserProfileRecord,
    'provider_id' | 'assigned_at' | 'notification_preferences' | 'care_role' | 'npi'
  > | null,
  now: string,
): Assignment {
  const providerId = input.role === 'careloop_employee' ? null : (input.provider_id ?? null);
  const sameOrganization = current !== null && providerId !== null && current.provider_id === providerId;
  return {
    providerId,
    assignedAt: providerId === null ? null : sameOrganization ? (current.assigned_at ?? now) : now,
    notificationPreferences:
      input.role !== 'provider'
        ? NO_NOTIFICATIONS
        : (input.notification_preferences ?? current?.notification_preferences ?? DEFAULT_PROVIDER_NOTIFICATIONS),
    careRole: input.role !== 'provider' ? null : (input.care_role ?? current?.care_role ?? DEFAULT_CARE_ROLE),
    npi: input.role !== 'provider' ? null : input.npi !== undefined ? input.npi : (current?.npi ?? null),
  };
}

async function activeOrganization(deps: UserDeps, providerId: string | null): Promise<OrganizationRef | null> {
  if (providerId === null) return null;
  const org = isRecordId(providerId) ? await deps.organizations.getRef(providerId) : null;
  if (!org || org.status !== 'active') throw fail('providerNotFound');
  return org;
}

const providerRefOf = (org: OrganizationRef | null): ProviderRef | null =>
  org ? { id: org.id, name: org.name } : null;

export const USERS_PAGE_SIZE = 25;

/**
 * A page of the users list: the pending accounts, then the active ones, newest first (one Query per
 * status; a role filters inside the Query). With a search, the accounts with a first name, last
 * name or e-mail starting with it, in name order (one Query on the search index).
 */
export async function listUsers(
  deps: UserDeps,
  actor: Actor,
  filter: UserListFilter,
  page: PageRequest,
): Promise<UserPage> {
  assertEmployee(actor);
  const role = filter.role === 'all' || filter.role === undefined ? null : filter.role;
  const prefix = searchPrefix(filter.search);
  const found = prefix
    ? await deps.profiles.search(prefix, role, page.limit, page.cursor)
    : await deps.profiles.page(role, page.limit, page.cursor);
  if (found === 'invalid_cursor') throw invalidCursor();
  return { items: await withOrganizations(deps, found.items), next_cursor: found.cursor };
}

/** Profiles as the API shows them, with their organization's name (one BatchGet). */
export async function withOrganizations(
  deps: Pick<UserDeps, 'organizations'>,
  profiles: readonly UserProfileRecord[],
): Promise<UserProfile[]> {
  const orgs = await deps.organizations.getRefs(profiles.flatMap((p) => (p.provider_id ? [p.provider_id] : [])));
  const activeOrgs = new Map(orgs.filter((o) => o.status === 'active').map((o) => [o.id, { id: o.id, name: o.name }]));
  return profiles.map((p) => toUserProfile(p, p.provider_id ? (activeOrgs.get(p.provider_id) ?? null) : null));
}

/** An account's NPI as the trail compares it: absent and null both mean none. */
type WithNpi = { npi?: string | null | undefined };

/**
 * What an account change moved, for the audit trail: roles and organization ids, never names; and
 * the NPI before and after when the change moved it (claims carry it, so an auditor asks who set
 * which number when). An edit that leaves the NPI as it was carries no NPI at all.
 */
export const accountChange = (
  before: (Pick<UserProfileRecord, 'role' | 'provider_id'> & WithNpi) | null,
  after: (Pick<UserProfileRecord, 'role' | 'provider_id'> & WithNpi) | null,
): AuditChange => {
  const [npiBefore, npiAfter] = [before?.npi ?? null, after?.npi ?? null];
  return {
    roleBefore: before?.role ?? null,
    roleAfter: after?.role ?? null,
    organizationBefore: before?.provider_id ?? null,
    organizationAfter: after?.provider_id ?? null,
    ...(npiBefore !== npiAfter ? { npiBefore, npiAfter } : {}),
  };
};

/**
 * A Cognito account (e-mail as username, group = role, organization attribute; Cognito e-mails the
 * temporary password in its invitation) and its profile, written with its audit event.
 */
export async function createUser(deps: UserDeps, actor: Actor, input: CreateUserInput): Promise<{ user: UserProfile }> {
  assertEmployee(actor);
  const now = deps.clock.now().toISOString();
  const plan = planAssignment(input, null, now);
  const org = await activeOrganization(deps, plan.providerId);
  const id = await deps.identity
    .createUser({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      providerId: plan.providerId,
    })
    .catch((error: unknown) => {
      throw inUserWords(error);
    });
  const profile: UserProfileRecord = {
    id,
    ...profileFields(input, plan),
    ...(plan.careRole ? { care_role: plan.careRole } : {}),
    ...(plan.npi ? { npi: plan.npi } : {}),
    ...(input.role === 'careloop_employee' && deps.bootstrapSettingsAdmins?.includes(input.email.toLowerCase())
      ? { can_manage_settings: true }
      : {}),
    created_at: now,
    status: 'active',
  };
  try {
    await auditedChange(deps, actor, 'user.create', { type: 'user', id }, async (eventOf) => {
      const created = await deps.committer.commit(createProfilePlan(profile, eventOf(accountChange(null, profile))));
      if (created !== 'committed') throw fail('userExists');
    });
  } catch (error) {
    // No account without its profile: undo the Cognito side, then report the failure.
    await deps.identity.deleteUser(id);
    throw error;
  }
  return { user: toUserProfile(profile, providerRefOf(org)) };
}

/**
 * Edits the account and its profile. A role change moves the Cognito group; a role or organization
 * change signs the user out everywhere, and the profile written last makes the API refuse their
 * tokens of the old standing at once. A pending account (self sign-up) is enabled the same way: it
 * gets its role and organization, joins the users total, and signs in again to receive them.
 */
export async function updateUser(
  deps: UserDeps,
  actor: Actor,
  userId: string,
  input: UpdateUserInput,
): Promise<{ user: UserProfile }> {
  assertEmployee(actor);
  const current = isRecordId(userId) ? await deps.profiles.get(userId) : null;
  if (!current || (current.status !== 'active' && current.status !== 'pending')) throw fail('userNotFound');
  const enabling = current.status === 'pending';
  return auditedChange(
    deps,
    actor,
    enabling ? 'user.enable' : 'user.update',
    { type: 'user', id: userId },
    async (eventOf) => {
      // An operator who demoted themselves would lock themselves (perhaps everyone) out of administration.
      if (userId === actor.userId && input.role !== current.role) {
        throw fail('cannotChangeOwnRole');
      }
      const now = deps.clock.now().toISOString();
      // An enabled account starts like a new one (a provider user hears of summaries by e-mail).
      const plan = planAssignment(input, enabling ? null : current, now);
      const org = await activeOrganization(deps, plan.providerId);

      const identityChanged =
        enabling ||
        input.email !== current.email ||
        input.first_name !== current.first_name ||
        input.last_name !== current.last_name ||
        plan.providerId !== current.provider_id;
      // Each Cognito change is undone, newest first, if a later step fails, so that the account and
      // its profile never disagree. The sign-out is not undone: the user signs in again. A pending
      // account had no group to go back to; without an active profile its tokens have no standing.
      const undo: (() => Promise<void>)[] = [];
      try {
        if (identityChanged) {
          await deps.identity
            .updateUser(userId, {
              email: input.email,
              firstName: input.first_name,
              lastName: input.last_name,
              providerId: plan.providerId,
            })
            .catch((error: unknown) => {
              throw inUserWords(error);
            });
          undo.push(() =>
            deps.identity.updateUser(userId, {
              email: current.email,
              firstName: current.first_name,
              lastName: current.last_name,
              providerId: current.provider_id,
            }),
          );
        }
        if (input.role !== current.role) {
          await deps.identity.setRole(userId, input.role);
          const before = current.role;
          if (before) undo.push(() => deps.identity.setRole(userId, before));
        }
        // Before the profile write: a retry after a failure below signs out again.
        if (input.role !== current.role || plan.providerId !== current.provider_id) {
          await deps.identity.signOutEverywhere(userId);
        }

        const changes = { ...profileFields(input, plan), care_role: plan.careRole, npi: plan.npi };
        const event = eventOf(accountChange(current, changes));
        const from = enabling ? 'pending' : 'active';
        const { plan: change, stored } = profileChangePlan(current, from, changes, now, event);
        if ((await deps.committer.commit(change)) !== 'committed') {
          // Why it was refused: the profile left `from` (gone), or someone else moved it first (stale).
          const found = await deps.profiles.get(userId);
          throw fail(!found || found.status !== from ? 'userNotFound' : 'userStale');
        }
        return { user: toUserProfile(stored, providerRefOf(org)) };
      } catch (error) {
        for (const step of undo.reverse()) await step();
        throw error;
      }
    },
  );
}

/**
 * Signs the user out everywhere, disables and deletes the Cognito account and marks the profile
 * deleted (an active or a pending one); never one's own account.
 */
export async function deleteUser(deps: UserDeps, actor: Actor, userId: string): Promise<{ deleted: true }> {
  assertEmployee(actor);
  if (userId === actor.userId) throw fail('cannotDeleteSelf');
  const current = isRecordId(userId) ? await deps.profiles.get(userId) : null;
  if (!current || (current.status !== 'active' && current.status !== 'pending')) throw fail('userNotFound');
  return auditedChange(deps, actor, 'user.delete', { type: 'user', id: userId }, async (eventOf) => {
    await deps.identity.signOutEverywhere(userId);
    await deps.identity.deleteUser(userId);
    const at = deps.clock.now().toISOString();
    const deleted = await deps.committer.commit(deleteProfilePlan(current, at, eventOf(accountChange(current, null))));
    if (deleted !== 'committed') throw fail('userNotFound');
    return { deleted: true as const };
  });
}

/**
 * Suspends an active account (DECISIONS "Sessions"): signed out everywhere and disabled in Cognito
 * (sign-in refused), then the profile marked, so its ID tokens lose their standing at once; never
 * one's own. Suspending a suspended account changes nothing.
 */
export async function suspendUser(deps: UserDeps, actor: Actor, userId: string): Promise<{ user: UserProfile }> {
  assertEmployee(actor);
  if (userId === actor.userId) throw fail('cannotSuspendSelf');
  return changeSuspension(deps, actor, userId, true);
}

/** Restores a suspended account: enabled in Cognito, the mark removed; restoring an active one changes nothing. */
export async function restoreUser(deps: UserDeps, actor: Actor, userId: string): Promise<{ user: UserProfile }> {
  assertEmployee(actor);
  return changeSuspension(deps, actor, userId, false);
}

async function changeSuspension(
  deps: UserDeps,
  actor: Actor,
  userId: string,
  suspend: boolean,
): Promise<{ user: UserProfile }> {
  const current = isRecordId(userId) ? await deps.profiles.get(userId) : null;
  if (!current || current.status !== 'active') throw fail('userNotFound');
  const answer = async (profile: UserProfileRecord) => {
    const org = profile.provider_id ? await deps.organizations.getRef(profile.provider_id) : null;
    return { user: toUserProfile(profile, providerRefOf(org && org.status === 'active' ? org : null)) };
  };
  if (Boolean(current.suspended_at) === suspend) return answer(current);
  const action = suspend ? 'user.suspend' : 'user.restore';
  return auditedChange(deps, actor, action, { type: 'user', id: userId }, async (eventOf) => {
    // Cognito first: a failure below leaves the account refused at sign-in, never open with a suspended profile.
    if (suspend) {
      await deps.identity.signOutEverywhere(userId);
      await deps.identity.disableUser(userId);
    } else {
      await deps.identity.enableUser(userId);
    }
    const at = deps.clock.now().toISOString();
    const { plan, stored } = suspensionPlan(current, suspend, at, eventOf());
    if ((await deps.committer.commit(plan)) !== 'committed') {
      if (!suspend) await deps.identity.disableUser(userId);
      throw fail('userNotFound');
    }
    return answer(stored);
  });
}

/**
 * Grants (`grant`) or revokes settings administration (DECISIONS "Identity and roles"): only a
 * settings admin may, only on another operator's active account, audited in the change's
 * transaction. It counts from the account's next request (its standing check reads the profile).
 * Asking for the state the account is in changes nothing.
 */
export async function changeSettingsAdmin(
  deps: UserDeps,
  actor: Actor,
  ownProfile: UserProfileRecord | null,
  userId: string,
  grant: boolean,
): Promise<{ user: UserProfile }> {
  assertEmployee(actor);
  if (!isSettingsAdmin(actor, ownProfile)) throw fail('settingsAdminGrantOnly');
  if (userId === actor.userId) throw fail('cannotChangeOwnSettingsAdmin');
  const current = isRecordId(userId) ? await deps.profiles.get(userId) : null;
  if (!current || current.status !== 'active') throw fail('userNotFound');
  if (current.role !== 'careloop_employee') throw fail('settingsAdminEmployeesOnly');
  if ((current.can_manage_settings === true) === grant) return { user: toUserProfile(current, null) };
  const action = grant ? 'user.settings_admin_grant' : 'user.settings_admin_revoke';
  return auditedChange(deps, actor, action, { type: 'user', id: userId }, async (eventOf) => {
    const at = deps.clock.now().toISOString();
    const { plan, stored } = settingsAdminPlan(current, grant, at, eventOf());
    if ((await deps.committer.commit(plan)) !== 'committed') {
      // Why it was refused: the account left (gone), or someone else changed it first (stale).
      const found = await deps.profiles.get(userId);
      throw fail(!found || found.status !== 'active' ? 'userNotFound' : 'userStale');
    }
    return { user: toUserProfile(stored, null) };
  });
}

/** The profile a confirmed self sign-up starts with: no role, no organization, waiting for an operator. */
export interface SignUp {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Cognito's post-confirmation trigger: a pending profile for a confirmed self sign-up, with its audit
 * event (the new user as actor). Idempotent: a retried trigger, or an account an operator created
 * (its profile exists already), changes nothing.
 */
export async function registerSignUp(
  deps: Pick<UserDeps, 'committer' | 'audit' | 'clock' | 'ids'>,
  signUp: SignUp,
): Promise<'created' | 'exists'> {
  const now = deps.clock.now().toISOString();
  const actor: Actor = { userId: signUp.userId, email: signUp.email, role: null, providerId: null };
  const profile: UserProfileRecord = {
    id: signUp.userId,
    email: signUp.email,
    first_name: signUp.firstName,
    last_name: signUp.lastName,
    phone_number: null,
    role: null,
    provider_id: null,
    assigned_at: null,
    notification_preferences: NO_NOTIFICATIONS,
    created_at: now,
    status: 'pending',
  };
  return auditedChange(deps, actor, 'user.sign_up', { type: 'user', id: signUp.userId }, async (eventOf) => {
    const outcome = await deps.committer.commit(pendingProfilePlan(profile, eventOf(accountChange(null, null))));
    if (outcome === 'committed') return 'created';
    // Only the profile's own condition (its id is taken) means "done before"; anything else is a failure.
    if (outcome === 'exists') return 'exists';
    throw new Error('pending profile not written');
  });
}
