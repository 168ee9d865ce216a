import { z } from 'zod';
import { ZShopHours } from './hours.js';
import { UPI_VPA_MESSAGE, UPI_VPA_PATTERN } from './job-status.js';
import { ZRateCardPrintAttributes, ZRateCardPrintAttributesInput } from './print-order.js';
import { DEFAULT_SHOP_HOURS, PHONE_PATTERN, RATE_CARD_UNITS, ZShopCategory } from './shops.js';
import { clearableText } from './text.js';

/** The settings screen's rules and choices (docs/product/screens.md#settings, docs/product/rules.md#constants). */
export const SHOP_TYPES = ['Retail', 'Wholesale', 'Franchise', 'Online'] as const;
export const INTEGRATIONS = ['online_payments', 'gst_inclusive'] as const;
export const INVENTORY_UNITS = ['pcs', 'kg', 'l', 'm'] as const;
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
export const DEFAULT_SHEETS_PER_REAM = 500;
export const PAPER_CATEGORY = 'paper';
export const SHOP_NAME_MIN = 2;
export const USERNAME_MIN = 3;
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;
export const SETTINGS_MESSAGES = {
  shopNameRequired: 'Shop name is required',
  usernameRequired: 'Please choose a username (3+ chars)',
  usernamePattern: 'username may contain letters, numbers and underscores only',
  usernameTaken: 'That username is already taken',
  rateCardEmpty: 'Please add at least one service before saving.',
  noShop: 'No shop yet',
  shopIdRequired: 'shopId is required',
} as const;

/** A blank query value ('') counts as absent, as the spec's client sends `shopId=` when it has none. */
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const ZOptionalShopId = z.preprocess(blankAsUndefined, z.uuid({ error: 'shopId must be a shop id' }).optional());
export const ZShopScopeQuery = z.object({ shopId: ZOptionalShopId });

const clearablePhone = (field: string) =>
  clearableText(field, 20).refine((v) => !v || PHONE_PATTERN.test(v), `${field} must be a phone number`);

/** The numbers of the spec's forms arrive as numbers or numeric strings; blank means "not given". */
export const numberish = (field: string, message = `${field} must be a number`) =>
  z.preprocess(
    (v) => (v === null || blankAsUndefined(v) === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).optional(),
  );

export const ZShopProfile = z.object({
  id: z.string(),
  slug: z.string(),
  shopName: z.string(),
  ownerName: z.string().nullable(),
  shopAddress: z.string(),
  shopContactNumber: z.string().nullable(),
  shopContactNumberAlternate: z.string().nullable(),
  gstNumber: z.string().nullable(),
  shopType: z.string().nullable(),
  username: z.string().nullable(),
  integrations: z.array(z.enum(INTEGRATIONS)),
  /** Banner image URLs (the spec's name); each ends in the banner's id. */
  bannerGcsPaths: z.array(z.string()),
  tagline: z.string().nullable(),
  category: z.string(),
  primaryColor: z.string(),
  pan: z.string().nullable(),
  hours: z.string(),
  whatsapp: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** Shown on the public shop page; none until the owner sets one. */
  publicEmail: z.string().nullable(),
  /** Issue 19: pages are classed colour or grey, and customers may choose `auto` colour. */
  colorDetection: z.boolean(),
  /** Issue 20: the shop's own UPI ID (VPA) and payee name; customers pay it directly, no gateway. */
  upiId: z.string().nullable(),
  upiPayeeName: z.string().nullable(),
});
export type TShopProfile = z.infer<typeof ZShopProfile>;

