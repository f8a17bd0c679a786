import { describe, expect, it } from 'vitest';
import { searchForTab, tabFromSearch } from './organization-detail.utils';

describe('organization tabs in the query string', () => {
  it.each([
    ['', 'overview'],
    ['?tab=patients', 'patients'],
    ['?tab=settings', 'settings'],
    ['?tab=users', 'users'],
    ['?tab=bogus', 'overview'],
  ])('%s opens %s', (search, tab) => {
    expect(tabFromSearch(new URLSearchParams(search))).toBe(tab);
  });

  it('omits the overview and keeps other parameters', () => {
    expect(searchForTab(new URLSearchParams('tab=patients&x=1'), 'overview').toString()).toBe('x=1');
    expect(searchForTab(new URLSearchParams(''), 'settings').toString()).toBe('tab=settings');
  });
});
