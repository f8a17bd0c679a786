import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORGANIZATIONS_ROUTES } from '../../../../../shared/api/routes/organizations';
import type { UserPage } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

/** ORGANIZATIONS_ROUTES.listOrganizationUsers with `?cursor=`: a page of the organization's provider users, newest first. */
export function getOrganizationUsers(
  api: ApiClient,
  organizationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UserPage> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.listOrganizationUsers, {
    params: { providerId: organizationId },
    query: { cursor: cursor ?? undefined },
    fallbackError: FALLBACK_ERRORS.fetchProviderData,
    signal,
  });
}

export function organizationUsersQueryOptions(api: ApiClient, organizationId: string) {
  // Under ['organizations', …]: refreshed with the organization after a user changes (KEYS_SHOWING_USERS).
  return infiniteQueryOptions({
    queryKey: ['organizations', 'users', organizationId] as const,
    queryFn: ({ pageParam, signal }) => getOrganizationUsers(api, organizationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useOrganizationUsers(organizationId: string) {
  return useInfiniteQuery(organizationUsersQueryOptions(useApiClient(), organizationId));
}
