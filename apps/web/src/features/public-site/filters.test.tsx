import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import HelpPage from './HelpPage';
import ReviewsPage from './ReviewsPage';

describe('reviews (docs/decisions/058-public-site-claims-only-what-is-proven.md)', () => {
  it('shows no testimonial, only the enforced figures and where to check them', () => {
    renderPage(<ReviewsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('No reviews yet, and none made up');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(['1 hr', '24 hrs', '50', '256-bit']);
    expect(screen.getByRole('link', { name: /Open the demo tour/ })).toHaveAttribute('href', '/public/demo');
    expect(screen.getByRole('link', { name: /Read the security page/ })).toHaveAttribute('href', '/public/security');
    expect(screen.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signup');
  });
});

describe('help centre', () => {
  it('groups the FAQs and filters them by every word of the search', async () => {
    const { user } = renderPage(<HelpPage />);
    for (const name of ['Getting started', 'Files, privacy and security', 'Plans and billing', 'Account and support']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    await user.type(screen.getByRole('searchbox', { name: 'Search the help centre' }), 'cancel fees');
    expect(await screen.findByText('1 answer found')).toBeInTheDocument();
    expect(screen.getByText('Can I cancel anytime?')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'xyzzy');
    expect((await screen.findAllByText('No answers match “xyzzy”.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/public/contact');
  });
});
