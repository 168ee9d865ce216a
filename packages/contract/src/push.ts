import { z } from 'zod';

/** Web Push to staff devices (docs/decisions/044-web-push-for-new-jobs.md). */
export const PUSH_MESSAGES = {
  off: 'Notifications to devices are not set up on this server.',
  endpoint: 'endpoint must be the https address the browser gave',
  endpointHost: 'endpoint must be a push service on the internet',
  p256dh: "p256dh must be the browser's P-256 public key (87 base64url characters)",
  auth: "auth must be the browser's 16-byte secret (22 base64url characters)",
} as const;

/** Long enough for every push service's addresses (FCM, Mozilla, Apple, Windows), short enough to bound a row. */
export const PUSH_ENDPOINT_MAX = 1024;

const ZEndpoint = z
  .string({ error: 'endpoint is required' })
  .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine((v) => /^https?:\/\/[^\s/?#]+\/\S*$/.test(v), PUSH_MESSAGES.endpoint);

/** GET /api/push/public-key: the server's VAPID key, for `pushManager.subscribe({ applicationServerKey })`. */
export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

/**
 * POST /api/shops/:shopId/push-subscriptions: the browser's `PushSubscription.toJSON()` as it is.
 * p256dh is an uncompressed point (65 bytes, first byte 4, so its text starts with B); auth is 16 bytes.
 */
export const ZPushSubscription = z.object({
  endpoint: ZEndpoint,
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_MESSAGES.p256dh }).regex(/^B[A-Za-z0-9_-]{86}=?$/, PUSH_MESSAGES.p256dh),
      auth: z.string({ error: PUSH_MESSAGES.auth }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.auth),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** DELETE /api/shops/:shopId/push-subscriptions: this device's endpoint stops hearing of the shop's jobs. */
export const ZPushUnsubscribe = z.object({ endpoint: ZEndpoint });
export type TPushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

/** What the service worker (apps/web/public/sw.js) receives, encrypted end to end (RFC 8291). */
export const ZPushJobMessage = z.object({
  kind: z.literal('job'),
  jobId: z.string(),
  number: z.number(),
  customer: z.string(),
  files: z.number(),
  /** Where a click on the notification goes. */
  url: z.string(),
});
export type TPushJobMessage = z.infer<typeof ZPushJobMessage>;
