/**
 * How every guarded /api route is reached, for route-table.test.ts. A route registered without
 * an entry here fails that test, so a new route must say which kind it is:
 *
 * - `self`: any signed-in user, acting on their own account only (no shop data);
 * - `platformOwner`: the platform OWNER only (a shop owner gets 403);
 * - `shop`: shop data. `named` are calls that name shop A's objects the ways the route
 *   takes them (path id, ?shopId=, sku, …): each must answer 403 to B's owner. `smuggled`
 *   pass A's ids where the route does not read them (B's own path with A's id in the query
 *   or body, a repeated query key): any answer is fine as long as nothing of A is changed or
 *   shown. After all calls, shop A's rows and blobs must be exactly as before.
 *
 * Public routes are not listed here: they live in http/public-routes.ts; nor are a print agent's
 * own routes (DEVICE_ROUTE_PREFIX), which take its device token and no user's. A HEAD route is
 * checked with its GET's entry.
 */
import { DEFAULT_WEEKLY_HOURS } from '@counterprint/contract';
import { pngBytes } from '../support/fixtures.js';
import type { Call, World } from '../support/world.js';

export type Access =
  | { self: (w: World) => Call }
  | { platformOwner: (w: World) => Call }
  | { shop: (w: World) => { named: Call[]; smuggled?: Call[] } };

const profile = (over: Record<string, unknown> = {}) => ({
  shopName: 'Beta Secure Prints',
  username: 'beta_secure',
  shopAddress: '1 B Road',
  ...over,
});
const banner = { name: 'banners', filename: 'wide.png', data: pngBytes(60, 20) };
const item = { sku: 'INTRUDER-SKU', name: 'Intruder stock', stock: 1 };
/** A browser's subscription on a push service that can never resolve (RFC 2606), so nothing is ever sent. */
const pushSubscription = {
  endpoint: 'https://push.invalid/send/route-table',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};
