import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import { userKeys, type UserFilters } from './user-keys';

export interface UsersResponse {
  users: UserProfile[];
}

/** `GET /users?search=&role=`: search by e-mail text and filter by role. */
export function getUsers(api: ApiClient, filters: UserFilters, signal?: AbortSignal): Promise<UsersResponse> {
  return api.request<UsersResponse>('/users', {
    query: {
      search: filters.search.trim() || undefined,
      role: filters.role === 'all' ? undefined : filters.role,
    },
    fallbackError: FALLBACK_ERRORS.fetchUsers,
    signal,
  });
}

export function usersQueryOptions(api: ApiClient, filters: UserFilters) {
  const normalized: UserFilters = { search: filters.search.trim(), role: filters.role };
  return queryOptions({
    queryKey: userKeys.list(normalized),
    queryFn: ({ signal }) => getUsers(api, normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(useApiClient(), filters));
}
