import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TESTIMONIALS } from '../../content/reviews';
import { renderPage } from '../../test/render';
import HelpPage from './HelpPage';
import ReviewsPage from './ReviewsPage';

describe('reviews (docs/product/screens.md#reviews-page)', () => {
  it('has six five-star testimonials, two featured, four stats', () => {
    expect(TESTIMONIALS).toHaveLength(6);
    expect(TESTIMONIALS.every((t) => t.rating === 5)).toBe(true);
    expect(TESTIMONIALS.filter((t) => t.featured)).toHaveLength(2);
    renderPage(<ReviewsPage />);
    expect(screen.getAllByRole('figure')).toHaveLength(6);
    expect(screen.getByText('500+')).toBeInTheDocument();
    expect(screen.getByText('4.9/5')).toBeInTheDocument();
    expect(screen.getByText('Average from 287 reviews')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signup');
  });

  it('filters by category and back to all', async () => {
    const { user } = renderPage(<ReviewsPage />);
    await user.click(screen.getByRole('button', { name: 'Security' }));
    const shown = screen.getAllByRole('figure');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]!).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All Reviews' }));
    expect(screen.getAllByRole('figure')).toHaveLength(6);
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
