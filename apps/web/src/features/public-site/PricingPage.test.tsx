import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import PricingPage from './PricingPage';

const premium = () => screen.getByRole('article', { name: 'Premium Plan' });
const spark = () => screen.getByRole('article', { name: 'Spark Plan' });

describe('pricing (docs/product/screens.md#pricing-page)', () => {
  it('shows Spark free with its trial and Premium monthly by default', () => {
    renderPage(<PricingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(spark()).getByTestId('spark-price')).toHaveTextContent('₹0/month');
    expect(within(spark()).getAllByText('1-month free trial').length).toBeGreaterThan(0);
    expect(within(spark()).getByText('No credit card required')).toBeInTheDocument();
    expect(within(premium()).getByTestId('premium-price')).toHaveTextContent('₹99/month');
    expect(within(premium()).getByText('After the trial')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Monthly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Annual/ })).toHaveTextContent('-17%');
  });

  it('switches only Premium to annual, with the saving line', async () => {
    const { user } = renderPage(<PricingPage />);
    await user.click(screen.getByRole('button', { name: /Annual/ }));
    expect(screen.getByRole('button', { name: /Annual/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(premium()).getByTestId('premium-price')).toHaveTextContent('₹990/year');
    expect(within(premium()).getByText('Save ₹198 (2 months free)')).toBeInTheDocument();
    expect(within(spark()).getByTestId('spark-price')).toHaveTextContent('₹0/month');
    expect(within(spark()).queryByText(/Save/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Monthly/ }));
    expect(within(premium()).getByTestId('premium-price')).toHaveTextContent('₹99/month');
    expect(screen.queryByText('Save ₹198 (2 months free)')).not.toBeInTheDocument();
  });

  it('sends Spark to sign-up and Premium to checkout with the chosen billing', async () => {
    const { user } = renderPage(<PricingPage />);
    expect(within(spark()).getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/signup');
    const choose = () => within(premium()).getByRole('link', { name: 'Choose Premium' });
    expect(choose()).toHaveAttribute('href', '/checkout?plan=premium&billing=monthly');
    await user.click(screen.getByRole('button', { name: /Annual/ }));
    expect(choose()).toHaveAttribute('href', '/checkout?plan=premium&billing=annual');
    await user.click(choose());
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout?plan=premium&billing=annual');
  });

  it('answers the four pricing FAQs and compares the plans', () => {
    renderPage(<PricingPage />);
    for (const q of [
      'What happens when my free trial ends?',
      'Can I cancel anytime?',
      'Do you offer discounts for multiple shops?',
      'Which payment methods do you accept?',
    ]) {
      expect(screen.getByText(q)).toBeInTheDocument();
    }
    expect(screen.getByRole('table')).toHaveTextContent('Up to 25 MB each');
  });
});
