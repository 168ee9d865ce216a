import type { TInventoryItem, TRateCardService, TShopProfile } from '@counterprint/contract';
import { INTEGRATIONS, paiseToRupees } from '@counterprint/contract';
import { printAttributesOf } from '../../pricing/job-pricing.js';
import { bannerUrl } from '../shops/banners.js';
import type { BannerRow, ShopRow } from '../shops/repo.js';
import type { InventoryRow, RateCardRow } from './repo.js';

export function toProfile(shop: ShopRow, banners: BannerRow[]): TShopProfile {
  return {
    id: shop.id,
    slug: shop.slug,
    shopName: shop.name,
    ownerName: shop.ownerName,
    shopAddress: shop.address,
    shopContactNumber: shop.contactPhone,
    shopContactNumberAlternate: shop.contactPhoneAlt,
    gstNumber: shop.gstNumber,
    shopType: shop.shopType,
    username: shop.username,
    integrations: shop.integrations.filter((i): i is (typeof INTEGRATIONS)[number] => (INTEGRATIONS as readonly string[]).includes(i)),
    bannerGcsPaths: banners.map((b) => bannerUrl(shop.slug, b.id)),
    tagline: shop.tagline,
    category: shop.category,
    primaryColor: shop.primaryColor,
    pan: shop.pan,
    hours: shop.hours,
    whatsapp: shop.whatsapp,
    ownerEmail: shop.ownerEmail,
    publicEmail: shop.publicEmail,
    colorDetection: shop.colorDetection,
    upiId: shop.upiVpa,
    upiPayeeName: shop.upiPayee,
  };
}

export function toInventoryItem(row: InventoryRow): TInventoryItem {
  return {
    sku: row.sku,
    name: row.name,
    category: row.category,
    price: paiseToRupees(row.pricePaise),
    stock: row.stock,
    lowStockThreshold: row.lowStockThreshold,
    unit: row.unit as TInventoryItem['unit'],
    description: row.description,
    sheetsPerReam: row.sheetsPerReam,
  };
}

export function toRateCardService(row: RateCardRow): TRateCardService {
  return {
    id: row.id,
    serviceName: row.serviceName,
    basePrice: paiseToRupees(row.basePricePaise),
    unit: row.unit as TRateCardService['unit'],
    category: row.category,
    description: row.description,
    isActive: row.isActive,
    ...printAttributesOf(row),
  };
}
