import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/roles';
import { decideProtectedRoute, decidePublicOnlyRoute, type ProtectedRouteRule } from './guard.utils';

const adminOnly: ProtectedRouteRule = { roles: ['careloop_employee'], signedOut: 'login', onMismatch: 'home' };
const providerOnly: ProtectedRouteRule = { roles: ['provider'], signedOut: 'login', onMismatch: 'home' };
const summaryLink: ProtectedRouteRule = {
  roles: ['careloop_employee', 'provider'],
  signedOut: 'login-and-return',
  onMismatch: 'deny',
};
const at = (pathname: string, search = '') => ({ pathname, search });
const signedInAs = (role: Role | null) => ({ status: 'signed-in' as const, role });

describe('decideProtectedRoute', () => {
  it('waits while the session loads', () => {
    expect(decideProtectedRoute({ status: 'loading' }, adminOnly, at('/admin'))).toEqual({ kind: 'loading' });
  });

  it('shows a screen that paints early while the profile loads, only for a role the stored token gives it', () => {
    const loading = { status: 'loading' as const };
    expect(decideProtectedRoute(loading, providerOnly, at('/provider'), 'provider')).toEqual({ kind: 'allow' });
    expect(decideProtectedRoute(loading, providerOnly, at('/provider'), 'careloop_employee')).toEqual({
      kind: 'loading',
    });
    expect(decideProtectedRoute(loading, providerOnly, at('/provider'), null)).toEqual({ kind: 'loading' });
    // Once the profile answers, it decides, whatever the token said.
    expect(decideProtectedRoute({ status: 'signed-out' }, providerOnly, at('/provider'), 'provider')).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a signed-out visitor of a protected route to /login', () => {
    expect(decideProtectedRoute({ status: 'signed-out' }, adminOnly, at('/admin/users'))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a signed-out visitor of a summary link to /login?redirect=/summary/{token}', () => {
    expect(decideProtectedRoute({ status: 'signed-out' }, summaryLink, at('/summary/tok_123'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/summary/tok_123',
    });
  });

  it('lets the right role in', () => {
    expect(decideProtectedRoute(signedInAs('careloop_employee'), adminOnly, at('/admin'))).toEqual({ kind: 'allow' });
    expect(decideProtectedRoute(signedInAs('provider'), providerOnly, at('/provider'))).toEqual({ kind: 'allow' });
    expect(decideProtectedRoute(signedInAs('provider'), summaryLink, at('/summary/t'))).toEqual({ kind: 'allow' });
  });

  it('sends a user with another role to their own home', () => {
    expect(decideProtectedRoute(signedInAs('provider'), adminOnly, at('/admin'))).toEqual({
      kind: 'redirect',
      to: '/provider',
    });
    expect(decideProtectedRoute(signedInAs('careloop_employee'), providerOnly, at('/provider'))).toEqual({
      kind: 'redirect',
      to: '/admin',
    });
  });

  it('shows the account-pending page to a user with no group, on every protected route', () => {
    expect(decideProtectedRoute(signedInAs(null), providerOnly, at('/provider'))).toEqual({ kind: 'account-pending' });
    expect(decideProtectedRoute(signedInAs(null), adminOnly, at('/admin'))).toEqual({ kind: 'account-pending' });
  });

  it('never loops a patient between workspaces', () => {
    expect(decideProtectedRoute(signedInAs('patient'), providerOnly, at('/provider'))).toEqual({
      kind: 'no-workspace',
    });
    expect(decideProtectedRoute(signedInAs('patient'), adminOnly, at('/admin'))).toEqual({ kind: 'no-workspace' });
  });

  it('denies a summary link to a role that may not read it', () => {
    expect(decideProtectedRoute(signedInAs('patient'), summaryLink, at('/summary/t'))).toEqual({
      kind: 'access-denied',
    });
    expect(decideProtectedRoute(signedInAs(null), summaryLink, at('/summary/t'))).toEqual({ kind: 'access-denied' });
  });

  it('reports a session that could not be loaded', () => {
    expect(decideProtectedRoute({ status: 'error' }, adminOnly, at('/admin'))).toEqual({ kind: 'session-error' });
  });
});

describe('decidePublicOnlyRoute', () => {
  it('shows the page to a signed-out visitor', () => {
    expect(decidePublicOnlyRoute({ status: 'signed-out' }, '')).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user home: /admin for employees, /provider for everyone else', () => {
    expect(decidePublicOnlyRoute(signedInAs('careloop_employee'), '')).toEqual({ kind: 'redirect', to: '/admin' });
    expect(decidePublicOnlyRoute(signedInAs('provider'), '')).toEqual({ kind: 'redirect', to: '/provider' });
    expect(decidePublicOnlyRoute(signedInAs(null), '')).toEqual({ kind: 'redirect', to: '/provider' });
  });

  it('honours a safe ?redirect= and ignores an unsafe one', () => {
    expect(decidePublicOnlyRoute(signedInAs('provider'), '?redirect=/summary/abc')).toEqual({
      kind: 'redirect',
      to: '/summary/abc',
    });
    expect(decidePublicOnlyRoute(signedInAs('provider'), '?redirect=//evil.example')).toEqual({
      kind: 'redirect',
      to: '/provider',
    });
  });

  it('waits while the session loads', () => {
    expect(decidePublicOnlyRoute({ status: 'loading' }, '')).toEqual({ kind: 'loading' });
  });
});
