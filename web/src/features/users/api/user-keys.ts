import type { Role } from '../../../../../shared/roles';

export interface UserFilters {
  search: string;
  /** A role, `pending` for self sign-ups waiting for an operator, or `all`. */
  role: Role | 'pending' | 'all';
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: UserFilters) => [...userKeys.lists(), filters] as const,
};

/**
 * Screens of other features that show users: an organization's provider users, the dashboard's
 * Total Users. Refreshed after a user changes.
 */
export const KEYS_SHOWING_USERS = [['organizations'], ['dashboard-stats']] as const;
