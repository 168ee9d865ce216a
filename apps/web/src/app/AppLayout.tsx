import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenSpinner, Spinner } from '../components/Spinner';
import { useAuth } from '../session/auth';
import { useDocumentTitle } from './documentTitle';
import { lazyWithQueries } from './lazyWithQueries';

// The shell reads through TanStack Query (its menus, the pages in it): the query client comes with it.
const Shell = lazyWithQueries(() => import('./Shell'));

/** Pages that stand alone, centred or public, with no sidebar even for a signed-in user. */
const CHROMELESS = [
  /^\/login$/,
  /^\/signup$/,
  /^\/forgot-password$/,
  /^\/reset-password\//,
  /^\/verify-email\//,
  /^\/onboarding\//,
  /^\/public(\/|$)/,
  /^\/j\//,
  /^\/shop-not-found$/,
  /^\/checkout$/,
];

export function isChromeless(pathname: string): boolean {
  return CHROMELESS.some((pattern) => pattern.test(pathname));
}

/** The one layout route: the shell for signed-in users with a workspace, bare pages otherwise. */
export function AppLayout() {
  const { signedIn, roles, activeRole } = useAuth();
  const { pathname } = useLocation();
  useDocumentTitle();
  if (!signedIn || !activeRole || isChromeless(pathname)) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Shell role={activeRole} roles={roles}>
        {/* A page chunk loading inside the shell keeps the sidebar in place. */}
        <Suspense
          fallback={
            <div className="flex justify-center py-20">
              <Spinner className="h-8 w-8 text-brand-500" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </Shell>
    </Suspense>
  );
}
