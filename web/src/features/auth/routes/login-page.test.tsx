import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { SignInStep } from '../../../lib/sign-in-step';

const DONE: SignInStep = { step: 'done' };

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
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

    await fillAndSubmit('', '');

    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
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
      backend.setUser(signedInUser({ role: 'provider' }));
      return DONE;
    });

    await fillAndSubmit('nurse@sunrise.example', 'CareLoop-demo-2026');

    const busy = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(backend.auth.signIn).toHaveBeenCalledWith('nurse@sunrise.example', 'CareLoop-demo-2026');

    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
  });

  it('sends an employee to /admin', async () => {
    const { backend, router } = renderLogin();
    backend.setUser(null);
    backend.auth.signIn.mockImplementationOnce(async () => {
      backend.setUser(signedInUser({ role: 'careloop_employee' }));
      return DONE;
    });

    await fillAndSubmit('admin@careloop.health', 'CareLoop-demo-2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('honours a same-site ?redirect= and ignores another site', async () => {
    const first = renderLogin('/login?redirect=%2Fsummary%2Ftok123');
    first.backend.auth.signIn.mockImplementationOnce(async () => {
      first.backend.setUser(signedInUser());
      return DONE;
    });
    await fillAndSubmit('nurse@sunrise.example', 'pw123456');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/summary/tok123'));
    first.unmount();

    const second = renderLogin('/login?redirect=//evil.example/x');
    second.backend.auth.signIn.mockImplementationOnce(async () => {
      second.backend.setUser(signedInUser());
      return DONE;
    });
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
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('shows the sign-up notice and prefills the e-mail', async () => {
    renderLogin('/login', { message: 'Account created! Please check your email.', email: 'new@clinic.example' });

    expect(await screen.findByText('Account created! Please check your email.')).toBeVisible();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@clinic.example');
  });
});

describe('/login: first sign-in and two-factor sign-in', () => {
  const SETUP: SignInStep = {
    step: 'totp-setup',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    setupUri: 'otpauth://totp/CareLoop:nurse@sunrise.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=CareLoop',
  };
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  async function reachStep(step: SignInStep) {
    const view = renderLogin();
    view.backend.setUser(null);
    view.backend.auth.signIn.mockResolvedValueOnce(step);
    await fillAndSubmit('nurse@sunrise.example', 'Temporary-pass-1');
    return view;
  }

  it("asks for a new password when the operator's was temporary, with the rule, and refuses a weak one", async () => {
    const { backend, router } = await reachStep({ step: 'new-password' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    expect(
      screen.getByText('At least 12 characters, with upper- and lower-case letters, a number and a symbol.'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('New Password'), 'short-1A');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short-1A');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol',
    );
    expect(backend.auth.confirmSignIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Chosen-pass-2026');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Chosen-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(backend.auth.confirmSignIn).toHaveBeenCalledWith('Chosen-pass-2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'));
  });

  it('enrols an authenticator: QR code, setup key, a wrong code refused plainly, then signed in', async () => {
    const { backend, router } = await reachStep(SETUP);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'QR code to add CareLoop to your authenticator app' })).toBeVisible();
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    expect(backend.auth.confirmSignIn).not.toHaveBeenCalled();

    backend.auth.confirmSignIn.mockRejectedValueOnce(
      named('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'),
    );
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not correct. Check your authenticator app and enter the code it shows now.',
    );
    expect(backend.auth.confirmSignIn).toHaveBeenLastCalledWith('123456');

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'));
  });

  it('goes from a new password on to enrolment when the account needs both', async () => {
    const { backend } = await reachStep({ step: 'new-password' });
    const user = userEvent.setup();
    backend.auth.confirmSignIn.mockResolvedValueOnce(SETUP);

    await user.type(await screen.findByLabelText('New Password'), 'Chosen-pass-2026');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Chosen-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  });

  it('asks for the code at a later sign-in, and sends an expired sign-in back to the start', async () => {
    const { backend } = await reachStep({ step: 'totp-code' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    backend.auth.confirmSignIn.mockRejectedValueOnce(
      named('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in took too long and has expired. Please sign in again.',
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('nurse@sunrise.example');
  });
});
