/**
 * Every API route that answers without a bearer token (docs/product/rules.md#paths-and-calls).
 * The auth hook and the route-table test both read this list: a route missing from it
 * requires a token.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/reset-password-send-email',
  'POST /api/forgotPassword/changePassword',
  'POST /api/public/onboarding-shops/create',
  'GET /api/public/shops/:slug/details',
  'POST /api/public/shops/:slug/visits',
  'POST /api/public/shops/:slug/jobs',
  'GET /api/public/jobs/:token',
  'GET /api/public/jobs/:token/receipt',
  'GET /api/public/shops/:slug/banners/:bannerId',
  'GET /api/qr/generate/:slug',
  'GET /api/qr/poster/:slug',
  'POST /api/contact',
]);

export const routeId = (method: string, url: string) => `${method} ${url}`;
