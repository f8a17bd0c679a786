/** Hierarchical keys: invalidating `all` refreshes every list and detail. */
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (search: string) => [...organizationKeys.lists(), { search }] as const,
  details: () => [...organizationKeys.all, 'detail'] as const,
  detail: (organizationId: string) => [...organizationKeys.details(), organizationId] as const,
};

/**
 * Screens of other features that show organizations (dashboard cards and totals, user lists with
 * their organization): refreshed after an organization changes.
 */
export const KEYS_SHOWING_ORGANIZATIONS = [['dashboard-stats'], ['users']] as const;
