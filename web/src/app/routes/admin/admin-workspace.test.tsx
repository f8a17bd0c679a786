import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProviderOrganization, UserProfile } from '../../../../../shared/domain';
import type { DashboardChartsAnswer } from '../../../../../shared/dashboard';
import { createAppRoutes } from '../../router';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { organization, page, patient, signedInUser, userProfile } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const NO_CHARTS: DashboardChartsAnswer = { scope: 'all', months: [], organizations: { included: 0, total: 0 } };

const admin = signedInUser({
  id: 'admin-1',
  email: 'admin@careloop.health',
  role: 'careloop_employee',
  provider_id: null,
  provider: null,
});

const org = (n: number, overrides: Partial<ProviderOrganization> = {}) =>
  organization({ id: `prov-${n}`, name: `Practice ${n}`, patient_count: n, ...overrides });

const profile = (id: string, overrides: Partial<UserProfile> = {}) =>
  userProfile({
    id,
    email: `${id}@example.com`,
    first_name: 'First',
    last_name: id,
    full_name: '',
    provider: { id: 'prov-1', name: 'Practice 1' },
    ...overrides,
  });

const patientNumber = (n: number) => patient({ id: `pat-${n}`, first_name: 'Pat', last_name: `Number${n}` });

const IDLE_LINES = {
  budget: 10,
  reserved_for_people: 1,
  in_use: 0,
  held_by_alerts: 0,
  waiting: 0,
  oldest_waiting_since: null,
};
const OWN_LOADS = ['/dashboard-charts', '/call-lines/forecast', '/call-lines'];

/** The signed-in admin plus the routes a test answers; anything else is a 404. */
function openAs(url: string, routes: Record<string, FakeApiAnswer>) {
  // The dashboard's charts, call lines and call-lines forecast load on their own (ccm-charts-section.test.tsx,
  // call-lines-card.test.tsx, call-lines-forecast-card.test.tsx): none here.
  const { services, requests } = createFakeApi(
    {
      'GET /dashboard-charts': () => NO_CHARTS,
      'GET /call-lines/forecast': () => ({ forecast: null }),
      'GET /call-lines': () => IDLE_LINES,
      ...routes,
    },
    { user: admin },
  );
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, services });
  const sent = () => requests.filter((request) => !OWN_LOADS.includes(request.path));
  return { ...view, sent, user: userEvent.setup() };
}

const stats = (providers: ProviderOrganization[], totalProviders = providers.length) => ({
  totalProviders,
  totalUsers: 12,
  totalPatients: 30,
  callsCount: 0,
  scheduledCallsCount: 0,
  newSummariesCount: 0,
  callsThisMonth: 0,
  providers,
});

