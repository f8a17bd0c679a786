import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { createFakeBackend } from '../test/fakes';
import { signedInUser } from '../test/records';
import { renderWithProviders } from '../test/render-with-providers';
import { createAppRoutes } from './router';

function open(url: string, role?: Role | null) {
  const services = createFakeBackend(role === undefined ? null : signedInUser({ role }));
  return renderWithProviders(null, { routes: createAppRoutes(), url, services });
}

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const locationOf = (router: ReturnType<typeof open>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('route table', () => {
  it('shows the landing page, the Login link and the footer to a signed-out visitor', async () => {
    open('/');
    expect(await h1('Healthcare reimagined')).toBeVisible();
    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    const footerLinks = screen.getByRole('contentinfo').querySelectorAll('a');
    const footerHrefs = Array.from(footerLinks, (a) => a.getAttribute('href'));
    expect(footerHrefs).toEqual(['/contact', '/privacy', '/terms', '/sms-policy']);
  });

  it.each([
    ['careloop_employee', '/', '/admin'],
    ['provider', '/', '/provider'],
    ['careloop_employee', '/login', '/admin'],
    ['provider', '/signup', '/provider'],
  ] as const)('sends a signed-in %s from %s to %s', async (role, from, to) => {
    const { router } = open(from, role);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    '/admin',
    '/admin/providers',
    '/admin/providers/p1',
    '/admin/users',
    '/admin/summaries',
    '/admin/patients/x',
    '/provider',
    '/provider/summaries',
    '/provider/patients/x',
  ])('sends a signed-out visitor of %s to /login', async (path) => {
    const { router } = open(path);
    await waitFor(() => expect(locationOf(router)).toBe('/login'));
    expect(await h1('Welcome back')).toBeVisible();
  });

  it('sends a signed-out visitor of a summary link to /login?redirect=/summary/{token}', async () => {
    const { router } = open('/summary/tok_abc123');
    await waitFor(() => expect(locationOf(router)).toBe('/login?redirect=/summary/tok_abc123'));
  });

  it.each([
    ['provider', '/admin/users', '/provider'],
    ['provider', '/admin', '/provider'],
    ['careloop_employee', '/provider/summaries', '/admin'],
  ] as const)('sends a %s who opens %s to their home %s', async (role, from, to) => {
    const { router } = open(from, role);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it("shows 'Admin Dashboard' with the 'CareLoop Employee' badge to an employee", async () => {
    open('/admin', 'careloop_employee');
    expect(await h1('Admin Dashboard')).toBeVisible();
    expect(screen.getByText('CareLoop Employee')).toBeVisible();
    expect(screen.getByText('nurse@sunrise.example')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it('shows the provider dashboard to provider staff', async () => {
    open('/provider', 'provider');
    expect(await h1('Provider Dashboard')).toBeVisible();
  });

  it.each(['/provider', '/admin', '/provider/summaries'])(
    'shows Account pending to a user with no group on %s, without redirecting',
    async (path) => {
      const { router } = open(path, null);
      expect(await h1('Account pending')).toBeVisible();
      expect(screen.getByText(/an operator must enable it/)).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('sends a user with no group home to the Account pending page after sign-in', async () => {
    const { router } = open('/login', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider'));
    expect(await h1('Account pending')).toBeVisible();
  });

  it('never loops a patient', async () => {
    const { router } = open('/admin', 'patient');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await h1('No workspace for this account')).toBeVisible();
  });

  it('lets staff read a summary link and denies other roles', async () => {
    const staff = open('/summary/tok1', 'provider');
    expect(await h1('Call Summary')).toBeVisible();
    staff.unmount();

    open('/summary/tok1', 'patient');
    expect(await screen.findByText('Access denied - Provider or admin authentication required')).toBeVisible();
  });

  it.each([
    ['/call/tok1', undefined],
    ['/summary/tok1', 'careloop_employee'],
  ] as const)('hides the header and footer on %s', async (path, role) => {
    open(path, role);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it.each([
    ['/old', 'Care that keeps in touch, between every visit'],
    ['/sms-policy', 'SMS Policy'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/contact', 'Contact Us'],
  ])('serves the public page %s to everyone', async (path, title) => {
    open(path, 'provider');
    expect(await h1(title)).toBeVisible();
  });

  it('sends any other path to /', async () => {
    const { router } = open('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await h1('Healthcare reimagined')).toBeVisible();
  });
});
