import { describe, expect, it } from 'vitest';
import { dashboardKeys } from '../features/dashboard/api/dashboard-stats';
import { KEYS_SHOWING_CALLS } from '../features/calls/api/call-keys';
import { KEYS_SHOWING_PATIENTS } from '../features/patients/api/patient-keys';
import { KEYS_SHOWING_ORGANIZATIONS, organizationKeys } from '../features/organizations/api/organization-keys';
import { KEYS_SHOWING_SUMMARIES } from '../features/summaries/api/summary-keys';
import { KEYS_SHOWING_TEXTS } from '../features/texts/api/text-keys';
import { KEYS_SHOWING_USERS, userKeys } from '../features/users/api/user-keys';

/**
 * Features do not import each other, so a write names the other features' query roots it makes
 * stale. These must stay the roots those features really use.
 */
describe('query roots named across features', () => {
  it('patient writes refresh organizations and dashboard totals', () => {
    expect(KEYS_SHOWING_PATIENTS).toEqual([organizationKeys.all, dashboardKeys.all]);
  });

  it('organization writes refresh dashboard totals and user lists', () => {
    expect(KEYS_SHOWING_ORGANIZATIONS).toEqual([dashboardKeys.all, userKeys.all]);
  });

  it('calls placed, scheduled or cancelled refresh the dashboard totals (Calls Made, Scheduled Calls)', () => {
    expect(KEYS_SHOWING_CALLS).toEqual([dashboardKeys.all]);
  });

  it('summary status changes refresh the dashboard totals (New Summaries)', () => {
    expect(KEYS_SHOWING_SUMMARIES).toEqual([dashboardKeys.all]);
  });

  it('texts sent and callback requests handled refresh the dashboard totals', () => {
    expect(KEYS_SHOWING_TEXTS).toEqual([dashboardKeys.all]);
  });

  it("user writes refresh organizations' provider users and dashboard totals", () => {
    expect(KEYS_SHOWING_USERS).toEqual([organizationKeys.all, dashboardKeys.all]);
  });
});
