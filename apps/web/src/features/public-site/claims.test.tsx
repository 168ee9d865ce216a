import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_SIZE,
  MAX_FILES,
  RETENTION_AFTER_PRINT,
  RETENTION_AFTER_PRINT_SHORT,
  RETENTION_UNPRINTED,
  RETENTION_UNPRINTED_SHORT,
  SHOPS_PER_ACCOUNT,
  SIGNED_LINK_LIFETIME,
  SIGNED_LINK_LIFETIME_SHORT,
  TRIAL,
  TRIAL_LONG,
} from '../../content/facts';
import { FEATURE_CARDS, FEATURE_HIGHLIGHTS } from '../../content/features';
import { ANNUAL_BADGE, ANNUAL_SAVING, PLAN_COMPARISON, PLANS, PREMIUM_PRICE } from '../../content/pricing';
import { formatRupees } from '../../lib/format';
import { renderPage } from '../../test/render';
import ContactPage from './ContactPage';
import DemoTourPage from './DemoTourPage';
import FeaturesPage from './FeaturesPage';
import HelpPage from './HelpPage';
import HomePage from './HomePage';
import HowItWorksPage from './HowItWorksPage';
import PricingPage from './PricingPage';
import PrivacyPage from './PrivacyPage';
import ReviewsPage from './ReviewsPage';
import SecurityPage from './SecurityPage';
import SetupPage from './SetupPage';
import TermsPage from './TermsPage';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * Every feature the public site sells, with the test in this repository that proves the product does it.
 * This test fails when a page sells a feature missing here or names a proof that is not there
 * (docs/decisions/058-public-site-claims-only-what-is-proven.md).
 */
const PROVEN_FEATURES: Record<string, string> = {
  'QR code and upload page for your shop': 'e2e/tests/newcomer.spec.ts',
  'QR code upload page': 'e2e/tests/newcomer.spec.ts',
  'QR transfer': 'e2e/tests/newcomer.spec.ts',
  'Live print queue': 'e2e/tests/print-queue.spec.ts',
  'Smart print queue': 'e2e/tests/print-queue.spec.ts',
  'Auto-delete 1 hour after printing': 'apps/server/src/features/recycle/recycle.test.ts',
  'Auto-delete after printing': 'apps/server/src/features/recycle/recycle.test.ts',
  'Auto cleanup': 'apps/server/src/features/recycle/recycle.test.ts',
  'Files per upload': 'apps/server/src/features/intake/upload-limit.test.ts',
  'File size': 'apps/server/src/features/intake/upload-limit.test.ts',
  'Encrypted storage': 'apps/server/src/storage/encrypted.test.ts',
  'Encrypted at rest': 'apps/server/src/storage/encrypted.test.ts',
  'Up to 5 shops on one account': 'apps/server/src/features/onboarding/account-limits.test.ts',
  'Shops on one account': 'apps/server/src/features/onboarding/account-limits.test.ts',
  'Send to printer through the print agent': 'e2e/tests/print-agent.spec.ts',
  'Send to printer (print agent)': 'e2e/tests/print-agent.spec.ts',
  'New-job alerts on staff phones': 'apps/server/src/features/push/push.test.ts',
  'Earnings and analytics': 'apps/server/src/features/earnings/earnings.test.ts',
  'Multi-format support': 'e2e/tests/documents.spec.ts',
  'Uploads that survive a bad network': 'e2e/tests/resumable-upload.spec.ts',
  'Print without saving': 'e2e/tests/browser-print.spec.ts',
  'Instant setup': 'e2e/tests/newcomer.spec.ts',
};

/** Terms of the offer rather than things the software does: no test can prove them, so each is listed once here. */
const OFFER_TERMS: readonly string[] = [
  `${PLANS.spark.trial}`,
  'No credit card required',
  'Full functionality',
  'Email support',
  'Support',
  'How long',
  'Everything in Spark, after the trial',
];

