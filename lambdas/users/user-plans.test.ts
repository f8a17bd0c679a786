import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../kernel/audit-entry';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { ItemWrite } from '../kernel/write-plan';
import {
  accountTerms,
  createProfilePlan,
  deleteProfilePlan,
  pendingProfilePlan,
  profileChangePlan,
  settingsAdminPlan,
  suspensionPlan,
} from './user-plans';

const AT = '2026-03-01T12:00:00.000Z';
const event: AuditEvent = {
  id: 'e-1',
  at: AT,
  actorId: 'u-9',
  actorRole: 'careloop_employee',
  actorProviderId: null,
  action: 'user.update',
  subject: { type: 'user', id: 'u-1' },
  outcome: 'success',
};
const profile: UserProfileRecord = {
  id: 'u-1',
  email: 'ann@example.test',
  first_name: 'Ann',
  last_name: 'Lee',
  phone_number: null,
  role: 'provider',
  provider_id: 'o-1',
  assigned_at: AT,
  notification_preferences: { new_summaries: ['email'], escalations: [] },
  created_at: AT,
  status: 'active',
  care_role: 'clinical_staff',
};
const changes = {
  email: 'ann@example.test',
  first_name: 'Anna',
  last_name: 'Lee',
  phone_number: '+15550100',
  role: 'careloop_employee' as const,
  provider_id: null,
  assigned_at: null,
  notification_preferences: { new_summaries: [], escalations: [] },
  care_role: null,
  npi: null,
};

const ofEntity = (writes: readonly ItemWrite<string>[], entity: string) => writes.filter((w) => w.entity === entity);
const hasUndefined = (writes: readonly ItemWrite<string>[]) =>
  JSON.stringify(writes, (_k, v: unknown) => (v === undefined ? 'UNDEFINED' : v)).includes('UNDEFINED');

describe('createProfilePlan', () => {
  it('creates the profile, counts a user, puts its search items and its audit event', () => {
    const plan = createProfilePlan(profile, event);

    expect(plan.transaction[0]).toEqual({
      op: 'create',
      entity: 'userProfile',
      item: {
        user_id: 'u-1',
        email: 'ann@example.test',
        first_name: 'Ann',
        last_name: 'Lee',
        role: 'provider',
        org_key: 'o-1',
        assigned_at: AT,
        notify_new_summaries: ['email'],
        notify_escalations: [],
        care_role: 'clinical_staff',
        status: 'active',
        created_at: AT,
        updated_at: AT,
      },
      refusal: 'exists',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'users' }, add: { value: 1 } },
    ]);
    const search = ofEntity(plan.transaction, 'searchEntry');
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((w) => w.op === 'put' && w.item.role === 'provider' && w.item.search_scope === 'user')).toBe(
      true,
    );
    expect(ofEntity(plan.transaction, 'auditEvent')).toHaveLength(1);
    expect(hasUndefined(plan.transaction)).toBe(false);
  });

  it('without an audit event (the demo seed) writes none', () => {
    expect(ofEntity(createProfilePlan(profile).transaction, 'auditEvent')).toEqual([]);
  });
});

describe('pendingProfilePlan', () => {
  it('creates a pending profile, not counted, indexed as pending', () => {
    const plan = pendingProfilePlan({ ...profile, role: null, provider_id: null }, event);

    expect(plan.transaction[0]).toMatchObject({
      op: 'create',
      item: { status: 'pending', role: 'none', org_key: 'none' },
      refusal: 'exists',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([]);
    expect(ofEntity(plan.transaction, 'searchEntry').every((w) => w.op === 'put' && w.item.role === 'pending')).toBe(
      true,
    );
  });
});

describe('profileChangePlan', () => {
  it('changes the profile as read, removes what was emptied, and answers it as stored', () => {
    const { plan, stored } = profileChangePlan(profile, 'active', changes, AT, event);

    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'userProfile',
      key: { user_id: 'u-1' },
      set: {
        email: 'ann@example.test',
        first_name: 'Anna',
        last_name: 'Lee',
        role: 'careloop_employee',
        org_key: 'none',
        status: 'active',
        notify_new_summaries: [],
        notify_escalations: [],
        updated_at: AT,
        phone_number: '+15550100',
      },
      remove: ['assigned_at', 'care_role', 'npi'],
      when: { equal: { status: 'active', role: 'provider', org_key: 'o-1' } },
      refusal: 'moved',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([]);
    expect(ofEntity(plan.transaction, 'auditEvent')).toHaveLength(1);
    const search = ofEntity(plan.transaction, 'searchEntry');
    // Ann became Anna: 'ann lee' goes, and 'ann' (her item from before terms that start another had none).
    expect(search.flatMap((w) => (w.op === 'delete' ? [w.key.term] : [])).sort()).toEqual(['ann', 'ann lee']);
    expect(search.every((w) => w.op === 'delete' || (w.op === 'put' && w.item.role === 'careloop_employee'))).toBe(
      true,
    );
    expect(stored).toEqual({
      ...profile,
      ...changes,
      phone_number: '+15550100',
      assigned_at: null,
      care_role: undefined,
      npi: undefined,
      status: 'active',
    });
  });

  it('enabling a pending profile counts it among the users', () => {
    const { plan } = profileChangePlan({ ...profile, status: 'pending', role: null }, 'pending', changes, AT, event);

    expect(plan.transaction[0]).toMatchObject({ when: { equal: { status: 'pending', role: 'none' } } });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'users' }, add: { value: 1 } },
    ]);
  });
});

