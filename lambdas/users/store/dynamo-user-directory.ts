import type { UserDirectory, UserDisplay } from '../ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { displayNameOf } from '../../kernel/records/user-profile';

/** Names of accounts for screens that show who did something: one BatchGetItem on the profiles. */
export class DynamoUserDirectory implements UserDirectory {
  constructor(private readonly db: CareLoopService) {}

  async displayOf(userIds: readonly string[]): Promise<Map<string, UserDisplay>> {
    const keys = [...new Set(userIds)].filter(Boolean).map((user_id) => ({ user_id }));
    const profiles = await batchGetAll((batch) => this.db.entities.userProfile.get(batch).go(), keys);
    return new Map(profiles.map((p) => [p.user_id, { name: displayNameOf(p) ?? '', email: p.email }]));
  }
}
