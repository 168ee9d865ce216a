import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import ResetPasswordPage from './ResetPasswordPage';

const PATH = '/reset-password/:email/:otp';
const URL = '/reset-password/asha%40shop.in/123456';

async function submitWith(password: string, confirm: string) {
  const view = renderPage(<ResetPasswordPage />, { url: URL, path: PATH });
  if (password) await view.user.type(screen.getByLabelText('New password'), password);
  if (confirm) await view.user.type(screen.getByLabelText('Confirm password'), confirm);
  await view.user.click(screen.getByRole('button', { name: 'Change password' }));
  return view;
}

describe('reset password rules (docs/product/screens.md#password-reset)', () => {
  it('asks for both fields when they are empty', async () => {
    const { fetchMock } = stubFetch();
    await submitWith('', '');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['short1', 'lettersonly', '123456789'])('refuses the weak password %s', async (password) => {
    const { fetchMock } = stubFetch();
    await submitWith(password, password);
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('Must be 8+ characters with letter and number');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' for a different confirmation", async () => {
    stubFetch();
    await submitWith('secret123', 'secret321');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
  });

  it('sends the multipart fields from the link and shows the success panel', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: 'Password changed' }));
    await submitWith('secret123', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    const form = calls[0]?.body as FormData;
    expect(calls[0]?.url).toBe('/api/forgotPassword/changePassword');
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries(form.entries())).toEqual({
      email: 'asha@shop.in',
      otp: '123456',
      password: 'secret123',
      repeatPassword: 'secret123',
    });
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it("keeps the form and shows the server's reason when the change fails", async () => {
    stubFetch(() => jsonResponse(400, { error: 'This code has expired. Request a new one.', code: 'OTP_EXPIRED' }));
    await submitWith('secret123', 'secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has expired. Request a new one.');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