const q = (w: World) => `shopId=${w.a.shop.id}`;
/** A's id where B's own shop is meant: repeated key, so a parser that keeps the last one would pick A. */
const repeated = (w: World) => `shopId=${w.b.shop.id}&shopId=${w.a.shop.id}`;

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/auth/me': { self: () => ({ method: 'GET', url: '/api/auth/me' }) },
  'PUT /api/auth/me': { self: () => ({ method: 'PUT', url: '/api/auth/me', payload: { name: 'Beta Owner' } }) },
  'GET /api/push/public-key': { self: () => ({ method: 'GET', url: '/api/push/public-key' }) },
  'GET /api/public-address': { self: () => ({ method: 'GET', url: '/api/public-address' }) },
  'GET /api/owner/overview': { platformOwner: () => ({ method: 'GET', url: '/api/owner/overview' }) },
  'GET /api/owner/feedback': { platformOwner: () => ({ method: 'GET', url: '/api/owner/feedback' }) },
  'GET /api/owner/contact-messages': { platformOwner: () => ({ method: 'GET', url: '/api/owner/contact-messages' }) },
  'GET /api/owner/checkout-requests': { platformOwner: () => ({ method: 'GET', url: '/api/owner/checkout-requests' }) },

  // Jobs: the shop in the path, or found from the job.
  'GET /api/shops/:shopId/print-jobs': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/print-jobs` }],
      smuggled: [{ method: 'GET', url: `/api/shops/${w.b.shop.id}/print-jobs?${q(w)}` }],
    }),
  },
  'GET /api/shops/:shopId/uploads-in-progress': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/uploads-in-progress` }],
      smuggled: [{ method: 'GET', url: `/api/shops/${w.b.shop.id}/uploads-in-progress?${q(w)}` }],
    }),
  },
  'DELETE /api/shops/:shopId/uploads-in-progress/:id': {
    shop: (w) => ({
      named: [{ method: 'DELETE', url: `/api/shops/${w.a.shop.id}/uploads-in-progress/${'A'.repeat(22)}` }],
      smuggled: [{ method: 'DELETE', url: `/api/shops/${w.b.shop.id}/uploads-in-progress/${'A'.repeat(22)}?${q(w)}` }],
    }),
  },
  'GET /api/shops/:shopId/upload-refusals': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/upload-refusals` }],
      smuggled: [{ method: 'GET', url: `/api/shops/${w.b.shop.id}/upload-refusals?${q(w)}` }],
    }),
  },
  // Push subscriptions: the shop in the path; the body is a well-formed subscription, so only the guard can refuse it.
  'POST /api/shops/:shopId/push-subscriptions': {
    shop: (w) => ({
      named: [{ method: 'POST', url: `/api/shops/${w.a.shop.id}/push-subscriptions`, payload: pushSubscription }],
      smuggled: [{ method: 'POST', url: `/api/shops/${w.b.shop.id}/push-subscriptions?${q(w)}`, payload: pushSubscription }],
    }),
  },
  'DELETE /api/shops/:shopId/push-subscriptions': {
    shop: (w) => ({
      named: [{ method: 'DELETE', url: `/api/shops/${w.a.shop.id}/push-subscriptions`, payload: { endpoint: pushSubscription.endpoint } }],
      smuggled: [
        { method: 'DELETE', url: `/api/shops/${w.b.shop.id}/push-subscriptions?${q(w)}`, payload: { endpoint: pushSubscription.endpoint } },
      ],
    }),
  },
  'GET /api/shops-action/print-jobs/:id/signed-urls': {
    shop: (w) => ({ named: [{ method: 'GET', url: `/api/shops-action/print-jobs/${w.queuedJobId}/signed-urls` }] }),
  },
  'GET /api/shops-action/print-jobs/:id/files': {
    shop: (w) => ({ named: [{ method: 'GET', url: `/api/shops-action/print-jobs/${w.queuedJobId}/files` }] }),
  },
  'GET /api/shops/:shopId/print-jobs/thumbnails': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/print-jobs/thumbnails?jobs=${w.queuedJobId}` }],
      // B's own shop, A's job: the job is looked for in B's shop only.
      smuggled: [{ method: 'GET', url: `/api/shops/${w.b.shop.id}/print-jobs/thumbnails?jobs=${w.queuedJobId}` }],
    }),
  },
  'POST /api/shops/print-jobs/:id/mark-printed': {
    shop: (w) => ({
      named: [
        { method: 'POST', url: `/api/shops/print-jobs/${w.queuedJobId}/mark-printed`, payload: { amount: 5, paymentMethod: 'upi' } },
        { method: 'POST', url: `/api/shops/print-jobs/${w.queuedJobId}/mark-printed`, payload: { amount: 5, serviceId: w.serviceId } },
      ],
    }),
  },
  'POST /api/shops/print-jobs/:id/back-to-queue': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/shops/print-jobs/${w.queuedJobId}/back-to-queue` }] }),
  },
  'PUT /api/shops/print-jobs/:id/options': {
    shop: (w) => ({
      named: [
        {
          method: 'PUT',
          url: `/api/shops/print-jobs/${w.queuedJobId}/options`,
          payload: { files: [{ fileId: w.queuedFileId, options: { copies: 2 } }] },
        },
      ],
    }),
  },
  'POST /api/shops/print-jobs/:id/printing': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/shops/print-jobs/${w.queuedJobId}/printing` }] }),
  },
  'DELETE /api/shops/print-jobs/:id': {
    shop: (w) => ({ named: [{ method: 'DELETE', url: `/api/shops/print-jobs/${w.queuedJobId}` }] }),
  },

  // Print agents and printers (issue 22).
  'GET /api/shops-action/print-jobs/:id/files/:fileId/print-ready': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/shops-action/print-jobs/${w.queuedJobId}/files/${w.queuedFileId}/print-ready` }],
    }),
  },
  'POST /api/shops/:shopId/devices/pairing-codes': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/shops/${w.a.shop.id}/devices/pairing-codes` }] }),
  },
  'GET /api/shops/:shopId/setup': {
    shop: (w) => ({ named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/setup` }] }),
  },
  'GET /api/shops/:shopId/printers': {
    shop: (w) => ({ named: [{ method: 'GET', url: `/api/shops/${w.a.shop.id}/printers` }] }),
  },
  'PUT /api/shops/:shopId/printers/choice': {
    shop: (w) => ({
      named: [
        {
          method: 'PUT',
          url: `/api/shops/${w.a.shop.id}/printers/choice`,
          payload: { bw: null, color: null, markPrintedOnComplete: true },
        },
      ],
    }),
  },
  'DELETE /api/shops/:shopId/devices/:deviceId': {
    shop: (w) => ({ named: [{ method: 'DELETE', url: `/api/shops/${w.a.shop.id}/devices/00000000-0000-4000-8000-000000000000` }] }),
  },
  'POST /api/shops/print-jobs/:id/send-to-printer': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/shops/print-jobs/${w.queuedJobId}/send-to-printer` }] }),
  },

  // Recycle bin: ?shopId=, or the shop found from the file.
  'GET /api/recycle': {
    shop: (w) => ({
      named: [
        { method: 'GET', url: `/api/recycle?${q(w)}` },
        { method: 'GET', url: `/api/recycle?range=7d&fileType=all&${q(w)}` },
      ],
      smuggled: [{ method: 'GET', url: `/api/recycle?${repeated(w)}` }],
    }),
  },
  'GET /api/recycle/saved': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/recycle/saved?${q(w)}` }],
      smuggled: [{ method: 'GET', url: `/api/recycle/saved?${repeated(w)}` }],
    }),
  },
  'PUT /api/recycle/:id/save': { shop: (w) => ({ named: [{ method: 'PUT', url: `/api/recycle/${w.recycledFileId}/save` }] }) },
  'PUT /api/recycle/:id/revert': {
    shop: (w) => ({
      named: [
        { method: 'PUT', url: `/api/recycle/${w.recycledFileId}/revert` },
        { method: 'PUT', url: `/api/recycle/${w.savedFileId}/revert` },
      ],
    }),
  },
  'DELETE /api/recycle/:id': {
    shop: (w) => ({
      named: [
        { method: 'DELETE', url: `/api/recycle/${w.recycledFileId}` },
        { method: 'DELETE', url: `/api/recycle/${w.savedFileId}` },
      ],
    }),
  },

  // Settings: ?shopId= (the spec's client), or the caller's only shop.
  'GET /api/settings': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/settings?${q(w)}` }],
      smuggled: [{ method: 'GET', url: `/api/settings?${repeated(w)}` }],
    }),
  },
  'PUT /api/settings/shop': {
    shop: (w) => ({
      named: [{ method: 'PUT', url: `/api/settings/shop?${q(w)}`, payload: profile() }],
      smuggled: [
        {
          method: 'PUT',
          url: '/api/settings/shop',
          payload: profile({ shopId: w.a.shop.id, id: w.a.shop.id, bannersToRemove: [w.bannerPath] }),
        },
        { method: 'PUT', url: '/api/settings/shop', payload: profile({ username: w.a.shop.slug }) },
      ],
    }),
  },
  'PUT /api/settings/shop-with-banners': {
    shop: (w) => ({
      named: [
        {
          method: 'PUT',
          url: `/api/settings/shop-with-banners?${q(w)}`,
          parts: [{ name: 'profile', value: JSON.stringify(profile()) }, banner],
        },
      ],
      smuggled: [
        {
          method: 'PUT',
          url: '/api/settings/shop-with-banners',
          parts: [
            { name: 'profile', value: JSON.stringify(profile({ shopId: w.a.shop.id, bannersToRemove: [w.bannerPath, w.bannerId] })) },
          ],
        },
      ],
    }),
  },
  'PUT /api/settings/hours': {
    shop: (w) => ({
      named: [
        { method: 'PUT', url: `/api/settings/hours?${q(w)}`, payload: { timeZone: 'Europe/London', weeklyHours: DEFAULT_WEEKLY_HOURS } },
      ],
      smuggled: [
        {
          method: 'PUT',
          url: `/api/settings/hours?${repeated(w)}`,
          payload: { timeZone: 'Europe/London', weeklyHours: DEFAULT_WEEKLY_HOURS },
        },
        {
          method: 'PUT',
          url: '/api/settings/hours',
          payload: { shopId: w.a.shop.id, timeZone: 'Europe/London', weeklyHours: DEFAULT_WEEKLY_HOURS },
        },
      ],
    }),
  },
  'PUT /api/settings/closed-today': {
    shop: (w) => ({
      named: [{ method: 'PUT', url: `/api/settings/closed-today?${q(w)}`, payload: { closedToday: true } }],
      smuggled: [
        { method: 'PUT', url: `/api/settings/closed-today?${repeated(w)}`, payload: { closedToday: true } },
        { method: 'PUT', url: '/api/settings/closed-today', payload: { shopId: w.a.shop.id, closedToday: true } },
      ],
    }),
  },
  'POST /api/settings/banners/upload': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/settings/banners/upload?${q(w)}`, parts: [banner] }] }),
  },
  'DELETE /api/settings/banners': {
    shop: (w) => ({
      named: [{ method: 'DELETE', url: `/api/settings/banners?${q(w)}`, payload: { bannerGcsPaths: [w.bannerPath] } }],
      smuggled: [
        { method: 'DELETE', url: '/api/settings/banners', payload: { bannerGcsPaths: [w.bannerPath] } },
        { method: 'DELETE', url: '/api/settings/banners', payload: [w.bannerId] },
      ],
    }),
  },
  'GET /api/settings/username-check': {
    shop: (w) => ({
      named: [
        { method: 'GET', url: `/api/settings/username-check?username=somename&${q(w)}` },
        // The spec's client's malformed form: the shop id arrives inside `username`.
        { method: 'GET', url: `/api/settings/username-check?username=somename?${q(w)}` },
      ],
    }),
  },
  'POST /api/settings/inventory': {
    shop: (w) => ({
      named: [{ method: 'POST', url: `/api/settings/inventory?${q(w)}`, payload: item }],
      smuggled: [{ method: 'POST', url: '/api/settings/inventory', payload: { ...item, sku: 'INTRUDER-2', shopId: w.a.shop.id } }],
    }),
  },
  'PUT /api/settings/inventory/:sku': {
    shop: (w) => ({
      named: [
        { method: 'PUT', url: `/api/settings/inventory/${w.sku}?${q(w)}`, payload: { stock: 0 } },
        { method: 'PUT', url: `/api/settings/inventory/A4-70GSM?${q(w)}`, payload: { stock: 0 } },
      ],
      smuggled: [{ method: 'PUT', url: `/api/settings/inventory/${w.sku}`, payload: { stock: 0, shopId: w.a.shop.id } }],
    }),
  },
  'DELETE /api/settings/inventory/:sku': {
    shop: (w) => ({
      named: [{ method: 'DELETE', url: `/api/settings/inventory/${w.sku}?${q(w)}` }],
      smuggled: [{ method: 'DELETE', url: `/api/settings/inventory/${w.sku}` }],
    }),
  },
  'PUT /api/settings/ratecard': {
    shop: (w) => ({
      named: [{ method: 'PUT', url: `/api/settings/ratecard?${q(w)}`, payload: [{ serviceName: 'Intruder', basePrice: 1 }] }],
      // A's service id in B's own rate card must not take over A's row.
      smuggled: [{ method: 'PUT', url: '/api/settings/ratecard', payload: [{ id: w.serviceId, serviceName: 'Hijack', basePrice: 0 }] }],
    }),
  },

  // Customers: ?shopId= for lists and creation, the shop found from the customer otherwise.
  'GET /api/customers': {
    shop: (w) => ({
      named: [
        { method: 'GET', url: `/api/customers?${q(w)}` },
        { method: 'GET', url: `/api/customers?query=Asha&${q(w)}` },
      ],
      smuggled: [
        { method: 'GET', url: `/api/customers?${repeated(w)}` },
        { method: 'GET', url: '/api/customers?query=Asha' },
      ],
    }),
  },
  'POST /api/customers': {
    shop: (w) => ({
      named: [{ method: 'POST', url: `/api/customers?${q(w)}`, payload: { name: 'Intruder' } }],
      smuggled: [{ method: 'POST', url: '/api/customers', payload: { name: 'Intruder', shopId: w.a.shop.id, phone: '+919800000002' } }],
    }),
  },
  'GET /api/customers/:id': { shop: (w) => ({ named: [{ method: 'GET', url: `/api/customers/${w.customerId}` }] }) },
  'PUT /api/customers/:id': {
    shop: (w) => ({ named: [{ method: 'PUT', url: `/api/customers/${w.customerId}`, payload: { name: 'Renamed', shopId: w.b.shop.id } }] }),
  },
  'DELETE /api/customers/:id': { shop: (w) => ({ named: [{ method: 'DELETE', url: `/api/customers/${w.customerId}` }] }) },

  // Earnings and analytics: ?shopId=; without it they cover the caller's own shops only.
  'GET /api/earnings': {
    shop: (w) => ({
      named: [
        { method: 'GET', url: `/api/earnings?${q(w)}` },
        { method: 'GET', url: `/api/earnings?range=90d&paymentMethod=cash&${q(w)}` },
      ],
      smuggled: [
        { method: 'GET', url: `/api/earnings?${repeated(w)}` },
        { method: 'GET', url: '/api/earnings?range=90d' },
      ],
    }),
  },
  'POST /api/earnings/orders/:id/refund': {
    shop: (w) => ({ named: [{ method: 'POST', url: `/api/earnings/orders/${w.orderId}/refund` }] }),
  },
  'GET /api/analytics': {
    shop: (w) => ({
      named: [{ method: 'GET', url: `/api/analytics?${q(w)}` }],
      smuggled: [
        { method: 'GET', url: `/api/analytics?${repeated(w)}` },
        { method: 'GET', url: '/api/analytics' },
        // Platform-wide figures are the platform owner's: a shop owner asking for them sees nothing of A's.
        { method: 'GET', url: '/api/analytics?scope=platform' },
      ],
    }),
  },
  'POST /api/analytics/restock': {
    shop: (w) => ({
      named: [{ method: 'POST', url: `/api/analytics/restock?${q(w)}&sku=${w.sku}&addSheets=10` }],
      smuggled: [{ method: 'POST', url: `/api/analytics/restock?sku=${w.sku}&addSheets=10&userId=${w.a.shop.id}` }],
    }),
  },

  // Stored for the platform owner; the caller writes only their own entry.
  'POST /api/feature/feedback/analytics': {
    self: () => ({ method: 'POST', url: '/api/feature/feedback/analytics', payload: { feature: 'analytics', wantFeature: true } }),
  },
  'POST /api/checkout/requests': {
    self: () => ({
      method: 'POST',
      url: '/api/checkout/requests',
      payload: { plan: 'premium', billing: 'monthly', name: 'Beta Owner', email: 'sec-b@example.com' },
    }),
  },
};
