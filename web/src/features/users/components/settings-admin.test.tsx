import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { organization, page, signedInUser, userProfile } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const operator = { role: 'careloop_employee', provider_id: null, provider: null, care_role: null } as const;
const colleague = userProfile({
  ...operator,
  id: 'ops-2',
  email: 'sam@careloop.example',
  first_name: 'Sam',
  last_name: 'Ortiz',
  full_name: 'Sam Ortiz',
});
const admin = userProfile({
  ...operator,
  id: 'ops-3',
  email: 'kim@careloop.example',
  first_name: 'Kim',
  last_name: 'Lau',
  full_name: 'Kim Lau',
  can_manage_settings: true,
});
const nurse = userProfile({ id: 'nurse-1', full_name: 'Nora Ellis', first_name: 'Nora', last_name: 'Ellis' });

function openUsers(canManageSettings: boolean, routes: Record<string, FakeApiAnswer> = {}) {
  const me = signedInUser({ id: 'me-1', ...operator, can_manage_settings: canManageSettings });
  const { services, requests } = createFakeApi(
    { 'GET /users': () => page([colleague, admin, nurse]), 'GET /providers': () => page([organization()]), ...routes },
    { user: me },
  );
  renderWithProviders(null, { routes: createAppRoutes(), url: '/admin/users', services });
  return { requests, user: userEvent.setup() };
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(name) })).closest('tr')!;

describe('settings administration in User Management', { timeout: 30_000 }, () => {
  it("marks settings admins, and offers a settings admin the grant and revoke on other operators' accounts only", async () => {
    openUsers(true);
    const kim = await rowOf('Kim Lau');
    expect(within(kim).getByText('Settings admin')).toBeVisible();
    expect(within(kim).getByRole('button', { name: 'Revoke settings admin: Kim Lau' })).toBeVisible();
    const sam = await rowOf('Sam Ortiz');
    expect(within(sam).queryByText('Settings admin')).toBeNull();
    expect(within(sam).getByRole('button', { name: 'Make settings admin: Sam Ortiz' })).toBeVisible();
    // Provider users cannot be settings admins.
    expect(within(await rowOf('Nora Ellis')).queryByRole('button', { name: /settings admin/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the badge but no grant or revoke to an operator who is not a settings admin', async () => {
    openUsers(false);
    const kim = await rowOf('Kim Lau');
    expect(within(kim).getByText('Settings admin')).toBeVisible();
    expect(screen.queryByRole('button', { name: /settings admin/ })).toBeNull();
  });

  it('grants it after a confirmation, through PUT /users/{userId}/settings-admin', async () => {
    let granted = false;
    const { user } = openUsers(true, {
      'PUT /users/ops-2/settings-admin': () => {
        granted = true;
        return { user: { ...colleague, can_manage_settings: true } };
      },
    });
    await user.click(within(await rowOf('Sam Ortiz')).getByRole('button', { name: 'Make settings admin: Sam Ortiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Settings Admin' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Make settings admin' }));
    await waitFor(() => expect(granted).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