/** Everything a public page sells as a feature: plan lists, the comparison table and the features page. */
function soldFeatures(): string[] {
  return [
    ...PLANS.spark.features,
    ...PLANS.premium.features,
    ...PLAN_COMPARISON.map(([feature]) => feature),
    ...FEATURE_CARDS.map((card) => card.title),
    ...FEATURE_HIGHLIGHTS.map((highlight) => highlight.title),
  ];
}

/** Every figure the product enforces or the offer states, read from the constants that set them. */
const PROVEN_FIGURES = new Set(
  [
    RETENTION_AFTER_PRINT,
    RETENTION_AFTER_PRINT_SHORT,
    RETENTION_UNPRINTED,
    RETENTION_UNPRINTED_SHORT,
    SIGNED_LINK_LIFETIME,
    SIGNED_LINK_LIFETIME_SHORT,
    MAX_FILE_SIZE,
    `${MAX_FILES} files`,
    `${SHOPS_PER_ACCOUNT} shops`,
    '256-bit',
    TRIAL,
    TRIAL_LONG,
    ANNUAL_BADGE,
    `${Math.round(ANNUAL_SAVING / PREMIUM_PRICE.monthly)} months`,
    formatRupees(0),
    formatRupees(PREMIUM_PRICE.monthly),
    formatRupees(PREMIUM_PRICE.annual),
    formatRupees(ANNUAL_SAVING),
  ].map((figure) => figure.toLowerCase()),
);

/** A number with a unit, a rupee amount, a rating or a "500+": what a visitor reads as a measured figure. */
const FIGURE =
  /₹\s?[\d,]+(?:\.\d+)?|[-+]?\d+(?:[.,]\d+)*(?:%|\+|\/5|-(?:bit|month|day|hour)|\s?(?:MB|GB|KB|hrs?|hours?|min(?:utes?)?|sec(?:onds?)?|days?|weeks?|months?|years?|files?|pages?|shops?|reviews?|stars?|customers?|jobs?)\b)/gi;

const PAGES: [string, ComponentType][] = [
  ['home', HomePage],
  ['features', FeaturesPage],
  ['how', HowItWorksPage],
  ['reviews', ReviewsPage],
  ['pricing', PricingPage],
  ['contact', ContactPage],
  ['help', HelpPage],
  ['setup', SetupPage],
  ['security', SecurityPage],
  ['privacy', PrivacyPage],
  ['terms', TermsPage],
  ['demo', DemoTourPage],
];

/** The page's words, block by block, less pictures of the product (aria-hidden), whose sample jobs are drawings, not claims. */
function readableText(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  for (const block of copy.querySelectorAll('p, li, dd, dt, h1, h2, h3, td, th, button, a')) block.append(' | ');
  return copy.textContent ?? '';
}

describe('the public site sells only what the product proves', () => {
  it.each(PAGES)('%s states only figures the product enforces or the offer sets', (_name, Page) => {
    const { container } = renderPage(<Page />);
    const figures = (readableText(container).match(FIGURE) ?? []).map((f) => f.replace(/\s+/g, ' ').replace(/[.,]$/, ''));
    expect(figures.filter((f) => !PROVEN_FIGURES.has(f.toLowerCase()))).toEqual([]);
  });

  it.each(PAGES)('%s shows no testimonial, rating or shop count', (_name, Page) => {
    const { container } = renderPage(<Page />);
    expect(container.querySelectorAll('blockquote')).toHaveLength(0);
    expect(readableText(container)).not.toMatch(/\d(?:\.\d)?\s?\/\s?5|\d+\+|most popular|loved by|\breviews?\b from/i);
  });

  it('sells each feature with a test that proves it, and no feature without one', () => {
    const unproven = soldFeatures().filter((feature) => !(feature in PROVEN_FEATURES) && !OFFER_TERMS.includes(feature));
    expect(unproven).toEqual([]);
    const missing = Object.values(PROVEN_FEATURES).filter((proof) => !existsSync(resolve(REPOSITORY, proof)));
    expect(missing).toEqual([]);
  });
});
