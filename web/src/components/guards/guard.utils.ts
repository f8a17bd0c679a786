import type { Role } from '../../../../shared/roles';
import { homePathFor } from '../../../../shared/roles';
import { paths } from '../../config/paths';
import { safeRedirectPath } from '../../lib/safe-redirect';
import type { SessionState } from '../../lib/session';

/** What a guard needs to know about the session, without the profile details. */
export type SessionSnapshot =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; role: Role | null } | { status: 'error' };

export function toSessionSnapshot(session: SessionState): SessionSnapshot {
  return session.status === 'signed-in' ? { status: 'signed-in', role: session.user.role } : { status: session.status };
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Signed in with no group yet (self sign-up): an operator must enable the account. */
  | { kind: 'account-pending' }
  /** Signed in with a role that has no workspace (patients reach the product through links). */
  | { kind: 'no-workspace' }
  /** Signed in, but the page is for other roles and has no home to send them to. */
  | { kind: 'access-denied' }
  | { kind: 'session-error' };

/** Roles whose home is a workspace that accepts them. */
const WORKSPACE_ROLES: readonly Role[] = ['careloop_employee', 'provider'];

export interface ProtectedRouteRule {
  roles: readonly Role[];
  /** Where a signed-out visitor goes: /login, or /login?redirect=<this page> (summary links). */
  signedOut: 'login' | 'login-and-return';
  /** On a role mismatch: the user's own home (product-rules.md "Screens"), or an access-denied message in place. */
  onMismatch: 'home' | 'deny';
}

/**
 * `earlyRole`: the role the stored ID token names, for a screen that paints before `SESSION_ROUTES.me` answers. It
 * only lets such a screen show while the profile loads; every other decision waits for the profile.
 */
export function decideProtectedRoute(
  session: SessionSnapshot,
  rule: ProtectedRouteRule,
  location: { pathname: string; search: string },
  earlyRole: Role | null = null,
): GuardDecision {
  switch (session.status) {
    case 'loading':
      return earlyRole !== null && rule.roles.includes(earlyRole) ? { kind: 'allow' } : { kind: 'loading' };
    case 'error':
      return { kind: 'session-error' };
    case 'signed-out':
      return {
        kind: 'redirect',
        to:
          rule.signedOut === 'login-and-return'
            ? paths.login.getHref(`${location.pathname}${location.search}`)
            : paths.login.getHref(),
      };
    case 'signed-in': {
      const { role } = session;
      if (role !== null && rule.roles.includes(role)) return { kind: 'allow' };
      if (rule.onMismatch === 'deny') return { kind: 'access-denied' };
      if (role === null) return { kind: 'account-pending' };
      if (!WORKSPACE_ROLES.includes(role)) return { kind: 'no-workspace' };
      return { kind: 'redirect', to: homePathFor(role) };
    }
  }
}

/** `/`, /login and /signup: a signed-in user goes to `?redirect=` when safe, else their home. */
export function decidePublicOnlyRoute(session: SessionSnapshot, search: string): GuardDecision {
  switch (session.status) {
    case 'loading':
      return { kind: 'loading' };
    case 'signed-in':
      return { kind: 'redirect', to: safeRedirectPath(search) ?? homePathFor(session.role) };
    case 'signed-out':
    case 'error':
      return { kind: 'allow' };
  }
}
