import { z } from 'zod';
import { ZOpeningState } from './hours.js';
import { ZOnboardingPrices, ZRateCardPrintAttributes } from './print-order.js';
import { ZPublicAddress } from './public-address.js';

export const SHOP_CATEGORIES = ['Printing', 'Xerox & Stationery', 'Photo Studio', 'Cyber Cafe', 'Office Services', 'Other'] as const;
export const ZShopCategory = z.enum(SHOP_CATEGORIES, { error: `category must be one of: ${SHOP_CATEGORIES.join(', ')}` });

export const DEFAULT_PRIMARY_COLOR = '#06b6d4';
export const DEFAULT_SHOP_HOURS = '9:30 AM – 8:00 PM';
export const MAX_ONBOARDING_BANNERS = 4;
export const MAX_SETTINGS_BANNERS = 10;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalPhone = (field: string) =>
  optionalText(field, 20).refine((v) => v === null || PHONE_PATTERN.test(v), `${field} must be a phone number`);

export const ZShopName = z
  .string({ error: 'shopName is required' })
  .trim()
  .min(2, 'shopName must be at least 2 characters')
  .max(100, 'shopName must be at most 100 characters');

/** The `shop` part of POST /api/public/onboarding-shops/create. `slug` and `ownerEmail` are ignored: the server decides. */
export const ZOnboardingShop = z.object({
  shopName: ZShopName,
  category: ZShopCategory,
  address: z
    .string({ error: 'address is required' })
    .trim()
    .min(1, 'address is required')
    .max(300, 'address must be at most 300 characters'),
  tagline: optionalText('tagline', 120),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'primaryColor must be a colour like #06b6d4')
    .optional()
    .nullable()
    .transform((v) => v ?? DEFAULT_PRIMARY_COLOR),
  gstNumber: optionalText('gstNumber', 15).refine(
    (v) => v === null || /^[0-9A-Z]{15}$/i.test(v),
    'gstNumber must be 15 letters and digits',
  ),
  pan: optionalText('pan', 10).refine((v) => v === null || /^[A-Z]{5}[0-9]{4}[A-Z]$/i.test(v), 'pan must look like ABCDE1234F'),
  shopContactNumber: optionalPhone('shopContactNumber'),
  whatsapp: optionalPhone('whatsapp'),
  hours: optionalText('hours', 60),
  /** The prices step; without it the shop starts on the default rate card, unconfirmed, and quotes no price. */
  prices: ZOnboardingPrices.nullish(),
});
export type TOnboardingShop = z.input<typeof ZOnboardingShop>;

/**
 * The new shop, and where its link points: the onboarding's last page shows the link a phone can open, and is often
 * reached before the owner has signed in, so it cannot ask `GET /api/public-address` itself.
 */
export const ZOnboardingResult = z.object({ id: z.string(), slug: z.string(), shopName: z.string(), address: ZPublicAddress });
export type TOnboardingResult = z.infer<typeof ZOnboardingResult>;

export const RATE_CARD_UNITS = ['per_page', 'per_order', 'per_hour', 'per_item', 'per_sqft'] as const;
export const ZRateCardUnit = z.enum(RATE_CARD_UNITS);

export const ZPublicRate = z.object({
  id: z.string(),
  serviceName: z.string(),
  basePrice: z.number(),
  unit: ZRateCardUnit,
  category: z.string().nullable(),
  description: z.string().nullable(),
  ...ZRateCardPrintAttributes.shape,
});
export type TPublicRate = z.infer<typeof ZPublicRate>;

export const ZPublicShopDetails = z
  .object({
    id: z.string(),
    slug: z.string(),
    shopName: z.string(),
    category: z.string(),
    bannerUrls: z.array(z.string()),
    /** The same banners with their stored widths, for `srcset` (docs/decisions/025); `sizes` is empty for a banner stored before them. */
    banners: z.array(
      z.object({
        url: z.string(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        sizes: z.array(z.object({ url: z.string(), width: z.number().int() })),
      }),
    ),
    address: z.string(),
    tagline: z.string().nullable(),
    ownerName: z.string().nullable(),
    contact: z.string().nullable(),
    /** The shop's public contact e-mail, set in settings (never the owner's login e-mail). */
    email: z.string().nullable(),
    whatsapp: z.string().nullable(),
    hours: z.string(),
    primaryColor: z.string(),
    /** Same as `openNow` (kept for older clients). */
    isOpen: z.boolean(),
    rateCard: z.array(ZPublicRate),
    /** The paper sizes a customer may choose: A4, and those the shop's page rates name. */
    papers: z.array(z.string()),
    /** Whether a customer may ask for `auto` colour (colour pages at the colour rate, the rest B&W). */
    colorDetection: z.boolean(),
    /** How long files are kept (docs/product/rules.md#retention): after printing, and at most when never printed. */
    retention: z.object({ afterPrintSeconds: z.number().int(), unprintedSeconds: z.number().int() }),
    timeZone: z.string(),
  })
  .extend(ZOpeningState.shape);
export type TPublicShopDetails = z.infer<typeof ZPublicShopDetails>;

export const ZVisitRequest = z.object({ src: z.string().max(40).optional() }).nullish();
export const ZSlugParams = z.object({ slug: z.string().min(1).max(80) });
