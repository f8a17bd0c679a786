import type { EntityItem } from 'electrodb';
import { type NotificationChannel, NOTIFICATION_CHANNELS } from '../../../shared/values/notifications';
import { isRole, type Role } from '../../../shared/roles';
import { personTerms, stillMatches } from '../../kernel/search';
import type { AuditEvent } from '../../kernel/audit-entry';
import type { Page } from '../../kernel/ports';
import type { UserProfileChanges, UserProfileRepository } from '../ports';
import type { UserProfileRecord, UserStatus } from '../../kernel/records/user-profile';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { auditEventItem } from '../../kernel/audit-event-item';
import { COUNTER, GLOBAL_SCOPE } from '../../kernel/read-models/counters';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import { SEARCH_SCOPE, searchIds, searchPuts, searchWrites } from '../../platform/dynamodb/search-index';

type ProfileItem = EntityItem<CareLoopService['entities']['userProfile']>;
const NO_ORGANIZATION = 'none';

export class DynamoUserProfileRepository implements UserProfileRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(userId: string): Promise<UserProfileRecord | null> {
    const { data } = await this.db.entities.userProfile.get({ user_id: userId }).go();
    return data ? toRecord(data) : null;
  }

  async listActive(): Promise<UserProfileRecord[]> {
    const { data } = await this.db.entities.userProfile.query
      .byStatus({ status: 'active' })
      .go({ order: 'desc', pages: 'all' });
    return data.map(toRecord);
  }

  async listPending(): Promise<UserProfileRecord[]> {
    const { data } = await this.db.entities.userProfile.query
      .byStatus({ status: 'pending' })
      .go({ order: 'desc', pages: 'all' });
    return data.map(toRecord);
  }

  async page(
    filter: Role | 'pending' | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'> {
    const byStatus = this.db.entities.userProfile.query.byStatus;
    if (filter === 'pending') return records(await queryPage(byStatus({ status: 'pending' }), limit, cursor));
    if (filter !== null) {
      const query = byStatus({ status: 'active' }).where(({ role }, { eq }) => eq(role, filter as ProfileItem['role']));
      return records(await queryPage(query, limit, cursor));
    }
    // Every role: the pending accounts first (they wait for an operator), then the active ones. A
    // cursor names the partition it continues; both first pages are read at once.
    const active = (size: number, from: string | null) => queryPage(byStatus({ status: 'active' }), size, from);
    const [pending, activeFirst] = await Promise.all([
      queryPage(byStatus({ status: 'pending' }), limit, cursor),
      cursor === null ? active(limit, null) : null,
    ]);
    if (pending === 'invalid_cursor') return records(await active(limit, cursor));
    if (pending.cursor !== null) return records(pending);
    if (pending.items.length === 0 && activeFirst) return records(activeFirst);
    if (pending.items.length === limit) return records({ items: pending.items, cursor: null });
    const rest = await active(limit - pending.items.length, null);
    if (rest === 'invalid_cursor') return rest;
    return { items: [...pending.items, ...rest.items].map(toRecord), cursor: rest.cursor };
  }

  async pageByOrganization(
    organizationId: string,
    role: Role,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'> {
    const query = this.db.entities.userProfile.query
      .byOrganization({ org_key: organizationId, status: 'active' })
      .where(({ role: stored }, { eq }) => eq(stored, role as ProfileItem['role']));
    return records(await queryPage(query, limit, cursor));
  }

  async search(
    prefix: string,
    filter: Role | 'pending' | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<UserProfileRecord> | 'invalid_cursor'> {
    const ids = await searchIds(this.db, SEARCH_SCOPE.users, prefix, limit, cursor, filter ?? undefined);
    if (ids === 'invalid_cursor') return ids;
    const found = new Map((await this.profilesOf(ids.items)).map((p) => [p.id, p]));
    // In index order; an account removed, disabled or renamed since its index items were read is left out.
    const items = ids.items.flatMap((id) => {
      const p = found.get(id);
      return p && (p.status === 'active' || p.status === 'pending') && stillMatches(personTerms(p), prefix) ? [p] : [];
    });
    return { items, cursor: ids.cursor };
  }

  private async profilesOf(ids: readonly string[]): Promise<UserProfileRecord[]> {
    const keys = ids.map((user_id) => ({ user_id }));
    return (await batchGetAll((batch) => this.db.entities.userProfile.get(batch).go(), keys)).map(toRecord);
  }

  async listByOrganization(organizationId: string): Promise<UserProfileRecord[]> {
    const { data } = await this.db.entities.userProfile.query
      .byOrganization({ org_key: organizationId, status: 'active' })
      .go({ order: 'desc', pages: 'all' });
    return data.map(toRecord);
  }

  async create(profile: UserProfileRecord, audit?: AuditEvent): Promise<'created' | 'exists'> {
    const result = await this.db.transaction
      .write(({ userProfile, counter, auditEvent, searchEntry }) => [
        userProfile.create(toItem(profile)).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).add({ value: 1 }).commit(),
        ...searchPuts({ searchEntry }, SEARCH_SCOPE.users, indexed(profile)),
        ...(audit ? [auditEvent.create(auditEventItem(audit)).commit()] : []),
      ])
      .go();
    return result.canceled ? 'exists' : 'created';
  }

  async createPending(profile: UserProfileRecord, audit: AuditEvent): Promise<'created' | 'exists'> {
    const result = await this.db.transaction
      .write(({ userProfile, auditEvent, searchEntry }) => [
        userProfile.create(toItem({ ...profile, status: 'pending' })).commit(),
        auditEvent.create(auditEventItem(audit)).commit(),
        ...searchPuts({ searchEntry }, SEARCH_SCOPE.users, indexed({ ...profile, status: 'pending' })),
      ])
      .go();
    if (!result.canceled) return 'created';
    // Only the profile's own condition (its id is taken) means "done before"; anything else is a failure.
    if (result.data[0]?.code === 'ConditionalCheckFailed') return 'exists';
    throw new Error(`pending profile not written: ${result.data.map((d) => d.code).join(',')}`);
  }

  update(
    current: UserProfileRecord,
    changes: UserProfileChanges,
    at: string,
    audit: AuditEvent,
  ): Promise<UserProfileRecord | 'missing' | 'stale'> {
    return this.apply(current, 'active', changes, at, audit);
  }

  enable(
    current: UserProfileRecord,
    changes: UserProfileChanges,
    at: string,
    audit: AuditEvent,
  ): Promise<UserProfileRecord | 'missing' | 'stale'> {
    return this.apply(current, 'pending', changes, at, audit);
  }

  /**
   * One transaction: the profile as read (still `from`, same role and organization) takes the
   * changes and becomes active, an enabled one joins the users total, and the audit event is written.
   */
  private async apply(
    current: UserProfileRecord,
    from: 'active' | 'pending',
    changes: UserProfileChanges,
    at: string,
    audit: AuditEvent,
  ): Promise<UserProfileRecord | 'missing' | 'stale'> {
    const cleared = [
      ...(changes.phone_number ? [] : (['phone_number'] as const)),
      ...(changes.assigned_at ? [] : (['assigned_at'] as const)),
      ...(changes.care_role ? [] : (['care_role'] as const)),
    ];
    const result = await this.db.transaction
      .write(({ userProfile, counter, auditEvent, searchEntry }) => {
        let update = userProfile.patch({ user_id: current.id }).set({
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
          ...(changes.phone_number ? { phone_number: changes.phone_number } : {}),
          ...(changes.assigned_at ? { assigned_at: changes.assigned_at } : {}),
          ...(changes.care_role ? { care_role: changes.care_role } : {}),
        });
        // remove() must come before where() in ElectroDB's chain.
        if (cleared.length > 0) update = update.remove(cleared);
        return [
          update
            .where(
              ({ status, role, org_key }, { eq }) =>
                `${eq(status, from as UserStatus)} AND ${eq(role, current.role ?? 'none')} AND ${eq(org_key, current.provider_id ?? NO_ORGANIZATION)}`,
            )
            .commit(),
          ...(from === 'pending'
            ? [counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).add({ value: 1 }).commit()]
            : []),
          auditEvent.create(auditEventItem(audit)).commit(),
          ...searchWrites(
            { searchEntry },
            SEARCH_SCOPE.users,
            indexed(current),
            indexed({ ...current, ...changes, status: 'active' }),
          ),
        ];
      })
      .go();
    if (result.canceled) return this.refusal(current.id, from);
    return {
      ...current,
      ...changes,
      phone_number: changes.phone_number ?? null,
      assigned_at: changes.assigned_at ?? null,
      care_role: changes.care_role ?? undefined,
      status: 'active',
    };
  }

  /** Why a conditional write was refused: the profile left `from` (missing), or someone else moved it first (stale). */
  private async refusal(userId: string, from: Extract<UserStatus, 'active' | 'pending'>): Promise<'missing' | 'stale'> {
    const now = await this.get(userId);
    return !now || now.status !== from ? 'missing' : 'stale';
  }

  async markDeleted(profile: UserProfileRecord, at: string, audit: AuditEvent): Promise<'deleted' | 'missing'> {
    const from = (profile.status === 'pending' ? 'pending' : 'active') as UserStatus;
    const result = await this.db.transaction
      .write(({ userProfile, counter, auditEvent, searchEntry }) => [
        userProfile
          .patch({ user_id: profile.id })
          .set({ status: 'deleted', org_key: profile.provider_id ?? NO_ORGANIZATION, deleted_at: at, updated_at: at })
          .where(({ status }, { eq }) => eq(status, from))
          .commit(),
        // Pending accounts were never counted.
        ...(from === 'active'
          ? [counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).subtract({ value: 1 }).commit()]
          : []),
        auditEvent.create(auditEventItem(audit)).commit(),
        ...searchWrites({ searchEntry }, SEARCH_SCOPE.users, indexed(profile), null),
      ])
      .go();
    return result.canceled ? 'missing' : 'deleted';
  }
}

