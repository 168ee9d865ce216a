import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SHOP_HOURS,
  SETTINGS_MESSAGES,
  SHOP_NAME_MIN,
  SHOP_TYPES,
  type TShopProfile,
  type TShopProfileUpdate,
  UPI_VPA_MESSAGE,
  UPI_VPA_PATTERN,
  USERNAME_MIN,
} from '@counterprint/contract';

export interface ProfileValues {
  shopName: string;
  ownerName: string;
  shopAddress: string;
  shopContactNumber: string;
  shopContactNumberAlternate: string;
  gstNumber: string;
  shopType: string;
  username: string;
  enableOnlinePayments: boolean;
  enableGstInclusive: boolean;
  colorDetection: boolean;
  tagline: string;
  category: string;
  primaryColor: string;
  pan: string;
  hours: string;
  whatsapp: string;
  publicEmail: string;
  upiId: string;
  upiPayeeName: string;
}

/** The fields the screen checks before saving; a server refusal of the UPI ID lands on its field too. */
export type ProfileErrors = Partial<Record<'shopName' | 'username' | 'upiId', string>>;

export function valuesFrom(shop: TShopProfile): ProfileValues {
  return {
    shopName: shop.shopName,
    ownerName: shop.ownerName ?? '',
    shopAddress: shop.shopAddress,
    shopContactNumber: shop.shopContactNumber ?? '',
    shopContactNumberAlternate: shop.shopContactNumberAlternate ?? '',
    gstNumber: shop.gstNumber ?? '',
    shopType: shop.shopType && (SHOP_TYPES as readonly string[]).includes(shop.shopType) ? shop.shopType : '',
    username: shop.username ?? '',
    enableOnlinePayments: shop.integrations.includes('online_payments'),
    enableGstInclusive: shop.integrations.includes('gst_inclusive'),
    colorDetection: shop.colorDetection,
    tagline: shop.tagline ?? '',
    category: shop.category,
    primaryColor: shop.primaryColor || DEFAULT_PRIMARY_COLOR,
    pan: shop.pan ?? '',
    hours: shop.hours || DEFAULT_SHOP_HOURS,
    whatsapp: shop.whatsapp ?? '',
    publicEmail: shop.publicEmail ?? '',
    upiId: shop.upiId ?? '',
    upiPayeeName: shop.upiPayeeName ?? '',
  };
}

/**
 * docs/product/screens.md#settings: the rules the screen checks before it saves; the server checks the rest.
 * A mistyped UPI ID is caught here: customers would otherwise be sent to pay nobody.
 */
export function profileErrors(v: Pick<ProfileValues, 'shopName' | 'username' | 'upiId'>): ProfileErrors {
  const errors: ProfileErrors = {};
  if (v.shopName.trim().length < SHOP_NAME_MIN) errors.shopName = SETTINGS_MESSAGES.shopNameRequired;
  if (v.username.trim().length < USERNAME_MIN) errors.username = SETTINGS_MESSAGES.usernameRequired;
  const upiId = v.upiId.trim();
  if (upiId && !UPI_VPA_PATTERN.test(upiId)) errors.upiId = UPI_VPA_MESSAGE;
  return errors;
}

/** The profile save payload (docs/product/screens.md#settings); the server reads bannersToRemove and ignores the list of banners kept. */
export type ProfilePayload = TShopProfileUpdate & { bannerGcsPaths: string[] };

/** Blank optional text clears the field; banners marked for removal go along. */
export function profilePayload(v: ProfileValues, bannersToRemove: string[], bannerGcsPaths: string[]): ProfilePayload {
  return {
    shopName: v.shopName.trim(),
    username: v.username.trim(),
    ownerName: v.ownerName,
    shopAddress: v.shopAddress,
    shopContactNumber: v.shopContactNumber,
    shopContactNumberAlternate: v.shopContactNumberAlternate,
    gstNumber: v.gstNumber,
    shopType: (v.shopType || null) as TShopProfileUpdate['shopType'],
    enableOnlinePayments: v.enableOnlinePayments,
    enableGstInclusive: v.enableGstInclusive,
    colorDetection: v.colorDetection,
    tagline: v.tagline,
    category: v.category as TShopProfileUpdate['category'],
    primaryColor: v.primaryColor,
    pan: v.pan,
    hours: v.hours,
    whatsapp: v.whatsapp,
    publicEmail: v.publicEmail,
    upiId: v.upiId.trim(),
    upiPayeeName: v.upiPayeeName,
    bannersToRemove,
    bannerGcsPaths,
  };
}
