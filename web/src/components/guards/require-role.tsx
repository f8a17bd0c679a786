import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import type { Role } from '../../../../shared/roles';
import { useSession } from '../../lib/session';
import { useEarlyIdentity } from '../../lib/services';
import { AccessDeniedPage } from '../feedback/access-denied-page';
import { AccountPendingPage } from '../feedback/account-pending-page';
import { NoWorkspacePage } from '../feedback/no-workspace-page';
import { PageSpinner } from '../feedback/page-spinner';
import { SessionErrorPage } from '../feedback/session-error-page';
import { decideProtectedRoute, toSessionSnapshot, type ProtectedRouteRule } from './guard.utils';

export interface RequireRoleProps {
  roles: readonly Role[];
  signedOut?: ProtectedRouteRule['signedOut'];
  onMismatch?: ProtectedRouteRule['onMismatch'];
  /** Text of the access-denied message when `onMismatch` is 'deny'. */
  deniedMessage?: string;
  /** Defaults to the nested routes (`<Outlet />`), so it can wrap a group of routes. */
  children?: ReactNode;
}

/** A guarded route's `handle`. */
export interface GuardedRouteHandle {
  /**
   * The screen paints while `SESSION_ROUTES.me` loads when the stored ID token names an accepted role (its
   * frame, and its data requests start): it must render without the profile until it comes.
   */
  paintsEarly?: boolean;
}

/** Renders its routes only for the given roles; see `decideProtectedRoute` for everyone else. */
export function RequireRole({
  roles,
  signedOut = 'login',
  onMismatch = 'home',
  deniedMessage,
  children,
}: RequireRoleProps) {
  const session = useSession();
  const location = useLocation();
  const early = useEarlyIdentity();
  const paintsEarly = useMatches().some((match) => (match.handle as GuardedRouteHandle | undefined)?.paintsEarly);
  const decision = decideProtectedRoute(
    toSessionSnapshot(session),
    { roles, signedOut, onMismatch },
    location,
    paintsEarly ? early?.role : null,
  );

  switch (decision.kind) {
    case 'loading':
      // A screen's height: the footer stays below the fold instead of jumping down when the screen comes.
      return (
        <Box mih="100dvh">
          <PageSpinner />
        </Box>
      );
    case 'allow':
      return children ?? <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'account-pending':
      return <AccountPendingPage />;
    case 'no-workspace':
      return <NoWorkspacePage />;
    case 'access-denied':
      return <AccessDeniedPage message={deniedMessage} />;
    case 'session-error':
      return <SessionErrorPage />;
  }
}
