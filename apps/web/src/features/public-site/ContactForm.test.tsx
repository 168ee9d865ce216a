import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL } from '../../api/storage';
import { CONTACT_TEXT } from '../../content/contact';
import { jsonResponse, makeToken, stubFetch, stubSilentServer } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { ContactForm } from './ContactForm';

const SUCCESS = "Thank you! Your message has been sent successfully. We'll get back to you within 24 hours.";
const FAILURE = 'Sorry, there was an error sending your message. Please try again or contact us directly at support@counterprint.in';

function openForm() {
  return renderPage(<ContactForm />);
}

async function fillValid(user: ReturnType<typeof openForm>['user']) {
  await user.type(screen.getByLabelText(/^Name/), 'Asha Rao');
  await user.type(screen.getByLabelText(/^Email/), 'asha@shop.in');
  await user.type(screen.getByLabelText(/^Company/), 'Asha Prints');
  await user.type(screen.getByLabelText(/^Subject/), 'Demo');
  await user.type(screen.getByLabelText(/^Message/), 'Please show me the queue.');
}

/** Opens the form, fills every field with good values and sends it. */
async function sendValidForm() {
  const { user } = openForm();
  await fillValid(user);
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('contact form (docs/product/screens.md#contact-page)', () => {
  it('shows each required-field message and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = openForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Email is invalid' for an address without a domain", async () => {
    const { user } = openForm();
    await user.type(screen.getByLabelText(/^Email/), 'asha@shop');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('clears only the edited field’s error', async () => {
    const { user } = openForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await user.type(screen.getByLabelText(/^Subject/), 'H');
    expect(screen.queryByText('Subject is required')).not.toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'x');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'A');
    await user.type(screen.getByLabelText(/^Message/), 'B');
    expect(screen.queryByText(/is required$/)).not.toBeInTheDocument();
  });

  it('posts to the public contact call and shows the success message', async () => {
    // A signed-in visitor's token must not ride along on a public call.
    localStorage.setItem(LOCAL.token, makeToken());
    const { calls } = stubFetch(() => jsonResponse(201, { ok: true }));
    await sendValidForm();
    expect(await screen.findByText(SUCCESS)).toHaveAttribute('role', 'status');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/contact');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@shop.in',
      company: 'Asha Prints',
      subject: 'Demo',
      message: 'Please show me the queue.',
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('shows the failure message naming the support address when the server fails', async () => {
    stubFetch(() => jsonResponse(500, { error: 'boom', code: 'INTERNAL' }));
    await sendValidForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
    expect(CONTACT_TEXT.failureMessage).toBe(FAILURE);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Rao');
  });

  it('adds the rate-limit reason to the failure message on 429', async () => {
    stubFetch(() => jsonResponse(429, { error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' }));
    await sendValidForm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE);
    expect(alert).toHaveTextContent('Too many attempts. Please try again in a few minutes.');
  });

  it('gives up after 10 seconds with the failure message', async () => {
    vi.useFakeTimers();
    const fetchMock = stubSilentServer();
    render(<ContactForm />);
    const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Name/, 'Asha');
    type(/^Email/, 'asha@shop.in');
    type(/^Subject/, 'Hi');
    type(/^Message/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_900);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    // waitFor polls on timers, which are fake here; the advance above already settled the call.
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
  });
});
