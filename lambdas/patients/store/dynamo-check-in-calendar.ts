import type { CheckInCalendar, PendingCheckIn } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** The organization's pending monthly check-ins by due time: its pending calls sorted by `list_at` (gsi3). */
export class DynamoCheckInCalendar implements CheckInCalendar {
  constructor(private readonly db: CareLoopService) {}

  async pendingCheckIns(organizationId: string, from: string, to: string): Promise<PendingCheckIn[]> {
    const { data } = await this.db.entities.callLog.query
      .byOrganizationList({ provider_id: organizationId, list: 'scheduled' })
      .between({ list_at: from }, { list_at: to })
      .where(({ kind }, { eq }) => eq(kind, 'monthly'))
      .go({ pages: 'all' });
    // The sort key is `list_at` then the call id: a call due at `to` itself sorts above the bound, left out.
    return data.map((c) => ({ scheduledAt: c.list_at, timePreference: c.time_preference ?? null }));
  }
}