const records = (page: Page<ProfileItem> | 'invalid_cursor'): Page<UserProfileRecord> | 'invalid_cursor' =>
  page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };

/** What the search index holds of an account: its terms, and its role (or `pending`) for the list's filter. */
const indexed = (p: Pick<UserProfileRecord, 'id' | 'first_name' | 'last_name' | 'email' | 'role' | 'status'>) => ({
  id: p.id,
  terms: personTerms(p),
  role: p.status === 'pending' ? 'pending' : (p.role ?? 'none'),
});

const channels = (list: readonly string[] | undefined): NotificationChannel[] =>
  (list ?? []).filter((c): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c));

function toItem(p: UserProfileRecord) {
  return {
    user_id: p.id,
    email: p.email,
    first_name: p.first_name,
    last_name: p.last_name,
    phone_number: p.phone_number ?? undefined,
    role: p.role ?? ('none' as const),
    org_key: p.provider_id ?? NO_ORGANIZATION,
    assigned_at: p.assigned_at ?? undefined,
    notify_new_summaries: p.notification_preferences.new_summaries,
    notify_escalations: p.notification_preferences.escalations,
    care_role: p.care_role,
    status: p.status,
    created_at: p.created_at,
    updated_at: p.created_at,
  };
}

function toRecord(item: ProfileItem): UserProfileRecord {
  return {
    id: item.user_id,
    email: item.email,
    first_name: item.first_name,
    last_name: item.last_name,
    phone_number: item.phone_number ?? null,
    role: isRole(item.role) ? item.role : null,
    provider_id: item.org_key === NO_ORGANIZATION ? null : item.org_key,
    assigned_at: item.assigned_at ?? null,
    notification_preferences: {
      new_summaries: channels(item.notify_new_summaries),
      escalations: channels(item.notify_escalations),
    },
    created_at: item.created_at,
    status: item.status,
    ...(item.care_role ? { care_role: item.care_role } : {}),
  };
}
