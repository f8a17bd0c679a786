import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../kernel/audit-entry';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { ItemWrite } from '../kernel/write-plan';
import {
  archiveOrganizationPlan,
  createOrganizationPlan,
  disableProfilesPlan,
  updateOrganizationPlan,
  userBatches,
} from './organization-plans';

const AT = '2026-03-01T12:00:00.000Z';
const ID = 'o-1';
const event: AuditEvent = {
  id: 'e-1',
  at: AT,
  actorId: 'u-9',
  actorRole: 'careloop_employee',
  actorProviderId: null,
  action: 'provider.update',
  subject: { type: 'organization', id: ID },
  outcome: 'success',
};
const org: OrganizationRecord = {
  id: ID,
  name: 'Oak Clinic',
  address: null,
  telephone: '+15550100',
  office_email: null,
  timezone: 'America/Chicago',
  sms_sender: null,
  created_at: AT,
  updated_at: AT,
  version: 1,
  status: 'active',
  patient_count: 0,
  daily_call_limit: 40,
  daily_text_limit: null,
  on_call_number: null,
};
const changes = { name: 'Elm Clinic', address: null, telephone: null, office_email: 'desk@elm.test' };

const noUndefined = (writes: readonly ItemWrite<string>[]) =>
  JSON.stringify(writes, (_k, v: unknown) => (v === undefined ? 'UNDEFINED' : v)).includes('UNDEFINED');
const ofEntity = (writes: readonly ItemWrite<string>[], entity: string) => writes.filter((w) => w.entity === entity);

describe('createOrganizationPlan', () => {
  it('creates the organization, counts a provider, writes its audit event and search items', () => {
    const plan = createOrganizationPlan(org, 'u-9', event);

    expect(plan.transaction[0]).toEqual({
      op: 'create',
      entity: 'organization',
      item: {
        organization_id: ID,
        name: 'Oak Clinic',
        telephone: '+15550100',
        timezone: 'America/Chicago',
        status: 'active',
        created_at: AT,
        updated_at: AT,
        created_by: 'u-9',
        version: 1,
        patient_count: 0,
        daily_call_limit: 40,
      },
      refusal: 'exists',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'providers' }, add: { value: 1 } },
    ]);
    expect(ofEntity(plan.transaction, 'auditEvent')).toHaveLength(1);
    expect(ofEntity(plan.transaction, 'searchEntry').map((w) => w.op)).toEqual(['put', 'put']);
    expect(ofEntity(plan.transaction, 'smsSender')).toEqual([]);
    expect(noUndefined(plan.transaction)).toBe(false);
    expect(plan.afterCommit).toEqual([]);
  });

  it('stores the group NPI when given', () => {
    const plan = createOrganizationPlan({ ...org, group_npi: '1245319599' }, 'u-9', event);
    expect(plan.transaction[0]).toMatchObject({ item: { group_npi: '1245319599' } });
    expect(createOrganizationPlan({ ...org, group_npi: null }, 'u-9', event).transaction[0]).not.toHaveProperty(
      'item.group_npi',
    );
  });

  it('claims its sender first, so a sender taken is the refusal told', () => {
    const plan = createOrganizationPlan({ ...org, sms_sender: '+15550199' }, 'u-9');

    expect(plan.transaction[0]).toEqual({
      op: 'create',
      entity: 'smsSender',
      item: { sender: '+15550199', organization_id: ID },
      refusal: 'sender_taken',
    });
    expect(plan.transaction[1]).toMatchObject({ item: { sms_sender: '+15550199' } });
    expect(ofEntity(plan.transaction, 'auditEvent')).toEqual([]);
  });
});

