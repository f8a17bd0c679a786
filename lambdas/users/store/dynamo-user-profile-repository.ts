import type { EntityItem } from 'electrodb';
import { type NotificationChannel, NOTIFICATION_CHANNELS } from '../../../shared/values/notifications';
import { isRole, type Role } from '../../../shared/roles';
import { stillMatches } from '../../kernel/search';
import { accountTerms } from '../user-plans';
import type { Page } from '../../kernel/ports';
import type { UserProfileRepository } from '../ports';
import type { UserProfileRecord } from '../../kernel/records/user-profile';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { itemByKey } from '../../platform/dynamodb/item-by-key';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import { SEARCH_ENTRY_SCOPE } from '../../kernel/read-models/search-entries';
import { searchIds } from '../../platform/dynamodb/search-index';

type ProfileItem = EntityItem<CareLoopService['entities']['userProfile']>;
const NO_ORGANIZATION = 'none';

export class DynamoUserProfileRepository implements UserProfileRepository {
  constructor(private readonly db: CareLoopService) {}

  /** By key past ElectroDB (item-by-key.ts): every staff request's standing check reads one. */
  async get(userId: string): Promise<UserProfileRecord | null> {
    const item = await itemByKey(this.db, 'userProfile', { user_id: userId });
    return item ? toRecord(item) : null;
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
    const ids = await searchIds(this.db, SEARCH_ENTRY_SCOPE.users, prefix, limit, cursor, filter ?? undefined);
    if (ids === 'invalid_cursor') return ids;
    const found = new Map((await this.profilesOf(ids.items)).map((p) => [p.id, p]));
    // In index order; an account removed, disabled or renamed since its index items were read is left out.
    const items = ids.items.flatMap((id) => {
      const p = found.get(id);
      return p && (p.status === 'active' || p.status === 'pending') && stillMatches(accountTerms(p), prefix) ? [p] : [];
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
}

const records = (page: Page<ProfileItem> | 'invalid_cursor'): Page<UserProfileRecord> | 'invalid_cursor' =>
  page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };

const channels = (list: readonly string[] | undefined): NotificationChannel[] =>
  (list ?? []).filter((c): c is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(c));

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
    ...(item.npi ? { npi: item.npi } : {}),
    ...(item.suspended_at ? { suspended_at: item.suspended_at } : {}),
    ...(item.can_manage_settings === true ? { can_manage_settings: true } : {}),
  };
}
