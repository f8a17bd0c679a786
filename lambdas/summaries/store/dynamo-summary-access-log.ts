import type { SummaryAccessLog, SummaryAccessRecord } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** Views of a summary through its link, in the call's partition, oldest first. */
export class DynamoSummaryAccessLog implements SummaryAccessLog {
  constructor(private readonly db: CareLoopService) {}

  async record(access: SummaryAccessRecord): Promise<void> {
    await this.db.entities.summaryAccess
      .create({
        call_log_id: access.callLogId,
        accessed_at: access.accessedAt,
        access_id: access.id,
        user_id: access.userId,
        role: access.role,
        ...(access.organizationId ? { organization_id: access.organizationId } : {}),
      })
      .go();
  }
}