describe('updateOrganizationPlan', () => {
  it('changes an active organization of the expected version, clears what was emptied and moves its search items', () => {
    const plan = updateOrganizationPlan(ID, org, { ...changes, daily_call_limit: null }, 1, AT, event);

    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'organization',
      key: { organization_id: ID },
      set: { name: 'Elm Clinic', updated_at: AT, office_email: 'desk@elm.test' },
      add: { version: 1 },
      remove: ['address', 'telephone', 'daily_call_limit'],
      when: { equal: { version: 1, status: 'active' } },
      refusal: 'stale',
    });
    const search = ofEntity(plan.transaction, 'searchEntry');
    expect(search.flatMap((w) => (w.op === 'delete' ? [w.key.term] : [])).sort()).toEqual(['oak', 'oak clinic']);
    expect(search.filter((w) => w.op === 'put')).toHaveLength(3);
    expect(ofEntity(plan.transaction, 'auditEvent')).toHaveLength(1);
    expect(noUndefined(plan.transaction)).toBe(false);
  });

  it('without a version, only requires it active', () => {
    const plan = updateOrganizationPlan(ID, org, changes, undefined, AT, event);

    expect(plan.transaction[0]).toMatchObject({ when: { equal: { status: 'active' } } });
  });

  it('hands a sender over: claims the new one first, on the condition the old one is still stored, and releases it', () => {
    const plan = updateOrganizationPlan(
      ID,
      { ...org, sms_sender: '+1555old' },
      { ...changes, sms_sender: '+1555new' },
      1,
      AT,
      event,
    );

    expect(plan.transaction[0]).toEqual({
      op: 'create',
      entity: 'smsSender',
      item: { sender: '+1555new', organization_id: ID },
      refusal: 'sender_taken',
    });
    expect(plan.transaction[1]).toMatchObject({
      set: { sms_sender: '+1555new' },
      when: { equal: { version: 1, status: 'active', sms_sender: '+1555old' } },
    });
    expect(plan.transaction[2]).toEqual({
      op: 'delete',
      entity: 'smsSender',
      key: { sender: '+1555old' },
      when: { equal: { organization_id: ID } },
      refusal: 'stale',
    });
  });

  it('removes a sender: the organization must have none other than the one read', () => {
    const removed = updateOrganizationPlan(
      ID,
      { ...org, sms_sender: '+1555old' },
      { ...changes, sms_sender: null },
      1,
      AT,
      event,
    );
    const added = updateOrganizationPlan(ID, org, { ...changes, sms_sender: '+1555new' }, 1, AT, event);

    expect(removed.transaction[0]).toMatchObject({ remove: ['address', 'telephone', 'sms_sender'] });
    expect(ofEntity(removed.transaction, 'smsSender').map((w) => w.op)).toEqual(['delete']);
    expect(added.transaction[1]).toMatchObject({ when: { missing: ['sms_sender'] } });
  });

  it('sets the group NPI, removes it when null, and leaves it when absent', () => {
    const set = updateOrganizationPlan(ID, org, { ...changes, group_npi: '1245319599' }, 1, AT, event);
    const cleared = updateOrganizationPlan(
      ID,
      { ...org, group_npi: '1245319599' },
      { ...changes, group_npi: null },
      1,
      AT,
      event,
    );
    const kept = updateOrganizationPlan(ID, org, changes, 1, AT, event);
    expect(set.transaction[0]).toMatchObject({ set: { group_npi: '1245319599' }, remove: ['address', 'telephone'] });
    expect(cleared.transaction[0]).toMatchObject({ remove: ['address', 'telephone', 'group_npi'] });
    expect(cleared.transaction[0]).not.toHaveProperty('set.group_npi');
    expect(kept.transaction[0]).not.toHaveProperty('set.group_npi');
    expect(kept.transaction[0]).toMatchObject({ remove: ['address', 'telephone'] });
    expect(noUndefined(cleared.transaction)).toBe(false);
  });
});

describe('archiveOrganizationPlan', () => {
  it('archives it with the totals it leaves, its first users disabled, and its search items after it', () => {
    const plan = archiveOrganizationPlan(org, 3, ['u-1', 'u-2'], AT, event);

    expect(plan.transaction[0]).toEqual({
      op: 'patch',
      entity: 'organization',
      key: { organization_id: ID },
      set: { status: 'archived', archived_at: AT, updated_at: AT },
      when: { equal: { status: 'active' } },
      refusal: 'missing',
    });
    expect(ofEntity(plan.transaction, 'counter')).toEqual([
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'providers' }, add: { value: -1 } },
      {
        op: 'patch',
        entity: 'counter',
        key: { scope: `organization#${ID}`, name: 'patients' },
        add: { value: 0 },
        when: { equal: { value: 3 } },
        refusal: 'missing',
      },
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'patients' }, add: { value: -3 } },
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'users' }, add: { value: -2 } },
    ]);
    expect(ofEntity(plan.transaction, 'userProfile')).toEqual(
      ['u-1', 'u-2'].map((user_id) => ({
        op: 'patch',
        entity: 'userProfile',
        key: { user_id },
        set: { status: 'disabled', org_key: ID, disabled_at: AT, updated_at: AT },
        when: { equal: { status: 'active', org_key: ID } },
        refusal: 'missing',
      })),
    );
    expect(plan.afterCommit.map((w) => w.op === 'delete' && w.key.term).sort()).toEqual([
      'clinic',
      'oak',
      'oak clinic',
    ]);
  });

  it('with no patients, checks its count is still none and moves no patient total', () => {
    const plan = archiveOrganizationPlan(org, 0, [], AT, event);

    expect(ofEntity(plan.transaction, 'counter').slice(1)).toEqual([
      {
        op: 'upsert',
        entity: 'counter',
        key: { scope: `organization#${ID}`, name: 'patients' },
        add: { value: 0 },
        when: { missingOr: { equal: { value: 0 } } },
        refusal: 'missing',
      },
    ]);
    expect(ofEntity(plan.transaction, 'userProfile')).toEqual([]);
  });
});

describe('disableProfilesPlan and userBatches', () => {
  it('disables the later users in batches that fit a transaction', () => {
    const ids = Array.from({ length: 181 }, (_, i) => `u-${i}`);

    expect(userBatches(ids).map((b) => b.length)).toEqual([90, 90, 1]);
    expect(disableProfilesPlan(ID, ['u-1'], AT).transaction).toEqual([
      expect.objectContaining({ entity: 'userProfile', refusal: 'users_changed' }),
      { op: 'upsert', entity: 'counter', key: { scope: 'global', name: 'users' }, add: { value: -1 } },
    ]);
  });
});
