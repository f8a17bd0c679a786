import type { OrganizationTab } from '../../../config/paths';

export const ORGANIZATION_TABS: readonly { value: OrganizationTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Provider Users' },
  { value: 'patients', label: 'Patients' },
  { value: 'settings', label: 'Settings' },
];

const isOrganizationTab = (value: string | null): value is OrganizationTab =>
  ORGANIZATION_TABS.some((tab) => tab.value === value);

/** `?tab=` names the open tab; missing or unknown means the overview. */
export function tabFromSearch(search: URLSearchParams): OrganizationTab {
  const tab = search.get('tab');
  return isOrganizationTab(tab) ? tab : 'overview';
}

/** The query string for a tab: the overview omits `tab`; other parameters are kept. */
export function searchForTab(search: URLSearchParams, tab: OrganizationTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'overview') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
