import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { createFakeBackend, makeUser } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';

function renderLogin(url = '/login', state?: unknown) {
  const backend = createFakeBackend();
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, state, services: backend });
  return { ...view, backend };
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it("says 'Welcome back' and requires both fields", async () => {
    const { backend } = renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();

    await fillAndSubmit('', '');

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(backend.auth.signIn).not.toHaveBeenCalled();
  });

  it('states that accounts come from the contact address', async () => {
    renderLogin();
    const link = await screen.findByRole('link', { name: 'hello@careloop.health' });
    expect(link.getAttribute('href')).toMatch(/^mailto:hello@careloop\.health/);
  });

  it("shows 'Signing in...' while busy, then goes to the user's home", async () => {
    const { backend, router } = renderLogin();
    let finish: () => void = () => undefined;
    backend.auth.signIn.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      backend.setUser(makeUser({ role: 'provider' }));
    });

    await fillAndSubmit('nurse@sunrise.example', 'CareLoop-demo-2026');

    const busy = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(backend.auth.signIn).toHaveBeenCalledWith('nurse@sunrise.example', 'CareLoop-demo-2026');

    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeTruthy();
  });

  it('sends an employee to /admin', async () => {
    const { backend, router } = renderLogin();
    backend.setUser(null);
    backend.auth.signIn.mockImplementationOnce(async () => backend.setUser(makeUser({ role: 'careloop_employee' })));

    await fillAndSubmit('admin@careloop.health', 'CareLoop-demo-2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('honours a same-site ?redirect= and ignores another site', async () => {
    const first = renderLogin('/login?redirect=%2Fsummary%2Ftok123');
    first.backend.auth.signIn.mockImplementationOnce(async () => first.backend.setUser(makeUser()));
    await fillAndSubmit('nurse@sunrise.example', 'pw123456');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/summary/tok123'));
    first.unmount();

    const second = renderLogin('/login?redirect=//evil.example/x');
    second.backend.auth.signIn.mockImplementationOnce(async () => second.backend.setUser(makeUser()));
    await fillAndSubmit('nurse@sunrise.example', 'pw123456');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/provider'));
  });

  it.each([
    [
      Object.assign(new Error('User is not confirmed.'), { name: 'UserNotConfirmedException' }),
      'Please check your email and click the confirmation link before signing in.',
    ],
    [new Error('Email not confirmed'), 'Please check your email and click the confirmation link before signing in.'],
    [
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
      'Incorrect username or password.',
    ],
    [new Error(''), 'Failed to sign in'],
  ])('shows the sign-in error in a red box: %s', async (error, text) => {
    const { backend } = renderLogin();
    backend.auth.signIn.mockRejectedValueOnce(error);

    await fillAndSubmit('nurse@sunrise.example', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows the sign-up notice and prefills the e-mail', async () => {
    renderLogin('/login', { message: 'Account created! Please check your email.', email: 'new@clinic.example' });

    expect(await screen.findByText('Account created! Please check your email.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@clinic.example');
  });
});
