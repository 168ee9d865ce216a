import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { LOCAL, SESSION } from '../../api/storage';
import { jsonResponse, makeToken, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import SignupPage from './SignupPage';
import { signupErrors } from './validation';

const submit = () => screen.getByRole('button', { name: 'Create account' });

async function fill(user: ReturnType<typeof renderPage>['user'], values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = { name: 'Full name', email: 'Email', password: 'Password', confirm: 'Confirm password' };
  for (const [key, value] of Object.entries(values)) {
    const input = screen.getByLabelText(labels[key]!);
    await user.clear(input);
    if (value) await user.type(input, value);
    await user.tab();
  }
}

describe('sign-up validation (docs/product/screens.md#sign-in-and-sign-up)', () => {
  it('keeps submit disabled until every field is valid', async () => {
    const { user } = renderPage(<SignupPage />);
    expect(submit()).toBeDisabled();
    await fill(user, { name: 'Asha Rao', email: 'asha@example.com', password: 'secret123' });
    expect(submit()).toBeDisabled();
    await fill(user, { confirm: 'secret123' });
    expect(submit()).toBeEnabled();
    await fill(user, { email: 'asha@example' });
    expect(submit()).toBeDisabled();
  });

  it("says 'Required' for an empty name", async () => {
    const { user } = renderPage(<SignupPage />);
    await user.click(screen.getByLabelText('Full name'));
    await user.tab();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Required');
  });

  it("says 'Invalid email' for an address without a dot after the @", async () => {
    const { user } = renderPage(<SignupPage />);
    await fill(user, { email: 'asha@example' });
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
    await fill(user, { email: 'asha@example.com' });
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
  });

  it.each(['short1', 'abcdefgh', '12345678'])("says 'Min 8 chars, include number' for %s", async (password) => {
    const { user } = renderPage(<SignupPage />);
    await fill(user, { password });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Min 8 chars, include number');
  });

  it("says 'Passwords must match' when the confirmation differs", async () => {
    const { user } = renderPage(<SignupPage />);
    await fill(user, { password: 'secret123', confirm: 'secret124' });
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords must match');
  });

  it('accepts a valid form in the rules function too', () => {
    expect(signupErrors({ name: ' Asha ', email: 'a@b.co', password: 'abcdefg1', confirm: 'abcdefg1' })).toEqual({});
    expect(signupErrors({ name: ' ', email: '', password: '', confirm: '' })).toEqual({
      name: 'Required',
      email: 'Required',
      password: 'Required',
      confirm: 'Required',
    });
  });
});

describe('sign-up submit', () => {
  it('prefills the email from ?email=', () => {
    renderPage(<SignupPage />, { url: '/signup?email=walkin%40shop.in' });
    expect(screen.getByLabelText('Email')).toHaveValue('walkin@shop.in');
  });

  it('stores the onboarding email and token, then asks about creating a shop', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, { id: 'u1', email: 'asha@example.com', onboardingToken: 'ob-1' }));
    const { user } = renderPage(<SignupPage />);
    await fill(user, { name: 'Asha', email: 'Asha@Example.com', password: 'secret123', confirm: 'secret123' });
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Create your shop now?' });
    expect(calls[0]).toMatchObject({ url: '/api/auth/signup', body: { name: 'Asha', email: 'asha@example.com', password: 'secret123' } });
    expect(sessionStorage.getItem(SESSION.onboardingEmail)).toBe('asha@example.com');
    expect(sessionStorage.getItem(SESSION.onboardingToken)).toBe('ob-1');

    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it("shows the server's message, or 'Signup failed' when it gave none", async () => {
    stubFetch(
      () => jsonResponse(409, { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' }),
      () => new Response('oops', { status: 500 }),
    );
    const { user } = renderPage(<SignupPage />);
    await fill(user, { name: 'Asha', email: 'asha@example.com', password: 'secret123', confirm: 'secret123' });
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    await user.click(submit());
    expect(await screen.findByText('Signup failed')).toBeInTheDocument();
  });
});

describe('sign-up while signed in', () => {
  it('offers the signed-in account its shop and dashboard instead of a second account', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: ['ROLE_USER'] }));
    localStorage.setItem(
      LOCAL.user,
      JSON.stringify({ id: 'u1', name: 'Asha Rao', email: 'asha@shop.in', roles: ['ROLE_USER'], shopName: null, shops: [] }),
    );
    window.history.replaceState(null, '', '/signup');
    render(<App />);
    await screen.findByRole('heading', { name: 'You are signed in' });
    expect(screen.getByText('As asha@shop.in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });
});
