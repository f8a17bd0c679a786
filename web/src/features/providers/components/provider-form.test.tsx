import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { createFakeBackend } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProviderForm, type ProviderFormProps } from './provider-form';

// The machine running the whole suite may be busy: give screens time to load.

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const sunrise: ProviderOrganization = {
  id: 'prov-1',
  name: 'Sunrise Family Medicine',
  address: '12 Main St',
  telephone: '(555) 010-2000',
  office_email: 'desk@sunrise.example',
  timezone: 'America/Chicago',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  patient_count: 3,
  version: 4,
};

function renderForm(
  props: Partial<ProviderFormProps> = {},
  answer: (call: Call) => unknown = () => ({ provider: sunrise }),
) {
  const calls: Call[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const call = { method: options.method ?? 'GET', path, body: options.body };
      calls.push(call);
      return answer(call) as T;
    },
  };
  const onSaved = vi.fn();
  renderWithProviders(<ProviderForm onSaved={onSaved} {...props} />, {
    services: { auth: createFakeBackend().auth, api },
  });
  return { calls, onSaved, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('ProviderForm', { timeout: 30_000 }, () => {
  it('requires the organization name and a valid office email, with the spec messages', async () => {
    const { calls, user } = renderForm();

    await user.type(field('Organization Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe('Organization name is required');

    await user.type(field('Organization Name'), 'Sunrise Family Medicine');
    await user.type(field('Office Email'), 'front-desk');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid office email address');
    expect(calls).toEqual([]);
  });

  it('creates with trimmed values, empty optional values left out, New York time by default', async () => {
    const { calls, onSaved, user } = renderForm();
    expect((screen.getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement).value).toBe('America/New_York');

    await user.type(field('Organization Name'), '  Sunrise Family Medicine ');
    await user.type(field('Telephone'), ' (555) 010-2000 ');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(sunrise));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/providers',
        body: { name: 'Sunrise Family Medicine', telephone: '(555) 010-2000', timezone: 'America/New_York' },
      },
    ]);
  });

  it('updates with emptied values as null and the version read', async () => {
    const { calls, user } = renderForm({ provider: sunrise });
    expect(field('Organization Name').value).toBe('Sunrise Family Medicine');
    expect((screen.getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement).value).toBe('America/Chicago');

    await user.clear(field('Address'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/providers/prov-1',
      body: {
        name: 'Sunrise Family Medicine',
        address: null,
        telephone: '(555) 010-2000',
        office_email: 'desk@sunrise.example',
        timezone: 'America/Chicago',
        version: 4,
      },
    });
  });

  it("shows the server's error text", async () => {
    const { user } = renderForm({}, () => {
      throw new ApiError('Failed to create provider', 500);
    });
    await user.type(field('Organization Name'), 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(await screen.findByText('Failed to create provider')).toBeVisible();
  });
});
