/** Hierarchical keys: invalidating `all` refreshes every list and detail. */
export const providerKeys = {
  all: ['providers'] as const,
  lists: () => [...providerKeys.all, 'list'] as const,
  list: (search: string) => [...providerKeys.lists(), { search }] as const,
  details: () => [...providerKeys.all, 'detail'] as const,
  detail: (providerId: string) => [...providerKeys.details(), providerId] as const,
};

/**
 * Screens of other features that show organizations (dashboard cards and totals, user lists with
 * their organization): refreshed after an organization changes.
 */
export const KEYS_SHOWING_PROVIDERS = [['dashboard-stats'], ['users']] as const;