/** PUT /api/settings/shop (and the `profile` part): a field left out stays as it is. */
export const ZShopProfileUpdate = z.object({
  shopName: z
    .string({ error: SETTINGS_MESSAGES.shopNameRequired })
    .trim()
    .min(SHOP_NAME_MIN, SETTINGS_MESSAGES.shopNameRequired)
    .max(100, 'shopName must be at most 100 characters'),
  username: z
    .string({ error: SETTINGS_MESSAGES.usernameRequired })
    .trim()
    .toLowerCase()
    .min(USERNAME_MIN, SETTINGS_MESSAGES.usernameRequired)
    .max(40, 'username must be at most 40 characters')
    .regex(USERNAME_PATTERN, SETTINGS_MESSAGES.usernamePattern),
  ownerName: clearableText('ownerName', 100),
  shopAddress: z
    .string({ error: 'shopAddress must be text' })
    .trim()
    .min(1, 'shopAddress is required')
    .max(300, 'shopAddress must be at most 300 characters')
    .optional(),
  shopContactNumber: clearablePhone('shopContactNumber'),
  shopContactNumberAlternate: clearablePhone('shopContactNumberAlternate'),
  whatsapp: clearablePhone('whatsapp'),
  publicEmail: clearableText('publicEmail', 254).refine(
    (v) => !v || z.email().safeParse(v).success,
    'publicEmail must be an e-mail address',
  ),
  gstNumber: clearableText('gstNumber', 15)
    .refine((v) => !v || /^[0-9A-Z]{15}$/i.test(v), 'gstNumber must be 15 letters and digits')
    .transform((v) => v?.toUpperCase() ?? v),
  pan: clearableText('pan', 10)
    .refine((v) => !v || /^[A-Z]{5}[0-9]{4}[A-Z]$/i.test(v), 'pan must look like ABCDE1234F')
    .transform((v) => v?.toUpperCase() ?? v),
  shopType: z.preprocess(blankAsUndefined, z.enum(SHOP_TYPES, { error: `shopType must be one of: ${SHOP_TYPES.join(', ')}` }).nullish()),
  tagline: clearableText('tagline', 120),
  category: ZShopCategory.optional(),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'primaryColor must be a colour like #06b6d4')
    .optional(),
  hours: clearableText('hours', 60).transform((v) => (v === null ? DEFAULT_SHOP_HOURS : v)),
  enableOnlinePayments: z.boolean({ error: 'enableOnlinePayments must be true or false' }).optional(),
  enableGstInclusive: z.boolean({ error: 'enableGstInclusive must be true or false' }).optional(),
  colorDetection: z.boolean({ error: 'colorDetection must be true or false' }).optional(),
  upiId: clearableText('upiId', 320)
    .refine((v) => !v || UPI_VPA_PATTERN.test(v), UPI_VPA_MESSAGE)
    .transform((v) => v?.toLowerCase() ?? v),
  /** The name a customer's UPI app shows; the shop's name when left empty. */
  upiPayeeName: clearableText('upiPayeeName', 100),
  integrations: z.array(z.string()).max(10).optional(),
  bannersToRemove: z.array(z.string().max(500)).max(50, 'bannersToRemove lists too many banners').optional(),
});
export type TShopProfileUpdate = z.input<typeof ZShopProfileUpdate>;

/** Unwraps a body sent either as a bare list or as an object holding the list under one of `keys`. */
const listIn = (keys: string[]) => (v: unknown) => {
  if (Array.isArray(v) || !v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return keys.map((k) => o[k]).find((x) => x !== undefined);
};

/** DELETE /api/settings/banners: `{bannerGcsPaths}`, `{paths}` or a bare list of banner URLs (or ids). */
export const ZRemoveBannersRequest = z.preprocess(
  listIn(['bannerGcsPaths', 'paths', 'bannersToRemove']),
  z.array(z.string().max(500), { error: 'body must list the banners to remove as bannerGcsPaths' }).max(50, 'too many banners in one call'),
);

export const ZUsernameCheckQuery = z.object({ username: z.string().max(200).optional(), shopId: ZOptionalShopId });
export const ZUsernameCheck = z.object({ available: z.boolean() });

export const ZInventoryItem = z.object({
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  /** rupees */
  price: z.number(),
  /** paper counts stock in sheets */
  stock: z.number().int(),
  lowStockThreshold: z.number().int(),
  unit: z.enum(INVENTORY_UNITS),
  description: z.string().nullable(),
  sheetsPerReam: z.number().int().nullable(),
});
export type TInventoryItem = z.infer<typeof ZInventoryItem>;

const wholeOrNone = (v: number | undefined) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 100_000_000);
const price = numberish('price').refine((v) => v === undefined || (v >= 0 && v <= 10_000_000), 'price must be 0 or more');
const stock = numberish('stock').refine(wholeOrNone, 'stock must be a whole number, 0 or more');
const thresholdMessage = 'lowStockThreshold must be a whole number, 0 or more';
/** docs/product/screens.md#settings: a threshold of 0 or blank becomes 10. */
const threshold = numberish('lowStockThreshold')
  .refine(wholeOrNone, thresholdMessage)
  .transform((v) => v || DEFAULT_LOW_STOCK_THRESHOLD);
