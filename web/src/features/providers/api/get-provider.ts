import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Patient, ProviderOrganization, UserProfile } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { providerKeys } from './provider-keys';

export interface ProviderDetailResponse {
  provider: ProviderOrganization;
  providerUsers: UserProfile[];
  patients: Patient[];
}

/** `GET /providers/{providerId}`: the organization with its provider users and patients. */
export function getProvider(api: ApiClient, providerId: string, signal?: AbortSignal): Promise<ProviderDetailResponse> {
  return api.request<ProviderDetailResponse>(`/providers/${encodeURIComponent(providerId)}`, {
    fallbackError: FALLBACK_ERRORS.fetchProviderData,
    signal,
  });
}

export function providerQueryOptions(api: ApiClient, providerId: string) {
  return queryOptions({
    queryKey: providerKeys.detail(providerId),
    queryFn: ({ signal }) => getProvider(api, providerId, signal),
  });
}

export function useProvider(providerId: string) {
  return useQuery(providerQueryOptions(useApiClient(), providerId));
}
