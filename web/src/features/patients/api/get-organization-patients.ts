import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PatientPage } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { PATIENTS_ROUTES } from '../../../../../shared/api/routes/patients';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/**
 * PATIENTS_ROUTES.listPatients with `search` and `cursor`: a page of the organization's patients,
 * newest first; with a search, those whose first name, last name or e-mail starts with it.
 */
export function getOrganizationPatients(
  api: ApiClient,
  organizationId: string,
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PatientPage> {
  return sendRoute(api, PATIENTS_ROUTES.listPatients, {
    params: { providerId: organizationId },
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
