import { formatRupees } from '../lib/format';
import { MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT, SHOPS_PER_ACCOUNT, TRIAL } from './facts';

export type Billing = 'monthly' | 'annual';
export const BILLINGS: readonly Billing[] = ['monthly', 'annual'];

/** docs/product/screens.md#pricing-page, in rupees. */
export const PREMIUM_PRICE: Record<Billing, number> = { monthly: 99, annual: 990 };
export const ANNUAL_SAVING = PREMIUM_PRICE.monthly * 12 - PREMIUM_PRICE.annual;
const savingPct = Math.round((ANNUAL_SAVING / (PREMIUM_PRICE.monthly * 12)) * 100);
/** '-17%' */
export const ANNUAL_BADGE = `-${savingPct}%`;
/** 'Save ₹198 (2 months free)' */
export const ANNUAL_SAVE_TEXT = `Save ${formatRupees(ANNUAL_SAVING)} (${Math.round(ANNUAL_SAVING / PREMIUM_PRICE.monthly)} months free)`;

export const BILLING_LABEL: Record<Billing, string> = { monthly: 'Monthly', annual: 'Annual' };
export const PERIOD: Record<Billing, string> = { monthly: '/month', annual: '/year' };

export function isBilling(value: string | null): value is Billing {
  return value === 'monthly' || value === 'annual';
}

/** Where each plan's button goes (docs/product/screens.md#pricing-page). */
export const SPARK_HREF = '/signup';
export function checkoutHref(billing: Billing): string {
  return `/checkout?plan=premium&billing=${billing}`;
}

/** A plan (docs/product/screens.md#pricing-page): static display data. */
export const PLANS = {
  spark: {
    name: 'Spark Plan',
    description: 'Everything you need to take files at one counter. Try it free.',
    price: 0,
    trial: `${TRIAL} free trial`,
    cta: 'Start free trial',
    features: [
      `${TRIAL} free trial`,
      'No credit card required',
      'Full functionality',
      'QR code and upload page for your shop',
      'Live print queue',
      `Auto-delete ${RETENTION_AFTER_PRINT} after printing`,
      'Email support',
    ],
  },
  premium: {
    name: 'Premium Plan',
    description: 'The same product after your trial, for as long as you use it.',
    badge: 'After the trial',
    cta: 'Choose Premium',
    features: [
      'Everything in Spark, after the trial',
      `Up to ${SHOPS_PER_ACCOUNT} shops on one account`,
      'Send to printer through the print agent',
      'New-job alerts on staff phones',
      'Earnings and analytics',
      'Email support',
    ],
  },
} as const;

/** Comparison table rows: feature, Spark, Premium; true/false render as a tick or a dash. */
export const PLAN_COMPARISON: readonly (readonly [string, string | boolean, string | boolean])[] = [
  ['QR code upload page', true, true],
  ['Live print queue', true, true],
  ['Files per upload', `Up to ${MAX_FILES}`, `Up to ${MAX_FILES}`],
  ['File size', `Up to ${MAX_FILE_SIZE} each`, `Up to ${MAX_FILE_SIZE} each`],
  ['Encrypted storage', true, true],
  ['Auto-delete after printing', true, true],
  ['Shops on one account', `Up to ${SHOPS_PER_ACCOUNT}`, `Up to ${SHOPS_PER_ACCOUNT}`],
  ['Send to printer (print agent)', true, true],
  ['Earnings and analytics', true, true],
  ['How long', `${TRIAL} free trial`, 'Monthly or yearly'],
  ['Support', 'Email', 'Email'],
];

export const PRICING_PAGE = {
  eyebrow: 'Pricing',
  title: 'Simple pricing for every counter',
  lead: 'Start free with every feature. Keep it after the trial for one price. No setup fees, cancel anytime.',
  toggleLabel: 'Billing period for the Premium plan',
  compareTitle: 'Compare plans',
  faqTitle: 'Pricing questions',
  cta: {
    title: 'Still deciding?',
    text: 'Tell us about your shop and we will help you pick the right plan.',
    primary: { to: '/public/contact', label: 'Talk to us' },
    secondary: { to: '/signup', label: 'Start free trial' },
  },
};
