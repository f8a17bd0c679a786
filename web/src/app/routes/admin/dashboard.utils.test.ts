import { describe, expect, it } from 'vitest';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { dashboardProviderCards, showViewAllProviders } from './dashboard.utils';

const org = (id: string): ProviderOrganization => ({
  id,
  name: `Org ${id}`,
  address: null,
  telephone: null,
  office_email: null,
  timezone: 'America/New_York',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  patient_count: 0,
  version: 1,
});

describe('admin dashboard', () => {
  it('shows at most 4 provider cards', () => {
    expect(dashboardProviderCards(['a', 'b', 'c', 'd', 'e'].map(org)).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(dashboardProviderCards([org('a')])).toHaveLength(1);
  });

  it("offers 'View All' only past 4 providers", () => {
    expect(showViewAllProviders(4)).toBe(false);
    expect(showViewAllProviders(5)).toBe(true);
  });
});
