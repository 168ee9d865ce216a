import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sendResetEmail } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { jsonResponse, stubFetch, stubSilentServer } from '../../test/helpers';
import { renderPage } from '../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import { forgotFailureMessage } from './validation';

const sendButton = () => screen.getByRole('button', { name: 'Send reset link' });

async function request(email: string) {
  const view = renderPage(<ForgotPasswordPage />);
  if (email) await view.user.type(screen.getByLabelText('Email'), email);
  await view.user.click(sendButton());
  return view;
}

describe('forgot password validation (docs/product/screens.md#password-reset)', () => {
  it("says 'Email is required' and sends nothing for an empty address", async () => {
    const { fetchMock } = stubFetch();
    await request('');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Please enter a valid email address' for a malformed one", async () => {
    const { fetchMock } = stubFetch();
    await request('asha@shop');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('trims and lowercases the address, then shows the success panel; Try again returns to the form', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: 'sent' }));
    const { user } = await request('  Asha@Shop.IN ');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/reset-password-send-email', method: 'POST', body: { email: 'asha@shop.in' } });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(sendButton()).toBeInTheDocument();
  });
});

describe('forgot password error catalogue (docs/product/screens.md#password-reset)', () => {
  it.each([
    [404, { error: 'whatever the server says', code: 'NOT_FOUND' }, 'No account found with this email address'],
    [429, { error: 'Slow down', code: 'RATE_LIMITED' }, 'Too many attempts. Please try again in a few minutes.'],
    [503, { error: 'Mail service is unavailable', code: 'MAIL_DOWN' }, 'Mail service is unavailable'],
    [500, undefined, 'Failed to send reset link. Please try again.'],
  ])('status %i shows the right message', async (status, body, message) => {
    stubFetch(() => jsonResponse(status, body));
    await request('asha@shop.in');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says Network error when no answer comes back', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await request('asha@shop.in');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection and try again.');
  });

  it('says Something went wrong for anything that is not a server answer', () => {
    expect(forgotFailureMessage(new Error('bug'))).toBe('Something went wrong. Please try again.');
    expect(forgotFailureMessage(new ApiError(0, 'TIMEOUT', 'Request timed out'))).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('waits 10 s for the reset mail call, not the default 8 s', async () => {
    vi.useFakeTimers();
    stubSilentServer();
    let settled = false;
    const pending = sendResetEmail('asha@shop.in')
      .catch((e: unknown) => e)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(((await pending) as ApiError).code).toBe('TIMEOUT');
  });
});
