import { DASHBOARD_ORGANIZATION_CARDS } from '../../../../../shared/dashboard';
import type { ProviderOrganization } from '../../../../../shared/domain';

export function dashboardOrganizationCards(organizations: readonly ProviderOrganization[]): ProviderOrganization[] {
  return organizations.slice(0, DASHBOARD_ORGANIZATION_CARDS);
}

export function showViewAllOrganizations(totalOrganizations: number): boolean {
  return totalOrganizations > DASHBOARD_ORGANIZATION_CARDS;
}
