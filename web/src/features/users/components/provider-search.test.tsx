import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi } from '../../../test/fakes';
import { organization, page, signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const admin = signedInUser({ id: 'admin-1', role: 'careloop_employee', provider_id: null, provider: null });

/** The newest 25 organizations, as the first page lists them; an older one is only found by search. */
const newest = Array.from({ length: 25 }, (_, i) =>
  organization({ id: `prov-${i}`, name: `${String.fromCharCode(89 - i)} Practice` }),
);
const older = organization({ id: 'prov-old', name: 'Aspen Valley Clinic' });

describe("the user form's Provider choice", { timeout: 30_000 }, () => {
  it('finds an organization past the first page by searching the server, and lists providers by name', async () => {
    const { services, requests } = createFakeApi(
      {
        'GET /users': () => page([]),
        'GET /providers': ({ query }) => page(query.search ? [older] : newest, query.search ? null : 'next'),
      },
      { user: admin },
    );
    renderWithProviders(null, { routes: createAppRoutes(), url: '/admin/users', services });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /Add User/ }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'provider');
    const provider = within(dialog).getByRole('combobox', { name: 'Provider' });
    await waitFor(() => expect(within(provider).getAllByRole('option')).toHaveLength(26));
    const names = within(provider)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(names).toEqual([...names].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    expect(within(provider).queryByRole('option', { name: 'Aspen Valley Clinic' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Find a provider' }), 'aspen');
    await waitFor(() => expect(requests.some((r) => r.path === '/providers' && r.query.search === 'aspen')).toBe(true));
    await within(provider).findByRole('option', { name: 'Aspen Valley Clinic' });
    await user.selectOptions(provider, 'prov-old');
    expect(provider).toHaveValue('prov-old');

    // Another search keeps the chosen one choosable, by its name.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Find a provider' }));
    await waitFor(() => expect(within(provider).getAllByRole('option')).toHaveLength(27));
    expect(provider).toHaveValue('prov-old');
    expect(within(provider).getByRole('option', { name: 'Aspen Valley Clinic' })).toBeVisible();
    await expectNoAxeViolations();
  });
});
