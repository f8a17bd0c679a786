import type { ProviderTab } from '../../../config/paths';

export const PROVIDER_TABS: readonly { value: ProviderTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Provider Users' },
  { value: 'patients', label: 'Patients' },
  { value: 'settings', label: 'Settings' },
];

const isProviderTab = (value: string | null): value is ProviderTab => PROVIDER_TABS.some((tab) => tab.value === value);

/** `?tab=` names the open tab; missing or unknown means the overview. */
export function tabFromSearch(search: URLSearchParams): ProviderTab {
  const tab = search.get('tab');
  return isProviderTab(tab) ? tab : 'overview';
}

/** The query string for a tab: the overview omits `tab`; other parameters are kept. */
export function searchForTab(search: URLSearchParams, tab: ProviderTab): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'overview') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
