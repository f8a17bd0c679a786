/**
 * What creating, changing and archiving an organization writes (docs/architecture.md "Writes as
 * plans"): the organization, its texting sender's ownership item, the totals it moves, its search
 * index items, its users' profiles and its audit event, with the conditions that hold its rules.
 */
import { organizationTerms } from '../kernel/search';
import type { AuditEvent } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { COUNTER, counterAdd, GLOBAL_SCOPE, organizationScope } from '../kernel/read-models/counters';
import { SEARCH_ENTRY_SCOPE, searchEntryPuts, searchEntryWrites } from '../kernel/read-models/search-entries';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { OrganizationChanges } from './ports';

/** Users disabled in one transaction with their count (a transaction holds 100 items). */
const USERS_PER_TRANSACTION = 90;

/** An organization's users in the batches archiving disables: the first with it, each other in its own transaction. */
export function userBatches(userIds: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_TRANSACTION) out.push(userIds.slice(i, i + USERS_PER_TRANSACTION));
  return out;
}

/** What the search index holds of an organization: its id and search terms. */
const indexed = (id: string, o: { name: string; office_email: string | null }) => ({ id, terms: organizationTerms(o) });

/**
 * A new organization, counted among the providers: `exists` when its id is taken, `sender_taken`
 * when its texting sender belongs to another organization (a sender belongs to one). The demo seed
 * writes it without an audit event.
 */
export function createOrganizationPlan(
  org: OrganizationRecord,
  createdBy: string,
  audit?: AuditEvent,
): WritePlan<'exists' | 'sender_taken'> {
  const sender = org.sms_sender;
  return {
    transaction: [
      // First: a sender taken is the refusal told, whatever else failed (a sender belongs to one organization).
      ...(sender
        ? [
            {
              op: 'create',
              entity: 'smsSender',
              item: { sender, organization_id: org.id },
              refusal: 'sender_taken',
            } as const,
          ]
        : []),
      {
        op: 'create',
        entity: 'organization',
        item: definedValues({
          organization_id: org.id,
          name: org.name,
          address: org.address ?? undefined,
          telephone: org.telephone ?? undefined,
          office_email: org.office_email ?? undefined,
          timezone: org.timezone,
          status: 'active',
          created_at: org.created_at,
          updated_at: org.updated_at,
          created_by: createdBy,
          version: 1,
          patient_count: 0,
          daily_call_limit: org.daily_call_limit ?? undefined,
          daily_text_limit: org.daily_text_limit ?? undefined,
          sms_sender: sender ?? undefined,
          group_npi: org.group_npi ?? undefined,
        }),
        refusal: 'exists',
      },
      counterAdd(GLOBAL_SCOPE, COUNTER.providers, 1),
      ...(audit ? [auditEventWrite(audit)] : []),
      ...searchEntryPuts(SEARCH_ENTRY_SCOPE.organizations, indexed(org.id, org)),
    ],
    afterCommit: [],
  };
}

/** The organization as the change finds it: what its search items and sender move from. */
export type OrganizationBefore = Pick<OrganizationRecord, 'name' | 'office_email' | 'sms_sender'> &
  Partial<Pick<OrganizationRecord, 'group_npi'>>;

/**
 * A change of an active organization, optimistic on `expectedVersion` when given: `stale` when the
 * organization is not as expected (another change, or it is gone or archived: the use case tells
 * which by a read), `sender_taken` when its new texting sender belongs to another organization. The
 * sender's ownership item moves with it, on the condition that the sender read is still the stored one.
 */
export function updateOrganizationPlan(
  id: string,
  before: OrganizationBefore | null,
  changes: OrganizationChanges,
  expectedVersion: number | undefined,
  at: string,
  audit: AuditEvent,
): WritePlan<'stale' | 'sender_taken'> {
  const oldSender = before?.sms_sender ?? null;
  const newSender = changes.sms_sender === undefined ? oldSender : changes.sms_sender;
  const senderMoves = newSender !== oldSender;
  const cleared = [
    ...(['address', 'telephone', 'office_email', 'daily_call_limit', 'daily_text_limit', 'group_npi'] as const).filter(
      (k) => changes[k] === null,
    ),
    ...(senderMoves && newSender === null ? (['sms_sender'] as const) : []),
  ];
  const organization: ItemWrite<'stale'> = {
    op: 'patch',
    entity: 'organization',
    key: { organization_id: id },
    set: definedValues({
      name: changes.name,
      updated_at: at,
      timezone: changes.timezone,
      address: changes.address ?? undefined,
      telephone: changes.telephone ?? undefined,
      office_email: changes.office_email ?? undefined,
      daily_call_limit: changes.daily_call_limit ?? undefined,
      daily_text_limit: changes.daily_text_limit ?? undefined,
      group_npi: changes.group_npi ?? undefined,
      sms_sender: senderMoves && newSender !== null ? newSender : undefined,
    }),
    add: { version: 1 },
    ...(cleared.length > 0 ? { remove: cleared } : {}),
    when: {
      equal: {
        ...(expectedVersion === undefined ? {} : { version: expectedVersion }),
        status: 'active',
        ...(senderMoves && oldSender !== null ? { sms_sender: oldSender } : {}),
      },
      // An attribute is named only when used: DynamoDB refuses unused expression names.
      ...(senderMoves && oldSender === null ? { missing: ['sms_sender'] } : {}),
    },
    refusal: 'stale',
  };
  return {
    transaction: [
      // First: a sender taken is the refusal told, whatever else failed (a sender belongs to one organization).
      ...(senderMoves && newSender !== null
        ? [
            {
              op: 'create',
              entity: 'smsSender',
              item: { sender: newSender, organization_id: id },
              refusal: 'sender_taken',
            } as const,
          ]
        : []),
      organization,
      ...(senderMoves && oldSender !== null
        ? [
            {
              op: 'delete',
              entity: 'smsSender',
              key: { sender: oldSender },
              when: { equal: { organization_id: id } },
              refusal: 'stale',
            } as const,
          ]
        : []),
      auditEventWrite(audit),
      ...searchEntryWrites(SEARCH_ENTRY_SCOPE.organizations, before ? indexed(id, before) : null, indexed(id, changes)),
    ],
    afterCommit: [],
  };
}

