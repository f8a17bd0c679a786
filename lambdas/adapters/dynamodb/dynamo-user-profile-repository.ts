import type { EntityItem } from 'electrodb';
import type { NotificationChannel } from '../../../shared/domain';
import { NOTIFICATION_CHANNELS } from '../../../shared/domain';
import { isRole } from '../../../shared/roles';
import type { UserProfileChanges, UserProfileRecord, UserProfileRepository } from '../../application/ports';
import { notFound } from '../../platform/errors';
import { COUNTER, GLOBAL_SCOPE } from './dynamo-counter-repository';
import type { CareLoopService } from './entities';
import { isConditionFailure } from './dynamo-organization-repository';
import { assertCommitted } from './transactions';

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

  async listByOrganization(organizationId: string): Promise<UserProfileRecord[]> {
    const { data } = await this.db.entities.userProfile.query
      .byOrganization({ org_key: organizationId, status: 'active' })
      .go({ order: 'desc', pages: 'all' });
    return data.map(toRecord);
  }

  async create(profile: UserProfileRecord): Promise<void> {
    const result = await this.db.transaction
      .write(({ userProfile, counter }) => [
        userProfile.create(toItem(profile)).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).add({ value: 1 }).commit(),
      ])
      .go();
    assertCommitted(result, 'user.exists', 'A user with this id already exists');
  }

  async update(userId: string, changes: UserProfileChanges, at: string): Promise<UserProfileRecord> {
    let update = this.db.entities.userProfile.patch({ user_id: userId }).set({
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
    });
    const cleared = [
      ...(changes.phone_number ? [] : (['phone_number'] as const)),
      ...(changes.assigned_at ? [] : (['assigned_at'] as const)),
    ];
    // remove() must come before where() in ElectroDB's chain.
    if (cleared.length > 0) update = update.remove(cleared);
    const conditional = update.where(({ status }, { eq }) => eq(status, 'active'));
    try {
      const { data } = await conditional.go({ response: 'all_new' });
      return toRecord(data as ProfileItem);
    } catch (error) {
      if (isConditionFailure(error)) throw notFound('user.not_found', 'User not found');
      throw error;
    }
  }

  async markDeleted(profile: UserProfileRecord, at: string): Promise<void> {
    const result = await this.db.transaction
      .write(({ userProfile, counter }) => [
        userProfile
          .patch({ user_id: profile.id })
          .set({ status: 'deleted', org_key: profile.provider_id ?? NO_ORGANIZATION, deleted_at: at, updated_at: at })
          .where(({ status }, { eq }) => eq(status, 'active'))
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).subtract({ value: 1 }).commit(),
      ])
      .go();
    assertCommitted(result, 'user.not_found', 'User not found');
  }
}

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
  };
}
