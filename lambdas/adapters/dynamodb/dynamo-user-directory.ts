import type { UserDirectory, UserDisplay } from '../../application/ports';
import type { CareLoopService } from './entities';

/** How often keys DynamoDB left unprocessed (throttling) are asked for again before giving up. */
const BATCH_ATTEMPTS = 4;
const BACKOFF_MS = 25;

/** Names of accounts for screens that show who did something: one BatchGetItem on the profiles. */
export class DynamoUserDirectory implements UserDirectory {
  constructor(private readonly db: CareLoopService) {}

  async displayOf(userIds: readonly string[]): Promise<Map<string, UserDisplay>> {
    const found = new Map<string, UserDisplay>();
    let keys = [...new Set(userIds)].filter(Boolean).map((user_id) => ({ user_id }));
    for (let attempt = 1; keys.length > 0; attempt++) {
      const { data, unprocessed } = await this.db.entities.userProfile.get(keys).go();
      for (const p of data) found.set(p.user_id, { name: `${p.first_name} ${p.last_name}`.trim(), email: p.email });
      if (unprocessed.length === 0) break;
      if (attempt === BATCH_ATTEMPTS) throw new Error(`profiles not read: ${unprocessed.length} keys left unprocessed`);
      keys = unprocessed.map((k) => ({ user_id: k.user_id }));
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * 2 ** attempt));
    }
    return found;
  }
}
