import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessHistoryEntry, AccessHistoryPage } from '../../../../../shared/domain';
import { createAppRoutes } from '../../../app/router';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError } from '../../../test/fakes';
import { accessHistoryEntry, patient, patientDetail, signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const entry = (id: string, overrides: Partial<AccessHistoryEntry> = {}) =>
  accessHistoryEntry({ id, request_id: `req-${id}`, ...overrides });

/** The patient page for a signed-in user of `role`; the access history answers from `history`. */
function openPatient(
  url: string,
  role: 'provider' | 'careloop_employee',
  history: Record<string, AccessHistoryPage> | 'fail' | 'hang',
) {
  const user = signedInUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const { services, requests } = createFakeApi(
    {
      'GET /patients/pat-1': () => patientDetail(patient({ consent: { status: 'accepted', date: '2025-01-01' } })),
      'GET /patients/pat-1/access-history': (request) => {
        if (history === 'hang') return hang(request);
        if (history === 'fail') return serverError(request);
        const page = history[request.query.cursor ?? 'first'];
        if (!page) throw new ApiError('Invalid cursor', 400);
        return page;
      },
    },
    { user },
  );
  renderWithProviders(null, { routes: createAppRoutes(), url, services });
  const requested = () => requestsTo(requests, 'GET /patients/pat-1/access-history').map((r) => r.query.cursor);
  const queries = () => requestsTo(requests, 'GET /patients/pat-1/access-history').map((r) => r.query);
  return { requested, queries, user: userEvent.setup() };
}

async function openTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Access history' }));
  return screen.findByRole('tabpanel', { name: 'Access history' });
}

describe('access history on the patient page', { timeout: 30_000 }, () => {
  it('shows operators who read and changed the patient, newest first, and loads more on demand', async () => {
    const { requested, user } = openPatient('/admin/patients/pat-1', 'careloop_employee', {
      first: {
        items: [
          entry('e3'),
          entry('e2', {
            action: 'patient.read',
            outcome: 'denied',
            actor: { kind: 'person', user_id: 'gone-1', role: 'none', organization_id: null, name: null, email: null },
          }),
        ],
        next_cursor: 'c2',
      },
      c2: { items: [entry('e1', { action: 'care_plan.update' })], next_cursor: null },
    });
    const panel = await openTab(user);
    const table = await within(panel).findByRole('table', { name: 'Access history' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        expect.stringMatching(/^Mar 2, 2026, \d+:30 [AP]M$/),
        'Nora Ellisnurse@sunrise.example',
        'Provider User',
        'prov-1',
        'Care plan read',
        'Success',
        'req-e3',
      ],
      [expect.any(String), 'gone-1', 'No role', '—', 'Patient read', 'Denied', 'req-e2'],
    ]);
    await expectNoAxeViolations(panel);

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Care plan update')).toBeVisible();
    expect(rows()).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requested()).toEqual([undefined, 'c2']);
  });

  it('shows CareLoop itself as the actor of webhook writes, and filters by action and by person', async () => {
    const stored = entry('e9', {
      action: 'call.report_store',
      request_id: null,
      actor: {
        kind: 'system',
        user_id: 'system:vapi-webhook',
        role: 'none',
        organization_id: null,
        name: 'CareLoop (Vapi report)',
        email: null,
      },
    });
    const pages: Record<string, AccessHistoryPage> = {
      first: { items: [stored, entry('e8')], next_cursor: null },
    };
    const { user, queries } = openPatient('/admin/patients/pat-1', 'careloop_employee', pages);
    const panel = await openTab(user);
    const table = await within(panel).findByRole('table', { name: 'Access history' });
    const first = within(table).getAllByRole('row')[1];
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), 'CareLoop (Vapi report)', 'System', '—', 'Call report store', 'Success', '—']);
    await expectNoAxeViolations(panel);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Action' }), 'Call report store');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Person' }), 'CareLoop (Vapi report)');
    await within(panel).findByRole('table', { name: 'Access history' });
    expect(queries().at(-1)).toMatchObject({ action: 'call.report_store', actor: 'system:vapi-webhook' });
  });

  it('says so when nothing was recorded', async () => {
    const { user } = openPatient('/admin/patients/pat-1', 'careloop_employee', {
      first: { items: [], next_cursor: null },
    });
    const panel = await openTab(user);
    expect(await within(panel).findByText("No access to this patient's data has been recorded yet.")).toBeVisible();
  });

  it('shows a loading state while the history loads', async () => {
    const loading = openPatient('/admin/patients/pat-1', 'careloop_employee', 'hang');
    const panel = await openTab(loading.user);
    expect(await within(panel).findByRole('status', { name: 'Loading access history' })).toBeVisible();
  });

  it('shows the failure with a way to try again', async () => {
    const { requested, user } = openPatient('/admin/patients/pat-1', 'careloop_employee', 'fail');
    const panel = await openTab(user);
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load access history');
    await expectNoAxeViolations(panel);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(panel).findByRole('alert');
    expect(requested()).toHaveLength(2);
  });

  it('is not shown to provider users', async () => {
    const { requested } = openPatient('/provider/patients/pat-1', 'provider', 'fail');
    expect(await screen.findByRole('tab', { name: 'EMR Notes' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Access history' })).toBeNull();
    expect(requested()).toEqual([]);
  });
});
