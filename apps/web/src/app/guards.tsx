import type { TRole } from '@counterprint/contract';
import { lazy } from 'react';
import { Navigate, Outlet } from 'react-router';
import { SESSION_EXPIRED_URL } from '../api/client';
import { SESSION, SESSION_EXPIRED_REASON } from '../api/storage';
import { useAuth } from '../session/auth';
import { roleHome } from '../session/roles';

const NotFoundPage = lazy(() => import('../features/public-site/NotFoundPage'));

/** Where a signed-out visitor of a protected page goes; an ended session says so on arrival. */
function loginPath(): string {
  return sessionStorage.getItem(SESSION.logoutReason) === SESSION_EXPIRED_REASON ? SESSION_EXPIRED_URL : '/login';
}

/** Route-table guard: the active role must be one of `allow`; otherwise go home or sign in. */
export function RequireRole({ allow }: { allow: TRole[] }) {
  const { signedIn, activeRole } = useAuth();
  if (!signedIn) return <Navigate to={loginPath()} replace />;
  if (!activeRole) return <Navigate to="/login" replace />;
  if (!allow.includes(activeRole)) return <Navigate to={roleHome(activeRole)} replace />;
  return <Outlet />;
}

/** `/`: the role home when signed in (docs/product/routes.md#role-homes-and-unknown-paths); for visitors it is an unknown path. */
export function HomeRedirect() {
  const { signedIn, activeRole } = useAuth();
  if (signedIn && activeRole) return <Navigate to={roleHome(activeRole)} replace />;
  return <Navigate to={signedIn ? '/login' : '/public/home'} replace />;
}

/** docs/product/routes.md#role-homes-and-unknown-paths: visitors go to the home page, signed-in users see 'Page Not Found'. */
export function UnknownPath() {
  const { signedIn } = useAuth();
  return signedIn ? <NotFoundPage /> : <Navigate to="/public/home" replace />;
}
