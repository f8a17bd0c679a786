import type { CounterRepository, GlobalTotals, OrganizationTotals } from '../ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { COUNTER, GLOBAL_SCOPE, monthlyCounter, organizationScope } from '../../kernel/read-models/counters';

/** Dashboard totals: one Query per scope (or a GetItem for one total), never a Scan or a count over records. */
export class DynamoCounterRepository implements CounterRepository {
  constructor(private readonly db: CareLoopService) {}

  private async scope(scope: string): Promise<Map<string, number>> {
    const { data } = await this.db.entities.counter.query.byScope({ scope }).go({ pages: 'all' });
    return new Map(data.map((c) => [c.name, Math.max(0, c.value)]));
  }

  async globalTotals(month: string): Promise<GlobalTotals> {
    const values = await this.scope(GLOBAL_SCOPE);
    return {
      providers: values.get(COUNTER.providers) ?? 0,
      users: values.get(COUNTER.users) ?? 0,
      patients: values.get(COUNTER.patients) ?? 0,
      calls: values.get(COUNTER.calls) ?? 0,
      scheduledCalls: values.get(COUNTER.scheduledCalls) ?? 0,
      callsThisMonth: values.get(monthlyCounter('calls_completed', month)) ?? 0,
      openCallbacks: values.get(COUNTER.openCallbacks) ?? 0,
    };
  }

  async providersTotal(): Promise<number> {
    const { data } = await this.db.entities.counter.get({ scope: GLOBAL_SCOPE, name: COUNTER.providers }).go();
    return Math.max(0, data?.value ?? 0);
  }

  async organizationTotals(organizationId: string, months: readonly string[]): Promise<OrganizationTotals> {
    const values = await this.scope(organizationScope(organizationId));
    return {
      patients: values.get(COUNTER.patients) ?? 0,
      callsCompleted: Object.fromEntries(
        months.map((month) => [month, values.get(monthlyCounter('calls_completed', month)) ?? 0]),
      ),
      openCallbacks: values.get(COUNTER.openCallbacks) ?? 0,
    };
  }
}
