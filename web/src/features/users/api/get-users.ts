import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { USERS_ROUTES } from '../../../../../shared/api/routes/users';
import type { UserPage } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { userKeys, type UserFilters } from './user-keys';

/**
 * USERS_ROUTES.listUsers with `?search=&role=&cursor=`: a page of users (pending accounts first); with a search,
 * those whose first name, last name or e-mail starts with it (the server searches its index).
 */
export function getUsers(
  api: ApiClient,
  filters: UserFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UserPage> {
  return sendRoute(api, USERS_ROUTES.listUsers, {
    query: {
      search: filters.search.trim() || undefined,
      role: filters.role === 'all' ? undefined : filters.role,
      cursor: cursor ?? undefined,
    },
    fallbackError: FALLBACK_ERRORS.fetchUsers,
    signal,
  });
}

export function usersQueryOptions(api: ApiClient, filters: UserFilters) {
  const normalized: UserFilters = { search: filters.search.trim(), role: filters.role };
  return infiniteQueryOptions({
    queryKey: userKeys.list(normalized),
    queryFn: ({ pageParam, signal }) => getUsers(api, normalized, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(usersQueryOptions(useApiClient(), filters));
}
