import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { PageSpinner } from '../feedback/page-spinner';
import { decidePublicOnlyRoute, toSessionSnapshot } from './guard.utils';

/** `/`, /login and /signup: only for signed-out visitors; a signed-in user is sent home. */
export function PublicOnly() {
  const session = useSession();
  const { search } = useLocation();
  const decision = decidePublicOnlyRoute(toSessionSnapshot(session), search);

  if (decision.kind === 'loading') return <PageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