/**
 * An active organization's on-call number set (E.164) or removed (null), optimistic on
 * `expectedVersion` when given: `stale` when the organization is not as expected. The change's
 * audit event is written with it.
 */
export function onCallNumberPlan(
  id: string,
  number: string | null,
  expectedVersion: number | undefined,
  at: string,
  audit: AuditEvent,
): WritePlan<'stale'> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'organization',
        key: { organization_id: id },
        set: definedValues({ on_call_number: number ?? undefined, updated_at: at }),
        add: { version: 1 },
        ...(number === null ? { remove: ['on_call_number'] } : {}),
        when: { equal: { ...(expectedVersion === undefined ? {} : { version: expectedVersion }), status: 'active' } },
        refusal: 'stale',
      },
      auditEventWrite(audit),
    ],
    afterCommit: [],
  };
}

/**
 * Archives an active organization with the totals it leaves (providers, its `patients` counted on
 * its own counter, its first users) and its users' profiles, marked disabled: `missing` when it is
 * no longer active or its patient count moved meanwhile (the check makes the transaction fail
 * rather than subtract a number that changed). Its search items go after it: a search that meets
 * one first leaves the archived organization out. Users beyond the first transaction follow in
 * `disableProfilesPlan`s.
 */
export function archiveOrganizationPlan(
  organization: OrganizationBefore & { id: string },
  patients: number,
  firstUsers: readonly string[],
  at: string,
  audit: AuditEvent,
): WritePlan<'missing'> {
  const id = organization.id;
  const patientCounter = { scope: organizationScope(id), name: COUNTER.patients };
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'organization',
        key: { organization_id: id },
        set: { status: 'archived', archived_at: at, updated_at: at },
        when: { equal: { status: 'active' } },
        refusal: 'missing',
      },
      auditEventWrite(audit),
      counterAdd(GLOBAL_SCOPE, COUNTER.providers, -1),
      // The organization's own count, checked unchanged (adding 0 moves nothing).
      patients === 0
        ? {
            op: 'upsert',
            entity: 'counter',
            key: patientCounter,
            add: { value: 0 },
            when: { missingOr: { equal: { value: 0 } } },
            refusal: 'missing',
          }
        : {
            op: 'patch',
            entity: 'counter',
            key: patientCounter,
            add: { value: 0 },
            when: { equal: { value: patients } },
            refusal: 'missing',
          },
      ...(patients > 0 ? [counterAdd(GLOBAL_SCOPE, COUNTER.patients, -patients)] : []),
      ...profilesDisabled(id, firstUsers, at, 'missing'),
    ],
    afterCommit: searchEntryWrites(SEARCH_ENTRY_SCOPE.organizations, indexed(id, organization), null),
  };
}

/**
 * The users of an archived organization beyond its first transaction, marked disabled if still its
 * active users, and the users total they leave: `users_changed` when one was moved meanwhile.
 */
export function disableProfilesPlan(
  organizationId: string,
  userIds: readonly string[],
  at: string,
): WritePlan<'users_changed'> {
  return { transaction: profilesDisabled(organizationId, userIds, at, 'users_changed'), afterCommit: [] };
}

function profilesDisabled<R extends string>(
  organizationId: string,
  userIds: readonly string[],
  at: string,
  refusal: R,
): ItemWrite<R>[] {
  if (userIds.length === 0) return [];
  return [
    ...userIds.map((userId): ItemWrite<R> => ({
      op: 'patch',
      entity: 'userProfile',
      key: { user_id: userId },
      // org_key travels with status: both make up the organization index key.
      set: { status: 'disabled', org_key: organizationId, disabled_at: at, updated_at: at },
      when: { equal: { status: 'active', org_key: organizationId } },
      refusal,
    })),
    counterAdd(GLOBAL_SCOPE, COUNTER.users, -userIds.length),
  ];
}
