/**
 * What creating, changing and deleting a staff account's profile writes (docs/architecture.md
 * "Writes as plans"): the profile, the users total, its search index items and its audit event,
 * with the conditions that hold its rules.
 */
import { normalizeSearch, personTerms } from '../kernel/search';
import type { AuditEvent } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { COUNTER, counterAdd, GLOBAL_SCOPE } from '../kernel/read-models/counters';
import { SEARCH_ENTRY_SCOPE, searchEntryPuts, searchEntryWrites } from '../kernel/read-models/search-entries';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { UserProfileChanges } from './ports';

/** The profile's organization key when it has none (the organization index needs a value). */
const NO_ORGANIZATION = 'none';

/**
 * An account is found by a prefix of its name's words (personTerms), its e-mail, or any word of the
 * e-mail split on `@ . - _ +`: 'sunrise' finds nurse@sunrise.example (spec §2).
 */
export function accountTerms(p: Pick<UserProfileRecord, 'first_name' | 'last_name' | 'email'>): string[] {
  const emailWords = p.email.split(/[@.\-_+]+/).map(normalizeSearch);
  return [...new Set([...personTerms(p), ...emailWords])].filter((t) => t !== '').sort();
}

/** What the search index holds of an account: its terms, and its role (or `pending`) for the list's filter. */
const indexed = (p: Pick<UserProfileRecord, 'id' | 'first_name' | 'last_name' | 'email' | 'role' | 'status'>) => ({
  id: p.id,
  terms: accountTerms(p),
  role: p.status === 'pending' ? 'pending' : (p.role ?? 'none'),
});

/** A new profile as the table stores it. */
function profileItem(p: UserProfileRecord) {
  return definedValues({
    user_id: p.id,
    email: p.email,
    first_name: p.first_name,
    last_name: p.last_name,
    phone_number: p.phone_number ?? undefined,
    role: p.role ?? 'none',
    org_key: p.provider_id ?? NO_ORGANIZATION,
    assigned_at: p.assigned_at ?? undefined,
    notify_new_summaries: p.notification_preferences.new_summaries,
    notify_escalations: p.notification_preferences.escalations,
    care_role: p.care_role,
    npi: p.npi,
    can_manage_settings: p.can_manage_settings === true ? true : undefined,
    status: p.status,
    created_at: p.created_at,
    updated_at: p.created_at,
  });
}

/**
 * An active account's new profile, counted among the users: `exists` when its id is taken. The
 * demo seed may write it without an audit event.
 */
export function createProfilePlan(profile: UserProfileRecord, audit?: AuditEvent): WritePlan<'exists'> {
  return {
    transaction: [
      { op: 'create', entity: 'userProfile', item: profileItem(profile), refusal: 'exists' },
      counterAdd(GLOBAL_SCOPE, COUNTER.users, 1),
      ...searchEntryPuts(SEARCH_ENTRY_SCOPE.users, indexed(profile)),
      ...(audit ? [auditEventWrite(audit)] : []),
    ],
    afterCommit: [],
  };
}

/**
 * A self sign-up's pending profile, not counted until enabled: `exists` when its id is taken (done
 * before); any other refusal is unnamed (`conflict`), a failure.
 */
export function pendingProfilePlan(profile: UserProfileRecord, audit: AuditEvent): WritePlan<'exists'> {
  const pending = { ...profile, status: 'pending' as const };
  return {
    transaction: [
      { op: 'create', entity: 'userProfile', item: profileItem(pending), refusal: 'exists' },
      auditEventWrite(audit),
      ...searchEntryPuts(SEARCH_ENTRY_SCOPE.users, indexed(pending)),
    ],
    afterCommit: [],
  };
}

/**
 * The profile as read (still `from`, same role and organization) takes the changes and becomes
 * active; an enabled one (`from` pending) joins the users total. `moved` when the profile is not
 * as read (the use case tells gone from stale by a read); `stored` is the profile as it then reads.
 */
