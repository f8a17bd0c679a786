import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATIONS_ROUTES } from '../../../../../shared/api/routes/organizations';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { organizationKeys } from './organization-keys';

export interface OrganizationDetailResponse {
  provider: ProviderOrganization;
}

/** ORGANIZATIONS_ROUTES.getOrganization: the organization (its patients and users are read by their tabs). */
export function getOrganization(
  api: ApiClient,
  organizationId: string,
  signal?: AbortSignal,
): Promise<OrganizationDetailResponse> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.getOrganization, {
    params: { providerId: organizationId },
    fallbackError: FALLBACK_ERRORS.fetchProviderData,
    signal,
  });
}

export function organizationQueryOptions(api: ApiClient, organizationId: string) {
  return queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    queryFn: ({ signal }) => getOrganization(api, organizationId, signal),
  });
}

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(useApiClient(), organizationId));
}
