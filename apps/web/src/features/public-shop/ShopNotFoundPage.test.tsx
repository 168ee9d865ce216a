import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ShopNotFoundPage from './ShopNotFoundPage';

const at = (state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: '/shop-not-found', state }]}>
      <ShopNotFoundPage />
    </MemoryRouter>,
  );

describe('shop not found', () => {
  it('explains and offers the home page and a shop of your own', () => {
    at();
    expect(screen.getByRole('heading', { level: 1, name: 'Shop not found' })).toBeInTheDocument();
    expect(screen.getByText(/no shop at this link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/public/home');
    expect(screen.getByRole('link', { name: 'Create your own shop' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers to try the shop again when it could not be reached', () => {
    at({ slug: 'print-hub', unreachable: true });
    expect(screen.getByText(/couldn't load this shop just now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/public/print-hub');
  });
});
