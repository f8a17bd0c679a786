import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPT } from '../../../../../shared/values/settings';
import type { SystemSettingsResponse } from '../../../../../shared/calls';
import type { DashboardChartsAnswer } from '../../../../../shared/dashboard';
import { createAppRoutes } from '../../router';
import { createFakeApi } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { callLog, page, signedInUser } from '../../../test/records';

const NO_CHARTS: DashboardChartsAnswer = { scope: 'all', months: [], organizations: { included: 0, total: 0 } };

const stats = {
  totalProviders: 0,
  totalUsers: 1,
  totalPatients: 0,
  callsCount: 4,
  scheduledCallsCount: 1,
  newSummariesCount: 0,
  callsThisMonth: 4,
  providers: [],
};

const settings: SystemSettingsResponse = {
  settings: {
    assistantId: 'asst-123',
    voiceId: 'burt',
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
    version: 1,
    updated_at: null,
  },
  defaultPrompt: DEFAULT_SYSTEM_PROMPT,
};

/** `/admin` for an employee whose `/me` says whether they manage the system settings. */
function openDashboard(canManageSettings: boolean | undefined) {
  const operator = signedInUser({
    id: 'admin-1',
    email: 'admin@careloop.health',
    role: 'careloop_employee',
    provider_id: null,
    provider: null,
    ...(canManageSettings === undefined ? {} : { can_manage_settings: canManageSettings }),
  });
  const { services, requests } = createFakeApi(
    {
      // The dashboard's charts, call lines and call-lines forecast load on their own: none here.
      'GET /dashboard-charts': () => NO_CHARTS,
      'GET /call-lines/forecast': () => ({ forecast: null }),
      'GET /call-lines': () => ({
        budget: 10,
        reserved_for_people: 1,
        in_use: 0,
        held_by_alerts: 0,
        waiting: 0,
        oldest_waiting_since: null,
      }),
      'GET /dashboard-stats': () => stats,
      'GET /compliance-settings': () => settings,
      'GET /calls/scheduled': () => page([callLog({ status: 'scheduled', patient_name: 'Ruth Dawson' })]),
    },
    { user: operator },
  );
  renderWithProviders(null, { routes: createAppRoutes(), url: '/admin', services });
  const paths = () =>
    requests
      .map((r) => r.path)
      .filter((path) => !['/dashboard-charts', '/call-lines/forecast', '/call-lines'].includes(path));
  return { paths, user: userEvent.setup() };
}

describe('the Settings button on the admin dashboard', { timeout: 30_000 }, () => {
  it('opens the System Settings panel for a settings administrator, loading settings only then', async () => {
    const { paths, user } = openDashboard(true);
    const button = await screen.findByRole('button', { name: 'Settings' });
    expect(paths()).toEqual(['/dashboard-stats']);

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'System Settings' });
    expect((await within(dialog).findByRole('textbox', { name: /Assistant ID/ })).getAttribute('value')).toBe(
      'asst-123',
    );
    expect(paths()).toEqual(['/dashboard-stats', '/compliance-settings']);
  });

  it.each([false, undefined])('is not shown when can_manage_settings is %s', async (flag) => {
    const { paths } = openDashboard(flag);
    expect(await screen.findByRole('button', { name: /Calls Made\s*4/ })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(paths()).toEqual(['/dashboard-stats']);
  });

  it("opens 'Scheduled Calls' from its tile, listing the pending calls", async () => {
    const { paths, user } = openDashboard(false);
    await user.click(await screen.findByRole('button', { name: /Scheduled Calls\s*1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled Calls' });
    expect((await within(dialog).findByRole('cell', { name: 'Ruth Dawson' })).textContent).toBe('Ruth Dawson');
    expect(paths()).toEqual(['/dashboard-stats', '/calls/scheduled']);
  });
});
