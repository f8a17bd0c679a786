import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IDENTIFIER_MESSAGES } from '../../../../../shared/ccm/identifiers';
import { VALIDATION } from '../../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, sent, type FakeApiAnswer } from '../../../test/fakes';
import { organization } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OrganizationForm, type OrganizationFormProps } from './organization-form';

const sunrise = organization({
  address: '12 Main St',
  office_email: 'desk@sunrise.example',
  timezone: 'America/Chicago',
  sms_sender: '+18135550101',
  patient_count: 3,
  version: 4,
});

function renderForm(props: Partial<OrganizationFormProps> = {}, answer: FakeApiAnswer = () => ({ provider: sunrise })) {
  const { services, requests } = createFakeApi({ 'POST /providers': answer, 'PUT /providers/:providerId': answer });
  const onSaved = vi.fn();
  renderWithProviders(<OrganizationForm onSaved={onSaved} {...props} />, { services });
  return { requests, onSaved, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('OrganizationForm', { timeout: 30_000 }, () => {
  it('requires the organization name and a valid office email, with the spec messages', async () => {
    const { requests, user } = renderForm();

    await user.type(field('Organization Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe('Organization name is required');

    await user.type(field('Organization Name'), 'Sunrise Family Medicine');
    await user.type(field('Office Email'), 'front-desk');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid office email address');
    expect(requests).toEqual([]);
  });

  it('creates with trimmed values, empty optional values left out, New York time by default', async () => {
    const { requests, onSaved, user } = renderForm();
    expect((screen.getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement).value).toBe('America/New_York');

    await user.type(field('Organization Name'), '  Sunrise Family Medicine ');
    await user.type(field('Telephone'), ' (555) 010-2000 ');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(sunrise));
    expect(sent(requests)).toEqual([
      {
        method: 'POST',
        path: '/providers',
        body: { name: 'Sunrise Family Medicine', telephone: '(555) 010-2000', timezone: 'America/New_York' },
      },
    ]);
  });

  it('updates with emptied values as null, a daily limit as a number, and the version read', async () => {
    const { requests, user } = renderForm({ organization: { ...sunrise, daily_text_limit: 80 } });
    expect(field('Organization Name').value).toBe('Sunrise Family Medicine');
    expect((screen.getByRole('combobox', { name: 'Time Zone' }) as HTMLSelectElement).value).toBe('America/Chicago');
    expect(field('Daily Text Limit').value).toBe('80');

    await user.clear(field('Address'));
    await user.type(field('Daily Call Limit'), '200');
    await user.clear(field('Daily Text Limit'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sent(requests)[0]).toEqual({
      method: 'PUT',
      path: '/providers/prov-1',
      body: {
        name: 'Sunrise Family Medicine',
        address: null,
        telephone: '(555) 010-2000',
        office_email: 'desk@sunrise.example',
        timezone: 'America/Chicago',
        daily_call_limit: 200,
        daily_text_limit: null,
        sms_sender: '+18135550101',
        group_npi: null,
        version: 4,
      },
    });
  });

  it('sets the texting number, refusing one that is neither E.164 nor a Messaging Service', async () => {
    const { requests, user } = renderForm();
    await user.type(field('Organization Name'), 'Sunrise');
    await user.type(field('Texting Number'), '813 555 0101');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe(VALIDATION.invalidSmsSender);
    expect(requests).toEqual([]);

    await user.clear(field('Texting Number'));
    await user.type(field('Texting Number'), '+18135550101');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sent(requests)[0]?.body).toMatchObject({ sms_sender: '+18135550101' });
  });

  it('sets the group NPI, refusing one whose check digit is wrong, and clears it as null', async () => {
    const { requests, user } = renderForm();
    await user.type(field('Organization Name'), 'Sunrise');
    await user.type(field('Group NPI'), '1245319598');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(screen.getByRole('alert').textContent).toBe(IDENTIFIER_MESSAGES.npiInvalid);
    expect(requests).toEqual([]);

    await user.clear(field('Group NPI'));
    await user.type(field('Group NPI'), ' 1245319599 ');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sent(requests)[0]?.body).toMatchObject({ group_npi: '1245319599' });
  });

  it('shows the group NPI when editing, and an emptied one is sent as null', async () => {
    const { requests, user } = renderForm({ organization: { ...sunrise, group_npi: '1245319599' } });
    expect(field('Group NPI').value).toBe('1245319599');
    await user.clear(field('Group NPI'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sent(requests)[0]?.body).toMatchObject({ group_npi: null, version: 4 });
  });

  it("shows the server's error text", async () => {
    const { user } = renderForm({}, () => {
      throw new ApiError('Failed to create provider', 500);
    });
    await user.type(field('Organization Name'), 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect(await screen.findByText('Failed to create provider')).toBeVisible();
  });

  it("shows 'Failed to save provider' when no answer came", async () => {
    const { user } = renderForm({}, ({ fallbackError }) => {
      throw new ApiError(fallbackError, 0);
    });
    await user.type(field('Organization Name'), 'Sunrise');
    await user.click(screen.getByRole('button', { name: 'Add Provider' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save provider');
  });
});
