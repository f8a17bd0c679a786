import type { ProviderOrganization } from '../../../../../shared/domain';

/** The dashboard shows at most 4 provider cards; 'View All N Providers' links to the rest. */
export const DASHBOARD_PROVIDER_CARDS = 4;

export function dashboardProviderCards(providers: readonly ProviderOrganization[]): ProviderOrganization[] {
  return providers.slice(0, DASHBOARD_PROVIDER_CARDS);
}

export function showViewAllProviders(totalProviders: number): boolean {
  return totalProviders > DASHBOARD_PROVIDER_CARDS;
}
