import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Patient, UserProfile } from '../../../../../shared/domain';
import { createAppRoutes } from '../../../app/router';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { createFakeBackend, makeUser } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';

// The machine running the whole suite may be busy: give screens time to load.

const nurse = makeUser();

const patient = (n: number): Patient => ({
  id: `pat-${n}`,
  provider_id: 'prov-1',
  first_name: 'Pat',
  last_name: `Number${n}`,
  email: `pat${n}@example.com`,
  phone_number: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 1,
  consent: { status: 'accepted', date: '2025-01-01' },
  conditionCount: 2,
  ccmEligible: true,
  billingPractitionerId: null,
});

const colleague: UserProfile = {
  id: 'user-2',
  email: 'colleague@sunrise.example',
  first_name: 'Cole',
  last_name: 'League',
  full_name: '',
  phone_number: null,
  role: 'provider',
  provider_id: 'prov-1',
  provider: { id: 'prov-1', name: 'Sunrise Family Medicine' },
  assigned_at: null,
  notification_preferences: { new_summaries: [], escalations: [] },
  care_role: 'clinical_staff',
  created_at: '2025-01-01T00:00:00.000Z',
};

function openAs(url: string, routes: Record<string, (query: ApiRequestOptions['query']) => unknown>) {
  const backend = createFakeBackend(nurse);
  const paths: string[] = [];
  const queries: ApiRequestOptions['query'][] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/me') return nurse as T;
      paths.push(path);
      queries.push(options.query);
      const answer = routes[`${options.method ?? 'GET'} ${path}`];
      if (!answer) throw new ApiError('Not found', 404);
      return answer(options.query) as T;
    },
  };
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, services: { auth: backend.auth, api } });
  return { ...view, paths, queries, user: userEvent.setup() };
}

const organization = (count: number) => ({
  provider: {
    id: 'prov-1',
    name: 'Sunrise Family Medicine',
    address: null,
    telephone: null,
    office_email: null,
    timezone: 'America/New_York',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    patient_count: count,
    version: 1,
  },
});

/** The organization's routes: its detail, its patients and its provider users (one page each). */
const organizationRoutes = (count: number) => ({
  'GET /providers/prov-1': () => organization(count),
  'GET /providers/prov-1/patients': () => ({
    items: Array.from({ length: count }, (_, i) => patient(i + 1)),
    next_cursor: null,
  }),
  'GET /providers/prov-1/users': () => ({ items: [colleague], next_cursor: null }),
});

const stats = {
  totalProviders: 1,
  totalUsers: 0,
  totalPatients: 7,
  callsCount: 2,
  scheduledCallsCount: 0,
  newSummariesCount: 3,
  callsThisMonth: 2,
  callbackRequests: 4,
  providers: [],
};

describe('provider workspace', { timeout: 30_000 }, () => {
  it('shows the totals, the first 5 patients and View All n Patients, which expands the list', async () => {
    const { paths, user } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      ...organizationRoutes(7),
    });

    expect(await screen.findByText('Total Patients')).toBeVisible();
    expect((await screen.findByRole('link', { name: /New Summaries\s*3/ })).getAttribute('href')).toBe(
      '/provider/summaries',
    );
    expect(screen.getByText('Calls This Month')).toBeVisible();
    expect(screen.getByText('Callback Requests').parentElement?.textContent).toBe(
      "Callback Requests4On each patient's page",
    );

    const view = await screen.findByRole('link', { name: 'View Pat Number1' });
    expect(view.getAttribute('href')).toBe('/provider/patients/pat-1');
    expect(screen.getAllByRole('link', { name: /^View Pat/ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'View All 7 Patients' }));
    expect(screen.getAllByRole('link', { name: /^View Pat/ })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'View All 7 Patients' })).toBeNull();
    expect(paths).toEqual(
      expect.arrayContaining(['/dashboard-stats', '/providers/prov-1', '/providers/prov-1/patients']),
    );
  });

  it('searches patients on the server and shows what it answers', async () => {
    const { queries, user } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      ...organizationRoutes(3),
      'GET /providers/prov-1/patients': (query) => ({
        items: query?.search === 'number2' ? [patient(2)] : [patient(1), patient(2), patient(3)],
        next_cursor: null,
      }),
    });
    expect(await screen.findByRole('link', { name: 'View Pat Number3' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Search patients' }), 'number2');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View Pat Number3' })).toBeNull());
    expect(screen.getAllByRole('link', { name: /^View Pat/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Pat Number2' })).toBeVisible();
    expect(queries).toContainEqual({ search: 'number2', cursor: undefined });
  });

  it('lists provider users read-only', async () => {
    const { user } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      ...organizationRoutes(1),
    });
    await user.click(await screen.findByRole('tab', { name: 'Provider Users' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Cole League')).toBeVisible();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it("shows 'No patients' with Add Patient, which opens the wizard", async () => {
    const { user } = openAs('/provider', {
      'GET /dashboard-stats': () => ({ ...stats, totalPatients: 0 }),
      ...organizationRoutes(0),
    });
    expect(await screen.findByText('No patients')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(await screen.findByRole('dialog', { name: 'Add Patient' })).toBeVisible();
  });

  it('sends provider staff back to /provider from a patient, and from Patient Not Found', async () => {
    const found = openAs('/provider/patients/pat-1', {
      'GET /patients/pat-1': () => ({
        patient: patient(1),
        provider: { id: 'prov-1', name: 'Sunrise Family Medicine' },
        outreach: null,
      }),
      'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Number1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/provider');
    found.unmount();

    openAs('/provider/patients/elsewhere', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/provider');
  });
});