describe('admin workspace', { timeout: 30_000 }, () => {
  it('shows the dashboard tiles, at most 4 provider cards and View All past 4', async () => {
    openAs('/admin', {
      'GET /dashboard-stats': () =>
        stats(
          [1, 2, 3, 4, 5].map((n) => org(n)),
          7,
        ),
    });

    const users = await screen.findByRole('link', { name: /Total Users\s*12/ });
    expect(users.getAttribute('href')).toBe('/admin/users');
    expect(screen.getByRole('link', { name: /Total Providers\s*7/ }).getAttribute('href')).toBe('/admin/providers');
    expect(screen.getByRole('link', { name: /Call Summaries\s*0/ }).getAttribute('href')).toBe('/admin/summaries');
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Practice 1' }).getAttribute('href')).toBe(
      '/admin/providers/prov-1?tab=patients',
    );
    expect(screen.getByRole('link', { name: 'Edit Practice 1' }).getAttribute('href')).toBe(
      '/admin/providers/prov-1?tab=settings',
    );
    expect(screen.getByRole('link', { name: 'View All 7 Providers' }).getAttribute('href')).toBe('/admin/providers');
    expect(screen.getByText('Operational')).toBeVisible();
    expect(screen.getByText('Connected')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    // The call lines now, beside the next 30 days' need.
    const lines = screen.getByRole('region', { name: 'Call lines' });
    expect(await within(lines).findByText('No calls on the lines')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Next 30 days' })).toBeVisible();
  });

  it("asks for the last 50 calls only when 'Calls Made' is opened, and shows 'No calls yet'", async () => {
    const { sent, user } = openAs('/admin', {
      'GET /dashboard-stats': () => stats([org(1)]),
      'GET /calls': () => page([]),
    });
    const tile = await screen.findByRole('button', { name: /Calls Made/ });
    expect(sent().map((c) => c.path)).toEqual(['/dashboard-stats']);
    await user.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Last 50 calls' });
    await waitFor(() => expect(dialog.textContent).toContain('No calls yet'));
    expect(sent().map((c) => c.path)).toEqual(['/dashboard-stats', '/calls']);
  });

  it("offers 'Add First Provider' when there are none, and shows the fallback when stats fail", async () => {
    const first = openAs('/admin', { 'GET /dashboard-stats': () => stats([]) });
    expect(await screen.findByText('No providers yet')).toBeVisible();
    await first.user.click(screen.getByRole('button', { name: 'Add First Provider' }));
    expect(await screen.findByRole('dialog', { name: 'Add Provider' })).toBeVisible();
    first.unmount();

    openAs('/admin', {
      'GET /dashboard-stats': () => {
        throw new ApiError('Failed to fetch dashboard statistics', 500);
      },
    });
    expect(await screen.findByText('Failed to fetch dashboard statistics')).toBeVisible();
  });

  it('deletes a provider after confirmation and reloads the dashboard', async () => {
    let providers = [org(1), org(2)];
    const { sent, user } = openAs('/admin', {
      'GET /dashboard-stats': () => stats(providers),
      'DELETE /providers/prov-2': () => {
        providers = [org(1)];
        return { archived: true };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Practice 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Provider' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Provider' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Practice 2' })).toBeNull());
    expect(sent().filter((c) => c.path === '/dashboard-stats')).toHaveLength(2);
  });

  it("marks the signed-in user 'You' without a Delete button, and filters by role", async () => {
    const { sent, user } = openAs('/admin/users', {
      'GET /users': () =>
        page([
          profile('admin-1', {
            role: 'careloop_employee',
            provider: null,
            provider_id: null,
            first_name: 'Ada',
            last_name: 'Admin',
          }),
          profile('nurse-1', { first_name: 'Nora', last_name: 'Nurse' }),
        ]),
      'GET /providers': () => page([org(1)]),
    });

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Role', 'Provider', 'Created', 'Actions']);
    expect(within(rows[1] as HTMLElement).getByText('You')).toBeVisible();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Edit Ada Admin' })).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Delete Nora Nurse' })).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('Provider User')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'patient');
    await waitFor(() =>
      expect(sent().at(-1)?.query).toEqual({ search: undefined, role: 'patient', cursor: undefined }),
    );
  });

  it("shows 'No users found' for an empty result", async () => {
    openAs('/admin/users', { 'GET /users': () => page([]), 'GET /providers': () => page([]) });
    expect(await screen.findByText('No users found')).toBeVisible();
  });

  it("shows 'Provider Not Found' with a way back to the list", async () => {
    openAs('/admin/providers/gone', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Providers' }).getAttribute('href')).toBe('/admin/providers');
  });

  it('mirrors the organization tab in ?tab= and lists its patients', async () => {
    const { router, user } = openAs('/admin/providers/prov-1?tab=patients', {
      'GET /providers/prov-1': () => ({ provider: org(1) }),
      'GET /providers/prov-1/patients': () => page([patientNumber(1)]),
      'GET /providers/prov-1/users': () => page([profile('nurse-1')]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Patients', selected: true })).toBeVisible();
    expect((await screen.findByRole('link', { name: 'View Pat Number1' })).getAttribute('href')).toBe(
      '/admin/patients/pat-1',
    );

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('tab', { name: 'Provider Users' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users'));
    expect(await screen.findByRole('button', { name: 'Remove First nurse-1' })).toBeVisible();
  });

  it("shows 'Failed to remove provider user' when removal fails", async () => {
    const { user } = openAs('/admin/providers/prov-1?tab=users', {
      'GET /providers/prov-1': () => ({ provider: org(1) }),
      'GET /providers/prov-1/patients': () => page([]),
      'GET /providers/prov-1/users': () => page([profile('nurse-1')]),
      // No error text from the server: the screen shows the spec's fallback.
      'DELETE /users/nurse-1': ({ fallbackError }) => {
        throw new ApiError(fallbackError, 500);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove First nurse-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Provider User' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Provider User' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to remove provider user');
  });

  it("shows 'Patient Not Found', and a loaded patient's way back to its organization's patients", async () => {
    const missing = openAs('/admin/patients/gone', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Not Found' })).toBeVisible();
    missing.unmount();

    openAs('/admin/patients/pat-1', {
      'GET /patients/pat-1': () => ({
        patient: patientNumber(1),
        provider: { id: 'prov-1', name: 'Practice 1' },
        outreach: null,
      }),
      'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
      'GET /patients/pat-1/calls': () => ({ scheduled: [], history: page([]) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Number1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Practice 1' }).getAttribute('href')).toBe(
      '/admin/providers/prov-1?tab=patients',
    );
    expect(await screen.findByText('No care plan yet.')).toBeVisible();
    const scheduled = screen.getByRole('region', { name: 'Scheduled Calls' });
    await waitFor(() => expect(scheduled.textContent).toContain('No scheduled calls'));
    expect(screen.getByRole('region', { name: 'Call History' }).textContent).toContain('No calls yet');
  });
});
