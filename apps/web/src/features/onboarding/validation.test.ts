import { ZOnboardingShop } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { contractErrors, INITIAL_VALUES, type OnboardingValues, onboardingErrors, toShopPayload } from './validation';

const VALID: OnboardingValues = { ...INITIAL_VALUES, shopName: 'Print Hub', category: 'Printing', address: '12 MG Road' };

/** What the server's schema says about the same values, keyed by field. */
function schemaErrors(values: OnboardingValues): Record<string, string> {
  const result = ZOnboardingShop.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

// Each case breaks one rule of ZOnboardingShop; the wizard must refuse it with the same words.
const CASES: Partial<OnboardingValues>[] = [
  { shopName: 'P' },
  { shopName: 'x'.repeat(101) },
  { category: 'Bakery' },
  { address: 'x'.repeat(301) },
  { tagline: 'x'.repeat(121) },
  { primaryColor: 'cyan' },
  { gstNumber: '22AAAAA0000A1Z' },
  { gstNumber: '22AAAAA0000A1Z5X' },
  { pan: 'ABCDE12345' },
  { pan: 'ABCDE1234FF' },
  { shopContactNumber: 'call me' },
  { whatsapp: '12' },
  { hours: 'x'.repeat(61) },
];

describe('onboarding validation agrees with the contract (ZOnboardingShop)', () => {
  it('accepts what the schema accepts', () => {
    const full = {
      ...VALID,
      tagline: 'Fast',
      gstNumber: '22aaaaa0000a1z5',
      pan: 'abcde1234f',
      shopContactNumber: '+91 98765 43210',
      whatsapp: '98765-43210',
    };
    expect(contractErrors(full)).toEqual({});
    expect(schemaErrors(full)).toEqual({});
  });

  it.each(CASES)('refuses %o with the schema message', (change) => {
    const values = { ...VALID, ...change };
    expect(contractErrors(values)).toEqual(schemaErrors(values));
    expect(Object.keys(contractErrors(values))).toHaveLength(1);
  });

  it('says a required field is required, and shows labels in place of wire names', () => {
    expect(onboardingErrors(INITIAL_VALUES)).toEqual({
      shopName: 'Shop name is required',
      category: 'Category is required',
      address: 'Address is required',
    });
    expect(onboardingErrors({ ...VALID, gstNumber: '123' })).toEqual({ gstNumber: 'GST number must be 15 letters and digits' });
    expect(onboardingErrors({ ...VALID, shopContactNumber: 'x' })).toEqual({ shopContactNumber: 'Contact phone must be a phone number' });
  });

  it('builds the payload the schema reads: trimmed, upper-cased IDs, WhatsApp from the contact phone', () => {
    const payload = toShopPayload({
      ...VALID,
      shopName: ' Print Hub ',
      pan: 'abcde1234f',
      shopContactNumber: '98765 43210',
      whatsapp: '',
      hours: '',
    });
    expect(payload).toMatchObject({
      shopName: 'Print Hub',
      pan: 'ABCDE1234F',
      whatsapp: '98765 43210',
      hours: '9:30 AM – 8:00 PM',
      tagline: null,
    });
    expect(ZOnboardingShop.safeParse(payload).success).toBe(true);
  });
});
