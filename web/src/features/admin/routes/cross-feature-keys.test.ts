import { describe, expect, it } from 'vitest';
import { dashboardKeys } from '../../dashboard/api/dashboard-stats';
import { KEYS_SHOWING_PATIENTS } from '../../patients/api/patient-keys';
import { KEYS_SHOWING_PROVIDERS, providerKeys } from '../../providers/api/provider-keys';
import { KEYS_SHOWING_TEXTS } from '../../texts/api/text-keys';
import { KEYS_SHOWING_USERS, userKeys } from '../../users/api/user-keys';

/**
 * Features do not import each other, so a write names the other features' query roots it makes
 * stale. These must stay the roots those features really use.
 */
describe('query roots named across features', () => {
  it('patient writes refresh organizations and dashboard totals', () => {
    expect(KEYS_SHOWING_PATIENTS).toEqual([providerKeys.all, dashboardKeys.all]);
  });

  it('organization writes refresh dashboard totals and user lists', () => {
    expect(KEYS_SHOWING_PROVIDERS).toEqual([dashboardKeys.all, userKeys.all]);
  });

  it('texts sent and callback requests handled refresh the dashboard totals', () => {
    expect(KEYS_SHOWING_TEXTS).toEqual([dashboardKeys.all]);
  });

  it("user writes refresh organizations' provider users and dashboard totals", () => {
    expect(KEYS_SHOWING_USERS).toEqual([providerKeys.all, dashboardKeys.all]);
  });
});
