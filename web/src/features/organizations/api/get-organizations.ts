import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ORGANIZATIONS_ROUTES } from '../../../../../shared/api/routes/organizations';
import type { OrganizationPage } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { organizationKeys } from './organization-keys';

/**
 * ORGANIZATIONS_ROUTES.listOrganizations with `?search=&cursor=`: a page of active organizations, newest first; with a search,
 * those whose name, a word of it or office e-mail starts with it (the server searches its index).
 */
export function getOrganizations(
  api: ApiClient,
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrganizationPage> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.listOrganizations, {
    query: { search: search.trim() || undefined, cursor: cursor ?? undefined },
    fallbackError: FALLBACK_ERRORS.fetchProviders,
    signal,
  });
}

export function organizationsQueryOptions(api: ApiClient, search = '') {
  const term = search.trim();
  return infiniteQueryOptions({
    queryKey: organizationKeys.list(term),
    queryFn: ({ pageParam, signal }) => getOrganizations(api, term, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useOrganizations(search = '') {
  return useInfiniteQuery(organizationsQueryOptions(useApiClient(), search));
}
