import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, sent, type FakeApiAnswer } from '../../../test/fakes';
import { userProfile } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { UserForm, type UserFormProps } from './user-form';

const ORGANIZATIONS = [
  { id: 'prov-1', name: 'Sunrise Family Medicine' },
  { id: 'prov-2', name: 'Lakeside Internal Medicine' },
];

const savedUser = userProfile({
  id: 'user-9',
  email: 'nora@sunrise.example',
  first_name: 'Nora',
  last_name: 'Nurse',
  full_name: 'Nora Nurse',
  phone_number: '+15550102000',
  notification_preferences: { new_summaries: ['email'], escalations: ['sms'] },
});

function renderForm(props: Partial<UserFormProps> = {}, answer: FakeApiAnswer = () => ({ user: savedUser })) {
  const { services, requests } = createFakeApi({ 'POST /users': answer, 'PUT /users/:userId': answer });
  const onSaved = vi.fn();
  renderWithProviders(<UserForm organizations={ORGANIZATIONS} onSaved={onSaved} {...props} />, { services });
  return { requests, onSaved, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = (user: ReturnType<typeof userEvent.setup>, name = 'Add User') =>
  user.click(screen.getByRole('button', { name }));
const alertText = () => screen.getByRole('alert').textContent;

describe('UserForm', { timeout: 30_000 }, () => {
  it('shows each validation message of product-rules.md "Validation", in form order, and sends nothing until valid', async () => {
    const { requests, user } = renderForm();

    await submit(user);
    expect(alertText()).toBe('Email is required');

    await user.type(field('Email'), 'nora@sunrise');
    await submit(user);
    expect(alertText()).toBe('Please enter a valid email address');

    await user.type(field('Email'), '.example');
    // No password: Cognito e-mails the temporary one (DECISIONS "Passwords, first sign-in and MFA").
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(field('Email')).toHaveAccessibleDescription(
      'CareLoop e-mails a temporary password to this address; the user chooses their own at first sign-in.',
    );
    await submit(user);
    expect(alertText()).toBe('First name is required');

    await user.type(field('First Name'), 'Nora');
    await submit(user);
    expect(alertText()).toBe('Last name is required');

    await user.type(field('Last Name'), 'Nurse');
    await user.type(field('Phone Number'), '555');
    await submit(user);
    expect(alertText()).toBe('Please enter a valid US phone number. Format: +1234567890 (10 digits after +1)');

    await user.type(field('Phone Number'), '0102000');
    await submit(user);
    expect(alertText()).toBe('Provider selection is required for provider and patient users');

    expect(requests).toEqual([]);
  });

  it('normalises the phone as it is typed: digits only, +1 prefixed, 11 digits at most', async () => {
    const { user } = renderForm();
    const phone = field('Phone Number') as HTMLInputElement;

    await user.type(phone, '(555) 010-2000');
    expect(phone.value).toBe('+15550102000');

    await user.type(phone, '999');
    expect(phone.value).toBe('+15550102000');

    await user.clear(phone);
    await user.type(phone, '1-212-555-0199');
    expect(phone.value).toBe('+12125550199');
  });

  it('creates a provider user with a trimmed body, the organization and notification preferences', async () => {
    const { requests, onSaved, user } = renderForm();

    await user.type(field('Email'), '  nora@sunrise.example ');
    await user.type(field('First Name'), ' Nora ');
    await user.type(field('Last Name'), 'Nurse');
    await user.type(field('Phone Number'), '5550102000');
    expect((screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value).toBe('provider');
    expect(screen.getByText('Works for a healthcare provider organization')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'prov-1');
    const escalations = screen.getByRole('group', { name: 'Escalations' });
    await user.click(within(escalations).getByRole('checkbox', { name: 'SMS' }));
    const careRole = screen.getByRole('combobox', { name: 'Care role' }) as HTMLSelectElement;
    expect(careRole.value).toBe('clinical_staff');
    await user.selectOptions(careRole, 'billing_practitioner');
    await user.type(screen.getByRole('textbox', { name: /^NPI/ }), '1234567893');
    await submit(user);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(savedUser));
    expect(sent(requests)).toEqual([
      {
        method: 'POST',
        path: '/users',
        body: {
          email: 'nora@sunrise.example',
          first_name: 'Nora',
          last_name: 'Nurse',
          phone_number: '+15550102000',
          role: 'provider',
          provider_id: 'prov-1',
          notification_preferences: { new_summaries: ['email'], escalations: ['email', 'sms'] },
          care_role: 'billing_practitioner',
          npi: '1234567893',
        },
      },
    ]);
  });

  it('clears the provider when CareLoop Employee is chosen, and sends neither organization nor preferences', async () => {
    const { requests, user } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'prov-2');
    expect(screen.getByRole('group', { name: 'New summaries' })).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'careloop_employee');
    expect(screen.getByText('Admin access to the system')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'New summaries' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Care role' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'patient');
    expect((screen.getByRole('combobox', { name: 'Provider' }) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('group', { name: 'New summaries' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'careloop_employee');
    await user.type(field('Email'), 'ops@careloop.health');
    await user.type(field('First Name'), 'Olive');
    await user.type(field('Last Name'), 'Ops');
    await submit(user);

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      email: 'ops@careloop.health',
      first_name: 'Olive',
      last_name: 'Ops',
      role: 'careloop_employee',
    });
  });

  it('edits without a password field and shows the server error text', async () => {
    const { requests, onSaved, user } = renderForm({ user: savedUser }, () => {
      throw new ApiError('An account with this email already exists', 409);
    });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect((field('Email') as HTMLInputElement).value).toBe('nora@sunrise.example');

    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Newname');
    await submit(user, 'Save Changes');

    expect(await screen.findByText('An account with this email already exists')).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
    expect(requests[0]).toMatchObject({ method: 'PUT', path: '/users/user-9' });
    expect(requests[0]?.body).not.toHaveProperty('password');
    expect(requests[0]?.body).toMatchObject({ last_name: 'Newname', provider_id: 'prov-1' });
  });

  it("shows 'Failed to save user' when no answer came", async () => {
    const { onSaved, user } = renderForm({ user: savedUser }, ({ fallbackError }) => {
      throw new ApiError(fallbackError, 0);
    });
    await submit(user, 'Save Changes');

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save user');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps the role of the signed-in operator editing themselves', () => {
    const me = { ...savedUser, id: 'admin-1', role: 'careloop_employee' as const, provider_id: null, provider: null };
    renderForm({ user: me, currentUserId: 'admin-1' });
    const role = screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    expect(role.disabled).toBe(true);
    expect(screen.getByText('You cannot change your own role')).toBeVisible();
  });
});
