import { DEFAULT_TIMEZONE, type DashboardStats, type ProviderOrganization } from '../../shared/domain';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../platform/actor';
import { forbidden } from '../platform/errors';
import type { Clock, CounterRepository, OrganizationRepository, SummaryRepository } from './ports';
import { organizationSummaryScope } from './summary-scopes';

export interface DashboardDeps {
  counters: CounterRepository;
  organizations: OrganizationRepository;
  summaries: SummaryRepository;
  clock: Clock;
}

/** Provider cards shown on the admin dashboard ('View All N Providers' links to the rest). */
export const DASHBOARD_PROVIDER_CARDS = 4;

export type DashboardStatsResponse = DashboardStats & { providers: ProviderOrganization[] };

/**
 * Totals from counters (one Query per scope), never from counting records. "This month" is the
 * calendar month in the organization's time zone (operators: New York's).
 */
export async function getDashboardStats(deps: DashboardDeps, actor: Actor): Promise<DashboardStatsResponse> {
  const now = deps.clock.now();
  if (actor.role === 'careloop_employee') {
    const [totals, providers] = await Promise.all([
      deps.counters.globalTotals(monthIn(DEFAULT_TIMEZONE, now)),
      deps.organizations.listActive(DASHBOARD_PROVIDER_CARDS),
    ]);
    return {
      totalProviders: totals.providers,
      totalUsers: totals.users,
      totalPatients: totals.patients,
      callsCount: totals.calls,
      scheduledCallsCount: totals.scheduledCalls,
      newSummariesCount: 0,
      callsThisMonth: totals.callsThisMonth,
      callbackRequests: totals.openCallbacks,
      providers: providers.map(({ status: _status, ...org }) => org),
    };
  }
  if (actor.role === 'provider' && actor.providerId) {
    const organization = await deps.organizations.getRef(actor.providerId);
    const month = monthIn(organization?.timezone ?? DEFAULT_TIMEZONE, now);
    const [totals, summaries] = await Promise.all([
      deps.counters.organizationTotals(actor.providerId, month),
      deps.summaries.counts(organizationSummaryScope(actor.providerId, month)),
    ]);
    return {
      totalProviders: 1,
      totalUsers: 0,
      totalPatients: totals.patients,
      callsCount: totals.callsThisMonth,
      scheduledCallsCount: 0,
      // product-rules.md "Limits": completed calls with a summary whose success evaluation is true.
      newSummariesCount: summaries.successful + summaries.added_to_emr,
      callsThisMonth: totals.callsThisMonth,
      callbackRequests: totals.openCallbacks,
      providers: [],
    };
  }
  throw forbidden();
}
