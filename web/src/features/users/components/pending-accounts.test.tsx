import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { organization, page, signedInUser, userProfile } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const admin = signedInUser({ id: 'admin-1', role: 'careloop_employee', provider_id: null, provider: null });

const practice = organization({ name: 'Practice 1', address: null, telephone: null, office_email: null });

/** A self sign-up waiting for an operator, as GET /users lists it: no role, no organization. */
const pendingUser = userProfile({
  id: 'sign-up-1',
  email: 'penny@clinic.example',
  first_name: 'Penny',
  last_name: 'Ding',
  full_name: 'Penny Ding',
  role: null,
  provider_id: null,
  provider: null,
  care_role: null,
  created_at: '2026-11-20T09:00:00.000Z',
});

function openUsers(routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes, { user: admin });
  renderWithProviders(null, { routes: createAppRoutes(), url: '/admin/users', services });
  return { requests, user: userEvent.setup() };
}

describe('pending accounts in User Management', { timeout: 30_000 }, () => {
  it("shows a 'Pending' badge and an Enable button, and filters by 'Pending'", async () => {
    const { requests, user } = openUsers({
      'GET /users': () => page([pendingUser]),
      'GET /providers': () => page([practice]),
    });

    const row = (await screen.findByRole('cell', { name: /Penny Ding/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Enable Penny Ding' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Delete Penny Ding' })).toBeVisible();
    await expectNoAxeViolations();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'pending');
    await waitFor(() => expect(requests.at(-1)?.query).toEqual({ role: 'pending' }));
  });

  it('enables one with a role and an organization through the Enable form', async () => {
    let enabled: unknown = null;
    const { user } = openUsers({
      'GET /users': () => page(enabled ? [] : [pendingUser]),
      'GET /providers': () => page([practice]),
      'PUT /users/sign-up-1': ({ body }) => {
        enabled = body;
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
      'GET /users': () => page([pendingUser]),
      'GET /providers': () => page([practice]),
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
