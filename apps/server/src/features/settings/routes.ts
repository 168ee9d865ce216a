import {
  ZClosedTodayUpdate,
  ZInventoryCreate,
  ZInventoryItem,
  ZInventoryUpdate,
  ZOk,
  ZRateCardSave,
  ZRateCardService,
  ZRemoveBannersRequest,
  ZSettings,
  ZShopHours,
  ZShopHoursUpdate,
  ZShopProfile,
  ZShopProfileUpdate,
  ZShopScopeQuery,
  ZSkuParams,
  ZUsernameCheck,
  ZUsernameCheckQuery,
} from '@counterprint/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { CatalogService } from './catalog.js';
import type { HoursService } from './hours.js';
import type { SettingsService } from './service.js';

export type SettingsRouteDeps = { settings: SettingsService; catalog: CatalogService; hours: HoursService; limiter: RateLimiter };

/** The settings calls. Every call names a shop the user owns (or means their only one). */
export async function settingsRoutes(app: FastifyInstance, deps: SettingsRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings, catalog, hours } = deps;
  const checked = { attachValidation: true, preHandler: verbatimValidation };
  const shopOf = (req: FastifyRequest) => settings.shopOf(currentUser(req), (req.query as { shopId?: string }).shopId);

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
    async (req) => settings.saveProfileWithBanners(await shopOf(req), req),
  );

  r.post(
    '/api/settings/banners/upload',
    { config: { upload: true }, schema: { querystring: ZShopScopeQuery, response: { 200: ZShopProfile } } },
    async (req) => settings.uploadBanners(await shopOf(req), req),
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
      await deps.limiter.hit(...policies.usernameCheck(user.id));
      return settings.usernameCheck(user, req.query.username ?? '', req.query.shopId);
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
