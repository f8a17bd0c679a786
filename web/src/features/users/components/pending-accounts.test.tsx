import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProviderOrganization, UserProfile } from '../../../../../shared/domain';
import { createAppRoutes } from '../../../app/router';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend, makeUser } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';

interface Call {
  method: string;
  path: string;
  query?: ApiRequestOptions['query'];
  body?: unknown;
}

const admin = makeUser({ id: 'admin-1', role: 'careloop_employee', provider_id: null, provider: null });

const practice: ProviderOrganization = {
  id: 'prov-1',
  name: 'Practice 1',
  address: null,
  telephone: null,
  office_email: null,
  timezone: 'America/New_York',
  created_at: '2025-03-04T12:00:00.000Z',
  updated_at: '2025-03-04T12:00:00.000Z',
  patient_count: 0,
  version: 1,
};

/** A self sign-up waiting for an operator, as GET /users lists it: no role, no organization. */
const pendingUser: UserProfile = {
  id: 'sign-up-1',
  email: 'penny@clinic.example',
  first_name: 'Penny',
  last_name: 'Ding',
  full_name: 'Penny Ding',
  phone_number: null,
  role: null,
  provider_id: null,
  provider: null,
  assigned_at: null,
  notification_preferences: { new_summaries: [], escalations: [] },
  care_role: null,
  created_at: '2026-11-20T09:00:00.000Z',
};

function openUsers(routes: Record<string, (call: Call) => unknown>) {
  const backend = createFakeBackend(admin);
  const calls: Call[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/me') return admin as T;
      const call = { method: options.method ?? 'GET', path, query: options.query, body: options.body };
      calls.push(call);
      const answer = routes[`${call.method} ${path}`];
      if (!answer) throw new ApiError('Not found', 404);
      return answer(call) as T;
    },
  };
  renderWithProviders(null, { routes: createAppRoutes(), url: '/admin/users', services: { auth: backend.auth, api } });
  return { calls, user: userEvent.setup() };
}

describe('pending accounts in User Management', { timeout: 30_000 }, () => {
  it("shows a 'Pending' badge and an Enable button, and filters by 'Pending'", async () => {
    const { calls, user } = openUsers({
      'GET /users': () => ({ items: [pendingUser], next_cursor: null }),
      'GET /providers': () => ({ items: [practice], next_cursor: null }),
    });

    const row = (await screen.findByRole('cell', { name: /Penny Ding/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Enable Penny Ding' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete Penny Ding' })).toBeVisible();
    await expectNoAxeViolations();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'pending');
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ search: undefined, role: 'pending' }));
  });

  it('enables one with a role and an organization through the Enable form', async () => {
    let enabled: unknown = null;
    const { user } = openUsers({
      'GET /users': () => ({ items: enabled ? [] : [pendingUser], next_cursor: null }),
      'GET /providers': () => ({ items: [practice], next_cursor: null }),
      'PUT /users/sign-up-1': (call) => {
        enabled = call.body;
        return {
          user: {
            ...pendingUser,
            role: 'provider',
            provider_id: 'prov-1',
            provider: { id: 'prov-1', name: 'Practice 1' },
          },
        };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Enable Penny Ding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable User' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'provider');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Provider' }), 'prov-1');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enable User' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enable User' })).toBeNull());
    expect(enabled).toMatchObject({
      email: 'penny@clinic.example',
      first_name: 'Penny',
      last_name: 'Ding',
      role: 'provider',
      provider_id: 'prov-1',
    });
    expect(await screen.findByText('No users found')).toBeVisible();
  });

  it('shows the server refusal in the Enable form', async () => {
    const { user } = openUsers({
      'GET /users': () => ({ items: [pendingUser], next_cursor: null }),
      'GET /providers': () => ({ items: [practice], next_cursor: null }),
      'PUT /users/sign-up-1': () => {
        throw new ApiError('Provider Not Found', 404);
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Enable Penny Ding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable User' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Provider' }), 'prov-1');
    await user.click(within(dialog).getByRole('button', { name: 'Enable User' }));
    expect(await within(dialog).findByText('Provider Not Found')).toBeVisible();
  });
});
