import { toProvider } from '../kernel/mappers';
import { DASHBOARD_ORGANIZATION_CARDS } from '../../shared/dashboard';
import { DEFAULT_TIMEZONE, type DashboardStats, type ProviderOrganization } from '../../shared/domain';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { fail } from '../kernel/error-catalogue';
import type { Clock } from '../kernel/ports';
import type { CounterRepository, OrganizationReader, SummaryCounts } from './ports';
import { organizationSummaryScope } from '../kernel/read-models/summary-scopes';

export interface DashboardDeps {
  counters: CounterRepository;
  organizations: OrganizationReader;
  summaries: SummaryCounts;
  clock: Clock;
}

/** The time zones furthest behind and ahead of UTC: every zone's month is one of theirs. */
const MONTH_EDGE_ZONES = ['Etc/GMT+12', 'Etc/GMT-14'] as const;

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
      deps.organizations.listActive(DASHBOARD_ORGANIZATION_CARDS),
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
      providers: providers.map(toProvider),
    };
  }
  if (actor.role === 'provider' && actor.providerId) {
    const providerId = actor.providerId;
    // The month depends on the organization's time zone, so its summary counts are read for every
    // month some zone is in now (one, or two near a month's turn) beside the organization: one wave.
    const candidates = [...new Set(MONTH_EDGE_ZONES.map((zone) => monthIn(zone, now)))];
    const [organization, totals, ...candidateCounts] = await Promise.all([
      deps.organizations.getRef(providerId),
      deps.counters.organizationTotals(providerId, candidates),
      ...candidates.map((m) => deps.summaries.counts(organizationSummaryScope(providerId, m))),
    ]);
    const month = monthIn(organization?.timezone ?? DEFAULT_TIMEZONE, now);
    const callsThisMonth = totals.callsCompleted[month] ?? 0;
    const summaries = candidateCounts[candidates.indexOf(month)];
    if (!summaries) throw new Error('the organization month is not among the months read');
    return {
      totalProviders: 1,
      totalUsers: 0,
      totalPatients: totals.patients,
      callsCount: callsThisMonth,
      scheduledCallsCount: 0,
      // product-rules.md "Limits": completed calls with a summary whose success evaluation is true.
      newSummariesCount: summaries.successful + summaries.added_to_emr,
      callsThisMonth,
      callbackRequests: totals.openCallbacks,
      providers: [],
    };
  }
  throw fail('forbidden');
}
