import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { providerKeys } from './provider-keys';

export interface ProviderDetailResponse {
  provider: ProviderOrganization;
}

/** `GET /providers/{providerId}`: the organization (its patients and users are read by their tabs). */
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
