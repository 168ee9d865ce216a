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
  'POST /api/public/shops/:slug/uploads',
  'OPTIONS /api/public/shops/:slug/uploads',
  'PATCH /api/public/shops/:slug/uploads/:id',
  'HEAD /api/public/shops/:slug/uploads/:id',
  'DELETE /api/public/shops/:slug/uploads/:id',
  'GET /api/public/jobs/:token',
  'GET /api/public/jobs/:token/receipt',
  'GET /api/public/jobs/:token/events',
  'GET /api/public/jobs/:token/upi-qr.svg',
  'PUT /api/public/jobs/:token/options',
  'POST /api/public/jobs/:token/files',
  'POST /api/public/jobs/:token/cancel',
  'POST /api/public/jobs/:token/paid',
  'DELETE /api/public/jobs/:token/files',
  'GET /api/public/shops/:slug/banners/:bannerId',
  'GET /api/qr/generate/:slug',
  'GET /api/qr/poster/:slug',
  'POST /api/contact',
  'POST /api/devices/pair',
  'GET /api/public/agent',
  'GET /api/public/agent/windows',
]);

/** A print agent's own calls (issue 22): its device token is checked by features/printers, never a user's JWT. */
export const DEVICE_ROUTE_PREFIX = '/api/devices/me/';

export const routeId = (method: string, url: string) => `${method} ${url}`;
