import { DEFAULT_PRIMARY_COLOR, DEFAULT_SHOP_HOURS, PHONE_PATTERN, SHOP_CATEGORIES, type TOnboardingShop } from '@counterprint/contract';

/** The wizard's fields, as typed: every one a string so inputs stay controlled. */
export interface OnboardingValues {
  shopName: string;
  category: string;
  address: string;
  tagline: string;
  primaryColor: string;
  gstNumber: string;
  pan: string;
  shopContactNumber: string;
  whatsapp: string;
  hours: string;
}

export type OnboardingField = keyof OnboardingValues;
export type OnboardingErrors = Partial<Record<OnboardingField, string>>;

export const INITIAL_VALUES: OnboardingValues = {
  shopName: '',
  category: '',
  address: '',
  tagline: '',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  gstNumber: '',
  pan: '',
  shopContactNumber: '',
  whatsapp: '',
  hours: DEFAULT_SHOP_HOURS,
};

export const FIELD_LABEL: Record<OnboardingField, string> = {
  shopName: 'Shop name',
  category: 'Category',
  address: 'Address',
  tagline: 'Tagline',
  primaryColor: 'Primary colour',
  gstNumber: 'GST number',
  pan: 'PAN',
  shopContactNumber: 'Contact phone',
  whatsapp: 'WhatsApp number',
  hours: 'Opening hours',
};

const atMost = (field: OnboardingField, max: number, v: string) => (v.length > max ? `${field} must be at most ${max} characters` : null);

/**
 * The rules of the contract's ZOnboardingShop with its messages, written out so the wizard does not
 * ship zod (a parity test holds them to the schema). Empty required fields get the contract's
 * "is required" wording rather than a length rule.
 */
const RULES: Record<OnboardingField, (v: string) => string | null> = {
  shopName: (v) => (!v ? 'shopName is required' : v.length < 2 ? 'shopName must be at least 2 characters' : atMost('shopName', 100, v)),
  category: (v) =>
    !v
      ? 'category is required'
      : (SHOP_CATEGORIES as readonly string[]).includes(v)
        ? null
        : `category must be one of: ${SHOP_CATEGORIES.join(', ')}`,
  address: (v) => (!v ? 'address is required' : atMost('address', 300, v)),
  tagline: (v) => atMost('tagline', 120, v),
  primaryColor: (v) => (/^#[0-9a-fA-F]{6}$/.test(v) ? null : 'primaryColor must be a colour like #06b6d4'),
  gstNumber: (v) => atMost('gstNumber', 15, v) ?? (v && !/^[0-9A-Z]{15}$/i.test(v) ? 'gstNumber must be 15 letters and digits' : null),
  pan: (v) => atMost('pan', 10, v) ?? (v && !/^[A-Z]{5}[0-9]{4}[A-Z]$/i.test(v) ? 'pan must look like ABCDE1234F' : null),
  shopContactNumber: (v) =>
    atMost('shopContactNumber', 20, v) ?? (v && !PHONE_PATTERN.test(v) ? 'shopContactNumber must be a phone number' : null),
  whatsapp: (v) => atMost('whatsapp', 20, v) ?? (v && !PHONE_PATTERN.test(v) ? 'whatsapp must be a phone number' : null),
  hours: (v) => atMost('hours', 60, v),
};

/** Errors in the contract's words (field names as the server spells them). */
export function contractErrors(values: OnboardingValues, fields: readonly OnboardingField[] = Object.keys(RULES) as OnboardingField[]) {
  const errors: OnboardingErrors = {};
  for (const field of fields) {
    // The primary colour comes from a colour picker; everything else is typed and trimmed by the server.
    const value = field === 'primaryColor' ? values[field] : values[field].trim();
    const message = RULES[field](value);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The same messages with the field's label in place of its wire name: "GST number must be …". */
export function onboardingErrors(values: OnboardingValues, fields?: readonly OnboardingField[]): OnboardingErrors {
  const raw = contractErrors(values, fields);
  const errors: OnboardingErrors = {};
  for (const [field, message] of Object.entries(raw) as [OnboardingField, string][]) {
    errors[field] = message.startsWith(field) ? FIELD_LABEL[field] + message.slice(field.length) : message;
  }
  return errors;
}

const orNull = (v: string) => v.trim() || null;

/** The `shop` part as the server reads it. WhatsApp falls back to the contact phone (docs/product/rules.md#shops). */
export function toShopPayload(v: OnboardingValues): TOnboardingShop {
  const contact = orNull(v.shopContactNumber);
  return {
    shopName: v.shopName.trim(),
    category: v.category as TOnboardingShop['category'],
    address: v.address.trim(),
    tagline: orNull(v.tagline),
    primaryColor: v.primaryColor || DEFAULT_PRIMARY_COLOR,
    gstNumber: orNull(v.gstNumber)?.toUpperCase() ?? null,
    pan: orNull(v.pan)?.toUpperCase() ?? null,
    shopContactNumber: contact,
    whatsapp: orNull(v.whatsapp) ?? contact,
    hours: orNull(v.hours) ?? DEFAULT_SHOP_HOURS,
  };
}
