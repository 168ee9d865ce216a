import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
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

/** Issue 16: claims the product cannot back (certifications, uptime, breach counts, a region choice). */
const UNBACKED = /SOC ?2|ISO ?27001|GDPR|CCPA|99\.9|uptime|breach|region|sovereignty|third-party audit/i;

const PAGES: [string, ComponentType][] = [
  ['security', SecurityPage],
  ['pricing', PricingPage],
  ['home', HomePage],
  ['features', FeaturesPage],
  ['how', HowItWorksPage],
  ['help', HelpPage],
  ['privacy', PrivacyPage],
  ['terms', TermsPage],
  ['reviews', ReviewsPage],
  ['setup', SetupPage],
];

describe('public pages claim only what the product does', () => {
  it.each(PAGES)('%s names no certification, uptime, breach figure or region choice', (_name, Page) => {
    const { container } = renderPage(<Page />);
    expect(container.textContent).not.toMatch(UNBACKED);
  });

  it('security states the enforced retention, encryption, link lifetime and what is logged, and that it is not certified', () => {
    renderPage(<SecurityPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('AES-256-GCM, each file under its own key');
    expect(text).toContain('deleted for good 1 hour after it is marked printed');
    expect(text).toContain('after 24 hours');
    expect(text).toContain('stop working after 10 minutes');
    expect(text).toMatch(
      /logs the method, the address with secret parts .* removed, the status and how long it took\. It never logs what was sent/,
    );
    expect(screen.getByText(/Counterprint is not certified/)).toBeInTheDocument();
  });
});