describe('deleteProfilePlan', () => {
  it('marks an active profile deleted, leaves the users total and removes its search items', () => {
    const plan = deleteProfilePlan(profile, AT, event);

    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'userProfile',
      key: { user_id: 'u-1' },
      set: { status: 'deleted', org_key: 'o-1', deleted_at: AT, updated_at: AT },
      when: { equal: { status: 'active' } },
      refusal: 'missing',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'users' }, add: { value: -1 } },
    ]);
    expect(ofEntity(plan.transaction, 'searchEntry').every((w) => w.op === 'delete')).toBe(true);
  });

  it('a pending profile was never counted', () => {
    const plan = deleteProfilePlan({ ...profile, status: 'pending' }, AT, event);

    expect(plan.transaction[0]).toMatchObject({ when: { equal: { status: 'pending' } } });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([]);
  });
});

describe('suspensionPlan', () => {
  it('marks an active, unsuspended profile with its audit event, and restores a suspended one', () => {
    const suspended = suspensionPlan(profile, true, AT, event);
    expect(suspended.plan.transaction).toEqual([
      {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: profile.id },
        set: { suspended_at: AT, updated_at: AT },
        when: { equal: { status: 'active' }, missing: ['suspended_at'] },
        refusal: 'moved',
      },
      expect.objectContaining({ op: 'create', entity: 'auditEvent' }),
    ]);
    expect(suspended.stored.suspended_at).toBe(AT);

    const restored = suspensionPlan(suspended.stored, false, AT, event);
    expect(restored.plan.transaction[0]).toMatchObject({
      remove: ['suspended_at'],
      when: { equal: { status: 'active' }, present: ['suspended_at'] },
    });
    expect(restored.stored).not.toHaveProperty('suspended_at');
  });
});

describe('settingsAdminPlan', () => {
  const operator: UserProfileRecord = {
    ...profile,
    role: 'careloop_employee',
    provider_id: null,
    assigned_at: null,
    care_role: undefined,
  };

  it("grants an active operator's profile the capability with its audit event, and revokes it", () => {
    const granted = settingsAdminPlan(operator, true, AT, event);
    expect(granted.plan.transaction).toEqual([
      {
        op: 'patch',
        entity: 'userProfile',
        key: { user_id: operator.id },
        set: { can_manage_settings: true, updated_at: AT },
        when: { equal: { status: 'active', role: 'careloop_employee' }, missing: ['can_manage_settings'] },
        refusal: 'moved',
      },
      expect.objectContaining({ op: 'create', entity: 'auditEvent' }),
    ]);
    expect(granted.stored.can_manage_settings).toBe(true);

    const revoked = settingsAdminPlan(granted.stored, false, AT, event);
    expect(revoked.plan.transaction[0]).toMatchObject({
      remove: ['can_manage_settings'],
      when: { equal: { status: 'active', role: 'careloop_employee' }, present: ['can_manage_settings'] },
    });
    expect(revoked.stored).not.toHaveProperty('can_manage_settings');
  });

  it('a new profile keeps the capability only when given', () => {
    const item = (p: UserProfileRecord) => createProfilePlan(p).transaction[0] as { item: Record<string, unknown> };
    expect(item({ ...operator, can_manage_settings: true }).item).toMatchObject({ can_manage_settings: true });
    expect(item(operator).item).not.toHaveProperty('can_manage_settings');
  });
});

describe('accountTerms', () => {
  it('indexes each word of the e-mail, so any of them finds the account (spec §2)', () => {
    const terms = accountTerms({
      first_name: 'Nora',
      last_name: 'Ellis',
      email: 'nurse.lead+ops@sunrise-care.example',
    });
    for (const word of ['sunrise', 'care', 'example', 'lead', 'ops', 'nurse']) expect(terms).toContain(word);
    expect(terms).toContain('nurse.lead+ops@sunrise-care.example');
    expect(terms).toContain('nora ellis');
    expect(terms).toEqual([...new Set(terms)].sort());
  });
});