const thresholdUpdate = numberish('lowStockThreshold')
  .refine(wholeOrNone, thresholdMessage)
  .transform((v) => (v === undefined ? undefined : v || DEFAULT_LOW_STOCK_THRESHOLD));
const sheetsPerReam = numberish('sheetsPerReam').refine(
  (v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= 100_000),
  'sheetsPerReam must be a whole number, 1 or more',
);
const unit = z.preprocess(
  blankAsUndefined,
  z.enum(INVENTORY_UNITS, { error: `unit must be one of: ${INVENTORY_UNITS.join(', ')}` }).optional(),
);
const itemText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const ZInventoryCreate = z.object({
  sku: itemText('sku', 64).refine((v) => !v.includes('/'), 'sku must not contain /'),
  name: itemText('name', 120),
  category: z.string().trim().max(60, 'category must be at most 60 characters').optional(),
  price,
  stock,
  lowStockThreshold: threshold,
  unit,
  description: clearableText('description', 500),
  sheetsPerReam,
});
export type TInventoryCreate = z.input<typeof ZInventoryCreate>;

/** PUT /api/settings/inventory/{sku}: partial (the spec's client sends only stock). */
export const ZInventoryUpdate = z.object({
  name: itemText('name', 120).optional(),
  category: ZInventoryCreate.shape.category,
  price,
  stock,
  lowStockThreshold: thresholdUpdate,
  unit,
  description: clearableText('description', 500),
  sheetsPerReam,
});
export type TInventoryUpdate = z.input<typeof ZInventoryUpdate>;
export const ZSkuParams = z.object({ sku: z.string().min(1).max(64) });

export const ZRateCardService = z.object({
  id: z.string(),
  serviceName: z.string(),
  /** rupees */
  basePrice: z.number(),
  unit: z.enum(RATE_CARD_UNITS),
  category: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  ...ZRateCardPrintAttributes.shape,
});
export type TRateCardService = z.infer<typeof ZRateCardService>;

export const ZRateCardServiceInput = z.object({
  id: z.string().max(100).nullish(),
  serviceName: z.string().trim().max(120, 'serviceName must be at most 120 characters').nullish(),
  basePrice: numberish('basePrice').refine((v) => v === undefined || (v >= 0 && v <= 10_000_000), 'basePrice must be 0 or more'),
  unit: z.preprocess(blankAsUndefined, z.enum(RATE_CARD_UNITS, { error: `unit must be one of: ${RATE_CARD_UNITS.join(', ')}` }).optional()),
  category: clearableText('category', 60),
  description: clearableText('description', 500),
  ...ZRateCardPrintAttributesInput,
});
/** PUT /api/settings/ratecard: the list of services (bare, or as `services`/`rateCard`). */
export const ZRateCardSave = z.preprocess(
  listIn(['services', 'rateCard']),
  z.array(ZRateCardServiceInput, { error: 'body must be the list of services' }).max(200, 'A rate card can hold at most 200 services'),
);

export const ZSettings = z.object({
  shop: ZShopProfile,
  inventory: z.array(ZInventoryItem),
  rateCard: z.array(ZRateCardService),
  /** False until the owner saves a rate card (or accepts onboarding's prices): customers are quoted no price till then. */
  rateCardConfirmed: z.boolean(),
  hours: ZShopHours,
});
export type TSettings = z.infer<typeof ZSettings>;
