import type { ProviderOrganization } from '../../../../../shared/domain';

/** The dashboard shows at most 4 organization cards; 'View All N Providers' links to the rest. */
export const DASHBOARD_PROVIDER_CARDS = 4;

export function dashboardOrganizationCards(organizations: readonly ProviderOrganization[]): ProviderOrganization[] {
  return organizations.slice(0, DASHBOARD_PROVIDER_CARDS);
}

export function showViewAllOrganizations(totalOrganizations: number): boolean {
  return totalOrganizations > DASHBOARD_PROVIDER_CARDS;
}
