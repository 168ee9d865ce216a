import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_FEATURES } from '../api/feedback';
import { LOCAL } from '../api/storage';
import { jsonResponse, stubFetch } from '../test/helpers';
import { renderPage } from '../test/render';
import { FeedbackPrompt } from './FeedbackPrompt';
import { ToastProvider } from './Toast';

const FEATURE = FEEDBACK_FEATURES.earnings;

function page(feature: string = FEATURE) {
  return renderPage(
    <ToastProvider>
      <FeedbackPrompt feature={feature}>
        <button type="button">Underneath</button>
      </FeedbackPrompt>
    </ToastProvider>,
  );
}

async function openForm(user: ReturnType<typeof page>['user'], button = 'Leave feedback') {
  await user.click(screen.getByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: 'Request this feature' });
}

beforeEach(() => localStorage.setItem(LOCAL.activeShopSlug, 'demo-prints'));

describe('FeedbackPrompt', () => {
  it('covers nothing: the working screen is in reach at once, with no coming-soon notice', () => {
    page();
    expect(screen.getByRole('button', { name: 'Underneath' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave feedback' })).toBeInTheDocument();
  });
});

describe('Request this feature', () => {
  it("defaults to 'I want this feature', sends one request at a time, and thanks on success", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = page();
    const dialog = await openForm(user);
    expect(within(dialog).getByRole('checkbox', { name: 'I want this feature' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox'), '  Need it for GST  ');
    const submit = within(dialog).getByRole('button', { name: 'Submit feedback' });
    await user.click(submit);
    await user.click(submit);
    expect(within(dialog).getByRole('button', { name: /Submitting/ })).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/feature/feedback/analytics',
      body: { feature: 'Earnings Dashboard', wantFeature: true, message: 'Need it for GST', shopSlug: 'demo-prints' },
    });
    expect(Date.parse((calls[0]!.body as { timestamp: string }).timestamp)).not.toBeNaN();
    answer(jsonResponse(201, { ok: true, id: 'f1' }));
    expect(await screen.findByText('Thanks! Your feedback was submitted.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The form starts over: ticked, and the message cleared.
    const again = await openForm(user);
    expect(within(again).getByRole('checkbox')).toBeChecked();
    expect(within(again).getByRole('textbox')).toHaveValue('');
  });

  it('sends a null message and no wish when unticked, and keeps the form open on failure', async () => {
    const { calls } = stubFetch(() => jsonResponse(500, { error: 'Database down', code: 'INTERNAL' }));
    localStorage.removeItem(LOCAL.activeShopSlug);
    const { user } = page();
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I want this feature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit feedback. Please try again.');
    expect(calls[0]!.body).toMatchObject({ wantFeature: false, message: null, shopSlug: null });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit feedback' })).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
