import { describe, expect, it } from 'vitest';
import { organization } from '../../../test/records';
import { dashboardOrganizationCards, showViewAllOrganizations } from './dashboard.utils';

const org = (id: string) => organization({ id, name: `Org ${id}` });

describe('admin dashboard', () => {
  it('shows at most 4 provider cards', () => {
    expect(dashboardOrganizationCards(['a', 'b', 'c', 'd', 'e'].map(org)).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(dashboardOrganizationCards([org('a')])).toHaveLength(1);
  });

  it("offers 'View All' only past 4 providers", () => {
    expect(showViewAllOrganizations(4)).toBe(false);
    expect(showViewAllOrganizations(5)).toBe(true);
  });
});
