import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { providerKeys } from './provider-keys';

export interface ProvidersResponse {
  providers: ProviderOrganization[];
}

/** `GET /providers?search=`: active organizations, newest first. */
export function getProviders(api: ApiClient, search: string, signal?: AbortSignal): Promise<ProvidersResponse> {
  return api.request<ProvidersResponse>('/providers', {
    query: { search: search.trim() || undefined },
    fallbackError: FALLBACK_ERRORS.fetchProviders,
    signal,
  });
}

export function providersQueryOptions(api: ApiClient, search = '') {
  const term = search.trim();
  return queryOptions({
    queryKey: providerKeys.list(term),
    queryFn: ({ signal }) => getProviders(api, term, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(search = '') {
  return useQuery(providersQueryOptions(useApiClient(), search));
}
