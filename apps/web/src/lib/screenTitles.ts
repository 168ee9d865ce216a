// No React or router here: the queue's title counter (features/jobs) reads it without pulling the
// router into its chunk.

const APP = 'Counterprint';

/**
 * Tab titles of the app's own screens (every staff tab read 'Counterprint'). Public pages
 * and a shop's upload page name their tab themselves (PublicLayout, ShopPublicPage), so they are
 * not listed and this hook leaves them alone.
 */
const TITLES: [RegExp, string][] = [
  [/^\/shop-dashboard$/, 'Shop dashboard'],
  [/^\/printJob$/, 'Print'],
  [/^\/analytics$/, 'Analytics'],
  [/^\/customers$/, 'Customers'],
  [/^\/revenue$/, 'Earnings'],
  [/^\/settings$/, 'Settings'],
  [/^\/recycle$/, 'Recycle bin'],
  [/^\/owner-dashboard$/, 'Owner dashboard'],
  [/^\/user-dashboard$/, 'Dashboard'],
  [/^\/user-dashboard\/customers$/, 'My orders'],
  [/^\/user-dashboard\/recycle$/, 'My files'],
  [/^\/profile$/, 'My profile'],
  [/^\/onboarding\/shop$/, 'Create your shop'],
  [/^\/login$/, 'Sign in'],
  [/^\/signup$/, 'Create an account'],
  [/^\/forgot-password$/, 'Forgot password'],
  [/^\/reset-password\//, 'Reset password'],
  [/^\/verify-email\//, 'Verify email'],
  [/^\/checkout$/, 'Checkout'],
  [/^\/shop-not-found$/, 'Shop not found'],
];

/** 'Print — Counterprint' for /printJob; null for a path that names its own tab. */
export function titleFor(pathname: string): string | null {
  const page = TITLES.find(([pattern]) => pattern.test(pathname))?.[1];
  return page ? `${page} — ${APP}` : null;
}
