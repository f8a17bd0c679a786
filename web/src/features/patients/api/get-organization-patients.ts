import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PatientPage } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';

/**
 * `GET /providers/{providerId}/patients?search=&cursor=`: a page of the organization's patients,
 * newest first; with a search, those whose first name, last name or e-mail starts with it.
 */
export function getOrganizationPatients(
  api: ApiClient,
  organizationId: string,
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientPage> {
  return api.request<PatientPage>(`/providers/${encodeURIComponent(organizationId)}/patients`, {
    query: { search: search.trim() || undefined, cursor: cursor ?? undefined },
    fallbackError: FALLBACK_ERRORS.fetchProviderData,
    signal,
  });
}

export function organizationPatientsQueryOptions(api: ApiClient, organizationId: string, search = '') {
  const term = search.trim();
  // Under ['organizations', …]: refreshed with the organization after a patient is added or changed.
  return infiniteQueryOptions({
    queryKey: ['organizations', 'patients', organizationId, { search: term }] as const,
    queryFn: ({ pageParam, signal }) => getOrganizationPatients(api, organizationId, term, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationPatients(organizationId: string, search = '') {
  return useInfiniteQuery(organizationPatientsQueryOptions(useApiClient(), organizationId, search));
}
