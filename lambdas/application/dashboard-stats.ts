import type { DashboardStats, ProviderOrganization } from '../../shared/domain';
import type { Actor } from '../platform/actor';
import { forbidden } from '../platform/errors';
import type { Clock, CounterRepository, OrganizationRepository } from './ports';

export interface DashboardDeps {
  counters: CounterRepository;
  organizations: OrganizationRepository;
  clock: Clock;
}

/** Provider cards shown on the admin dashboard ('View All N Providers' links to the rest). */
export const DASHBOARD_PROVIDER_CARDS = 4;

export type DashboardStatsResponse = DashboardStats & { providers: ProviderOrganization[] };

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** Totals from counters (one Query per scope), never from counting records. */
export async function getDashboardStats(deps: DashboardDeps, actor: Actor): Promise<DashboardStatsResponse> {
  const month = monthOf(deps.clock.now());
  if (actor.role === 'careloop_employee') {
    const [totals, providers] = await Promise.all([
      deps.counters.globalTotals(),
      deps.organizations.listActive(DASHBOARD_PROVIDER_CARDS),
    ]);
    return {
      totalProviders: totals.providers,
      totalUsers: totals.users,
      totalPatients: totals.patients,
      callsCount: totals.calls,
      scheduledCallsCount: totals.scheduledCalls,
      newSummariesCount: 0,
      callsThisMonth: 0,
      providers: providers.map(({ status: _status, ...org }) => org),
    };
  }
  if (actor.role === 'provider' && actor.providerId) {
    const totals = await deps.counters.organizationTotals(actor.providerId, month);
    return {
      totalProviders: 1,
      totalUsers: 0,
      totalPatients: totals.patients,
      callsCount: totals.callsThisMonth,
      scheduledCallsCount: 0,
      newSummariesCount: totals.newSummariesThisMonth,
      callsThisMonth: totals.callsThisMonth,
      providers: [],
    };
  }
  throw forbidden();
}
