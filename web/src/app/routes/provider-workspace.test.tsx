import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../router';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { expectNoAxeViolations } from '../../test/axe';
import { createFakeApi, type FakeApiAnswer } from '../../test/fakes';
import { organization, page, patient, patientDetail, userProfile } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';
import { watchSessionRefusals } from '../../lib/session-refusals';
import { sessionQueryKey } from '../../lib/session';

const patientNumber = (n: number) =>
  patient({ id: `pat-${n}`, first_name: 'Pat', last_name: `Number${n}`, email: `pat${n}@example.com` });

function openAs(url: string, routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, services });
  return { ...view, requests, user: userEvent.setup() };
}

/** The organization's routes: its detail, its patients and its provider users (one page each). */
const organizationRoutes = (count: number) => ({
  'GET /providers/prov-1': () => ({ provider: organization({ patient_count: count }) }),
  'GET /providers/prov-1/patients': () => page(Array.from({ length: count }, (_, i) => patientNumber(i + 1))),
  'GET /providers/prov-1/users': () => page([userProfile({ first_name: 'Cole', last_name: 'League' })]),
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
    const { requests, user } = openAs('/provider', {
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
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/dashboard-stats', '/providers/prov-1', '/providers/prov-1/patients']),
    );
    // The deployment's call lines are the operators' (GET /call-lines answers provider staff 403).
    expect(screen.queryByRole('region', { name: 'Call lines' })).toBeNull();
    expect(requests.map((r) => r.path)).not.toContain('/call-lines');
  });

  it('searches patients on the server and shows what it answers', async () => {
    const { requests, user } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      ...organizationRoutes(3),
      'GET /providers/prov-1/patients': ({ query }) =>
        page(query.search === 'number2' ? [patientNumber(2)] : [patientNumber(1), patientNumber(2), patientNumber(3)]),
    });
    expect(await screen.findByRole('link', { name: 'View Pat Number3' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Search patients' }), 'number2');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View Pat Number3' })).toBeNull());
    expect(screen.getAllByRole('link', { name: /^View Pat/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Pat Number2' })).toBeVisible();
    expect(requests.map((r) => r.query)).toContainEqual({ search: 'number2' });
  });

  it('paints the dashboard and asks for its data while the profile loads, from the stored token', async () => {
    let answerWorklist = () => undefined as void;
    const worklistAnswered = new Promise<void>((resolve) => (answerWorklist = resolve));
    const { services, requests } = createFakeApi({
      'GET /dashboard-stats': () => stats,
      'GET /worklist': async () => {
        await worklistAnswered;
        throw new ApiError('Failed to load the worklist', 503);
      },
      ...organizationRoutes(2),
    });
    let answerProfile = () => undefined as void;
    const profileAnswered = new Promise<void>((resolve) => (answerProfile = resolve));
    const api: ApiClient = {
      async request(path, options) {
        if (path === '/me') await profileAnswered;
        return services.api.request(path, options);
      },
    };
    renderWithProviders(null, {
      routes: createAppRoutes(),
      url: '/provider',
      services: { ...services, api, earlyIdentity: { role: 'provider', providerId: 'prov-1' } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    expect(await screen.findByRole('link', { name: /New Summaries\s*3/ })).toBeVisible();
    expect(screen.getByText('Loading the worklist...')).toBeVisible();
    answerWorklist();
    expect(await screen.findByRole('link', { name: 'View Pat Number2' })).toBeVisible();
    expect(screen.queryByText('Sunrise Family Medicine')).toBeNull();
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/dashboard-stats', '/worklist', '/providers/prov-1', '/providers/prov-1/patients']),
    );
    await expectNoAxeViolations();

    answerProfile();
    expect(await screen.findByText('Sunrise Family Medicine')).toBeVisible();
  });

  it('shows the patients once the worklist and the enrollment panel above them have answered', async () => {
    const held = () => {
      let answer = () => undefined as void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      return { answer, answered };
    };
    const worklist = held();
    const enrollment = held();
    const { requests } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      'GET /worklist': async () => {
        await worklist.answered;
        throw new ApiError('Failed to load the worklist', 503);
      },
      'GET /providers/prov-1/enrollment': async () => {
        await enrollment.answered;
        throw new ApiError('Failed to load the enrollment counts', 503);
      },
      ...organizationRoutes(2),
    });
    // Asked for at once, and answered; shown only when nothing above them can still grow.
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          '/worklist',
          '/providers/prov-1/enrollment',
          '/providers/prov-1',
          '/providers/prov-1/patients',
        ]),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Loading patients...')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'View Pat Number1' })).toBeNull();

    worklist.answer();
    expect(await screen.findByText('Failed to load the worklist')).toBeVisible();
    expect(screen.getByText('Loading patients...')).toBeVisible();

    enrollment.answer();
    expect(await screen.findByRole('link', { name: 'View Pat Number1' })).toBeVisible();
    expect(screen.queryByText('Loading patients...')).toBeNull();
  });

  it("asks for the patients' first page beside the organization, not after it", async () => {
    const { requests } = openAs('/provider', {
      'GET /dashboard-stats': () => stats,
      'GET /providers/prov-1': () => new Promise(() => undefined),
      'GET /providers/prov-1/patients': () => page([patientNumber(1)]),
    });
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/providers/prov-1/patients'));
    expect(screen.getByText('Loading patients...')).toBeVisible();
  });

  it('sends the user to sign in, once, when the early requests are refused for the session', async () => {
    const refused = () => {
      throw new ApiError('Unauthorized', 401, 'auth.unauthorized');
    };
    const { services, requests } = createFakeApi({
      'GET /dashboard-stats': refused,
      'GET /worklist': refused,
      'GET /providers/prov-1': refused,
      'GET /providers/prov-1/patients': refused,
    });
    const api: ApiClient = {
      request: (path, options) => (path === '/me' ? new Promise(() => undefined) : services.api.request(path, options)),
    };
    const { router, queryClient } = renderWithProviders(null, {
      routes: createAppRoutes(),
      url: '/provider',
      services: { ...services, api, earlyIdentity: { role: 'provider', providerId: 'prov-1' } },
    });
    // As boot.tsx does for a screen that paints before the profile.
    watchSessionRefusals(queryClient, services.auth, sessionQueryKey);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(requests.length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('waits for the profile when the stored token names another role', async () => {
    const { services, requests } = createFakeApi({ 'GET /dashboard-stats': () => stats });
    const api: ApiClient = {
      request: (path, options) => (path === '/me' ? new Promise(() => undefined) : services.api.request(path, options)),
    };
    renderWithProviders(null, {
      routes: createAppRoutes(),
      url: '/provider',
      services: { ...services, api, earlyIdentity: { role: 'careloop_employee', providerId: null } },
    });

    // The guard's spinner (the route's own loading one comes first).
    await waitFor(() => expect(screen.getByRole('status')).toBeVisible());
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(requests).toEqual([]);
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
      'GET /patients/pat-1': () => patientDetail(patientNumber(1)),
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
