import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { createFakeBackend } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';

function renderSignUp() {
  const backend = createFakeBackend();
  const view = renderWithProviders(null, { routes: createAppRoutes(), url: '/signup', services: backend });
  return { ...view, backend };
}

interface Form {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

async function submit(form: Form, user = userEvent.setup()) {
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  if (form.firstName) await user.type(screen.getByLabelText('First Name'), form.firstName);
  if (form.lastName) await user.type(screen.getByLabelText('Last Name'), form.lastName);
  if (form.email) await user.type(screen.getByLabelText('Email'), form.email);
  if (form.password) await user.type(screen.getByLabelText('Password', { exact: true }), form.password);
  if (form.confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), form.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

const complete = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@clinic.example',
  password: 'Dana-chosen-2026',
  confirmPassword: 'Dana-chosen-2026',
};

const POLICY =
  'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol';

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-up screen', () => {
  it.each([
    [{ ...complete, lastName: '' }, 'All fields are required'],
    [{ ...complete, confirmPassword: 'Dana-chosen-2027' }, 'Passwords do not match'],
    [{ ...complete, password: 'abc123', confirmPassword: 'abc123' }, POLICY],
    [{ ...complete, password: 'danachosen2026', confirmPassword: 'danachosen2026' }, POLICY],
    [{ ...complete, email: 'dana@clinic' }, 'Please enter a valid email address'],
  ])('shows the validation message in a red box', async (form, message) => {
    const { backend } = renderSignUp();

    await submit(form);

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(backend.auth.signUp).not.toHaveBeenCalled();
  });

  it('shows the Terms and Privacy notice with links', async () => {
    renderSignUp();
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });

    const form = within(screen.getByRole('form', { name: 'Create your account' }));

    expect(form.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('shows the password rule under the password field', async () => {
    renderSignUp();
    const password = await screen.findByLabelText('Password', { exact: true });
    const hint = screen.getByText('At least 12 characters, with upper- and lower-case letters, a number and a symbol.');
    expect(hint).toBeVisible();
    expect(password).toHaveAccessibleDescription(hint.textContent ?? '');
  });

  it('shows and hides each password with its own toggle', async () => {
    const user = userEvent.setup();
    renderSignUp();
    const password = (await screen.findByLabelText('Password', { exact: true })) as HTMLInputElement;
    const confirm = screen.getByLabelText('Confirm Password') as HTMLInputElement;
    expect(password.type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    expect(confirm.type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm.type).toBe('text');
  });

  it("shows Cognito's error, or 'Failed to create account'", async () => {
    const { backend } = renderSignUp();
    backend.auth.signUp.mockRejectedValueOnce(
      Object.assign(new Error('An account with the given email already exists.'), { name: 'UsernameExistsException' }),
    );
    await submit(complete);
    expect((await screen.findByRole('alert')).textContent).toContain('An account with the given email already exists.');
  });

  it("falls back to 'Failed to create account'", async () => {
    const { backend } = renderSignUp();
    backend.auth.signUp.mockRejectedValueOnce(new Error(''));
    await submit(complete);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to create account');
  });

  it("signs up, shows 'Account Created!', then after 2 s opens /login with the notice and e-mail", async () => {
    const { backend, router } = renderSignUp();
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

    await submit({ ...complete, email: ' dana@clinic.example ' }, user);

    expect(backend.auth.signUp).toHaveBeenCalledWith({
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana@clinic.example',
      password: 'Dana-chosen-2026',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Created!' })).toBeVisible();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(router.state.location.pathname).toBe('/signup');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toContain('Please check your email');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dana@clinic.example');
  });
});
