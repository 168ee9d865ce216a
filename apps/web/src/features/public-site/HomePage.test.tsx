import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { renderPage } from '../../test/render';
import { signupUrlFor } from './EmailCapture';
import HomePage from './HomePage';

describe('home page (docs/product/screens.md#home-page)', () => {
  it('sends the captured email to sign-up, encoded', async () => {
    const { user } = renderPage(<HomePage />);
    await user.type(screen.getByLabelText('Your email address'), ' asha+shop@prints.in ');
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signup?email=asha%2Bshop%40prints.in');
  });

  it('goes to plain sign-up when no email was typed', () => {
    expect(signupUrlFor('   ')).toBe('/signup');
  });

  it('lands on the real sign-up page with the email prefilled', async () => {
    window.history.replaceState(null, '', '/public/home');
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByLabelText('Your email address', undefined, { timeout: 4000 }), 'asha@prints.in');
    await user.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@prints.in');
  });

  it('has the sections the spec lists and links to the real login and sign-up', () => {
    renderPage(<HomePage />);
    for (const name of [
      'Three steps, no training',
      'Taking files at the counter is a mess',
      'The old way vs Counterprint',
      'No testimonials yet, and none made up',
      'Questions, answered',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Signup' })[0]).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/deleted within 1 hour/)).toBeInTheDocument();
  });
});