export function profileChangePlan(
  current: UserProfileRecord,
  from: 'active' | 'pending',
  changes: UserProfileChanges,
  at: string,
  audit: AuditEvent,
): { plan: WritePlan<'moved'>; stored: UserProfileRecord } {
  const cleared = [
    ...(changes.phone_number ? [] : ['phone_number']),
    ...(changes.assigned_at ? [] : ['assigned_at']),
    ...(changes.care_role ? [] : ['care_role']),
    ...(changes.npi ? [] : ['npi']),
  ];
  const profile: ItemWrite<'moved'> = {
    op: 'patch',
    entity: 'userProfile',
    key: { user_id: current.id },
    set: definedValues({
      email: changes.email,
      first_name: changes.first_name,
      last_name: changes.last_name,
      role: changes.role,
      // status travels with org_key: both make up the organization index key.
      org_key: changes.provider_id ?? NO_ORGANIZATION,
      status: 'active',
      notify_new_summaries: changes.notification_preferences.new_summaries,
      notify_escalations: changes.notification_preferences.escalations,
      updated_at: at,
      // Set when given, removed when empty (`cleared`).
      phone_number: changes.phone_number || undefined,
      assigned_at: changes.assigned_at || undefined,
      care_role: changes.care_role || undefined,
      npi: changes.npi || undefined,
    }),
    ...(cleared.length > 0 ? { remove: cleared } : {}),
    when: {
      equal: { status: from, role: current.role ?? 'none', org_key: current.provider_id ?? NO_ORGANIZATION },
    },
    refusal: 'moved',
  };
  const stored: UserProfileRecord = {
    ...current,
    ...changes,
    phone_number: changes.phone_number ?? null,
    assigned_at: changes.assigned_at ?? null,
    care_role: changes.care_role ?? undefined,
    npi: changes.npi ?? undefined,
    status: 'active',
  };
  return {
    plan: {
      transaction: [
        profile,
        ...(from === 'pending' ? [counterAdd(GLOBAL_SCOPE, COUNTER.users, 1)] : []),
        auditEventWrite(audit),
        ...searchEntryWrites(SEARCH_ENTRY_SCOPE.users, indexed(current), indexed(stored)),
      ],
      afterCommit: [],
    },
    stored,
  };
}

/**
 * The profile marked deleted if still active (leaving the users total) or pending (never counted):
 * `missing` otherwise. Its search items go with it.
 */
export function deleteProfilePlan(profile: UserProfileRecord, at: string, audit: AuditEvent): WritePlan<'missing'> {
  const from = profile.status === 'pending' ? 'pending' : 'active';
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: profile.id },
        set: { status: 'deleted', org_key: profile.provider_id ?? NO_ORGANIZATION, deleted_at: at, updated_at: at },
        when: { equal: { status: from } },
        refusal: 'missing',
      },
      ...(from === 'active' ? [counterAdd(GLOBAL_SCOPE, COUNTER.users, -1)] : []),
      auditEventWrite(audit),
      ...searchEntryWrites(SEARCH_ENTRY_SCOPE.users, indexed(profile), null),
    ],
    afterCommit: [],
  };
}

/**
 * An active profile suspended (`suspended_at` set) or restored (removed), with its audit event;
 * `moved` when the profile is no longer active or already in the state asked for.
 */
export function suspensionPlan(
  current: UserProfileRecord,
  suspend: boolean,
  at: string,
  audit: AuditEvent,
): { plan: WritePlan<'moved'>; stored: UserProfileRecord } {
  const profile: ItemWrite<'moved'> = suspend
    ? {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: current.id },
        set: { suspended_at: at, updated_at: at },
        when: { equal: { status: 'active' }, missing: ['suspended_at'] },
        refusal: 'moved',
      }
    : {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: current.id },
        set: { updated_at: at },
        remove: ['suspended_at'],
        when: { equal: { status: 'active' }, present: ['suspended_at'] },
        refusal: 'moved',
      };
  const { suspended_at: _was, ...rest } = current;
  return {
    plan: { transaction: [profile, auditEventWrite(audit)], afterCommit: [] },
    stored: suspend ? { ...rest, suspended_at: at } : rest,
  };
}

/**
 * An active operator's profile given (`grant`) or stripped of settings administration, with its
 * audit event; `moved` when the profile is no longer an active employee's or already as asked.
 */
export function settingsAdminPlan(
  current: UserProfileRecord,
  grant: boolean,
  at: string,
  audit: AuditEvent,
): { plan: WritePlan<'moved'>; stored: UserProfileRecord } {
  const when = { equal: { status: 'active', role: 'careloop_employee' } };
  const profile: ItemWrite<'moved'> = grant
    ? {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: current.id },
        set: { can_manage_settings: true, updated_at: at },
        when: { ...when, missing: ['can_manage_settings'] },
        refusal: 'moved',
      }
    : {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: current.id },
        set: { updated_at: at },
        remove: ['can_manage_settings'],
        when: { ...when, present: ['can_manage_settings'] },
        refusal: 'moved',
      };
  const { can_manage_settings: _was, ...rest } = current;
  return {
    plan: { transaction: [profile, auditEventWrite(audit)], afterCommit: [] },
    stored: grant ? { ...rest, can_manage_settings: true } : rest,
  };
}
