import {
  MAX_SETTINGS_BANNERS,
  SETTINGS_MESSAGES,
  USERNAME_MIN,
  USERNAME_PATTERN,
  ZInventoryCreate,
  ZInventoryItem,
  ZInventoryUpdate,
  ZClosedTodayUpdate,
  ZOk,
  ZOptionalShopId,
  ZRateCardSave,
  ZRateCardService,
  ZRemoveBannersRequest,
  ZSettings,
  ZShopProfile,
  ZShopHours,
  ZShopHoursUpdate,
  ZShopProfileUpdate,
  ZShopScopeQuery,
  ZSkuParams,
  ZUsernameCheck,
  ZUsernameCheckQuery,
} from '@counterprint/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthUser, currentUser } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { MINUTE, type RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type AccountLimits, bannerQuotaFull } from '../shops/account-limits.js';
import { discardBanners } from '../shops/banner-form.js';
import { CatalogService } from './catalog.js';
import { HoursService } from './hours.js';
import { parseProfile, readBannerUpload } from './multipart.js';
import { resolveShopId, shopsOfUser } from './scope.js';
import { SettingsService, tooManyBanners } from './service.js';
import { verbatimValidation } from './validation.js';

/** The settings calls (docs/product/routes.md#settings). Every call names a shop the user owns (or means their only one). */
export async function settingsRoutes(
  app: FastifyInstance,
  deps: { db: Db; blobs: BlobStore; limiter: RateLimiter; accountLimits: AccountLimits; clock: Clock },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, blobs } = deps;
  const settings = new SettingsService({ db, blobs, limits: deps.accountLimits });
  const quota = deps.accountLimits.bannerQuota;
  const catalog = new CatalogService(db);
  const hours = new HoursService({ db, clock: deps.clock });
  const checked = { attachValidation: true, preHandler: verbatimValidation };
  const shopOf = (req: FastifyRequest) => resolveShopId(db, currentUser(req), (req.query as { shopId?: string }).shopId);

  r.get('/api/settings', { schema: { querystring: ZShopScopeQuery, response: { 200: ZSettings } } }, async (req) => {
    const shopId = await shopOf(req);
    const [rest, shopHours] = await Promise.all([settings.settings(shopId), hours.hours(shopId)]);
    return { ...rest, hours: shopHours };
  });

  r.put(
    '/api/settings/hours',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZShopHoursUpdate, response: { 200: ZShopHours } } },
    async (req) => hours.saveHours(await shopOf(req), req.body),
  );

  r.put(
    '/api/settings/closed-today',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZClosedTodayUpdate, response: { 200: ZShopHours } } },
    async (req) => hours.setClosedToday(await shopOf(req), req.body.closedToday),
  );

  r.put(
    '/api/settings/shop',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZShopProfileUpdate, response: { 200: ZShopProfile } } },
    async (req) => settings.saveProfile(await shopOf(req), req.body),
  );

  r.put(
    '/api/settings/shop-with-banners',
    { config: { upload: true }, schema: { querystring: ZShopScopeQuery, response: { 200: ZShopProfile } } },
    async (req) => {
      const shopId = await shopOf(req);
      const existing = await settings.bannerCount(shopId);
      // Removals in the profile may make room, so the count of 10 is settled inside the save.
      const bytesLeft = await settings.bannerBytesLeft(shopId);
      const upload = await readBannerUpload(req, blobs, shopId, { existing, room: MAX_SETTINGS_BANNERS, bytesLeft, quota });
      let profile: ReturnType<typeof parseProfile>;
      try {
        profile = parseProfile(upload.profileJson);
      } catch (err) {
        await discardBanners(blobs, upload.stored);
        throw err;
      }
      return settings.saveProfile(shopId, profile, upload.stored);
    },
  );

  r.post(
    '/api/settings/banners/upload',
    { config: { upload: true }, schema: { querystring: ZShopScopeQuery, response: { 200: ZShopProfile } } },
    async (req) => {
      const shopId = await shopOf(req);
      const existing = await settings.bannerCount(shopId);
      if (existing >= MAX_SETTINGS_BANNERS) throw tooManyBanners(existing);
      const bytesLeft = await settings.bannerBytesLeft(shopId);
      if (bytesLeft === 0) throw bannerQuotaFull(quota);
      const upload = await readBannerUpload(req, blobs, shopId, { existing, room: MAX_SETTINGS_BANNERS - existing, bytesLeft, quota });
      return settings.addBanners(shopId, upload.stored);
    },
  );

  r.delete(
    '/api/settings/banners',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZRemoveBannersRequest, response: { 200: ZShopProfile } } },
    async (req) => settings.removeBanners(await shopOf(req), req.body),
  );

  r.get(
    '/api/settings/username-check',
    { ...checked, schema: { querystring: ZUsernameCheckQuery, response: { 200: ZUsernameCheck } } },
    async (req) => {
      const user = currentUser(req);
      await deps.limiter.hit({ key: `username-check:${user.id}`, max: 60, windowMs: MINUTE });
      const { username, shopId } = splitMalformedQuery(req.query.username ?? '', req.query.shopId);
      if (username.length < USERNAME_MIN) throw badRequest(SETTINGS_MESSAGES.usernameRequired);
      if (!USERNAME_PATTERN.test(username)) throw badRequest(SETTINGS_MESSAGES.usernamePattern);
      // The user's own shop keeps its username: that is "available" to it.
      const own = shopId ? await resolveShopId(db, user, shopId) : await onlyShopOf(db, user);
      return { available: await settings.usernameAvailable(username, own) };
    },
  );

  r.post(
    '/api/settings/inventory',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZInventoryCreate, response: { 201: ZInventoryItem } } },
    async (req, reply) => reply.status(201).send(await catalog.addItem(await shopOf(req), req.body)),
  );

  r.put(
    '/api/settings/inventory/:sku',
    { ...checked, schema: { params: ZSkuParams, querystring: ZShopScopeQuery, body: ZInventoryUpdate, response: { 200: ZInventoryItem } } },
    async (req) => catalog.updateItem(await shopOf(req), req.params.sku, req.body),
  );

  r.delete(
    '/api/settings/inventory/:sku',
    { schema: { params: ZSkuParams, querystring: ZShopScopeQuery, response: { 200: ZOk } } },
    async (req) => {
      await catalog.deleteItem(await shopOf(req), req.params.sku);
      return { ok: true as const };
    },
  );

  r.put(
    '/api/settings/ratecard',
    { ...checked, schema: { querystring: ZShopScopeQuery, body: ZRateCardSave, response: { 200: z.array(ZRateCardService) } } },
    async (req) => catalog.saveRateCard(await shopOf(req), req.body),
  );
}

/**
 * The spec's client appends the shop id with a second question mark: `?username=foo?shopId=<id>`, which
 * arrives as username `foo?shopId=<id>`. Both forms are answered.
 */
export function splitMalformedQuery(raw: string, shopId: string | undefined): { username: string; shopId: string | undefined } {
  const [name = '', rest] = raw.split(/\?(.*)/s, 2);
  let id = shopId;
  if (rest !== undefined && !id) {
    const parsed = ZOptionalShopId.safeParse(new URLSearchParams(rest).get('shopId') ?? undefined);
    if (!parsed.success) throw badRequest('shopId must be a shop id');
    id = parsed.data;
  }
  return { username: name.trim().toLowerCase(), shopId: id };
}

async function onlyShopOf(db: Db, user: AuthUser): Promise<string | undefined> {
  const owned = await shopsOfUser(db, user.id);
  return owned.length === 1 ? owned[0]!.id : undefined;
}

