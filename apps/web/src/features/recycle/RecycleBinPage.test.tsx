import type { TRecycleItem } from '@counterprint/contract';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL } from '../../api/storage';
import { jsonResponse } from '../../test/helpers';
import { renderPage } from '../../test/render';
import RecycleBinPage from './RecycleBinPage';

const SHOP = '5a0e8a4e-1111-4222-8333-444455556666';

function item(id: string, name: string, expiresInMs: number): TRecycleItem {
  return {
    id,
    name,
    type: 'pdf',
    size: 2048,
    deletedAt: new Date(Date.now() - 60_000).toISOString(),
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    savedAt: null,
    jobId: 'job-1',
    jobNumber: 3,
    customer: { id: null, name: 'Asha', registered: false },
    previewUrl: null,
  };
}

/** Answers by path, every time: the page polls, so calls are not counted out one by one. */
function serve(bin: () => TRecycleItem[], saved: () => TRecycleItem[] = () => [], gate: Promise<void> = Promise.resolve()) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'PUT' && url.includes('/revert')) {
        const answer = bin()[0];
        await gate;
        return jsonResponse(200, answer);
      }
      if (url.startsWith('/api/recycle/saved')) return jsonResponse(200, saved());
      if (url.startsWith('/api/recycle?')) return jsonResponse(200, { items: bin() });
      if (url.startsWith('/api/shops/')) return jsonResponse(200, []);
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

beforeEach(() => {
  localStorage.setItem(LOCAL.activeShopId, SHOP);
  localStorage.setItem(LOCAL.activeShopSlug, 'demo-prints');
});

describe('recycle bin', () => {
  it('marks a file Expired, then the 10-second check removes it with the notice', async () => {
    vi.useFakeTimers();
    const soon = item('f1', 'soon.pdf', 5_000);
    const later = item('f2', 'later.pdf', 20 * 60_000);
    serve(() => [soon, later]);
    renderPage(<RecycleBinPage />);
    await act(() => vi.advanceTimersByTimeAsync(50));

    const card = screen.getByText('soon.pdf').closest('li')!;
    expect(within(card).getByText(/00:05/)).toHaveClass('bg-amber-50');
    expect(within(screen.getByText('later.pdf').closest('li')!).getByText(/20:00/)).not.toHaveClass('bg-amber-50');

    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save soon.pdf' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore soon.pdf' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete soon.pdf' })).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText('1 file(s) expired and removed.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('soon.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('later.pdf')).toBeInTheDocument();
  });

  it('refreshes every 5 seconds', async () => {
    vi.useFakeTimers();
    const calls = serve(() => []);
    renderPage(<RecycleBinPage />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const binCalls = () => calls.filter((c) => c.url.startsWith('/api/recycle?')).length;
    expect(binCalls()).toBe(1);
    expect(screen.getByText('The recycle bin is empty')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(binCalls()).toBe(2);
  });

  it('restores only after the confirmation, with the progress and success words', async () => {
    let bin = [item('f1', 'flyer.pdf', 30 * 60_000)];
    let open = () => {};
    const calls = serve(
      () => bin,
      () => [],
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const { user } = renderPage(<RecycleBinPage />);
    await user.click(await screen.findByRole('button', { name: 'Restore flyer.pdf' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const dialog = screen.getByRole('alertdialog', { name: 'Restore this file?' });
    const answered = bin[0]!;
    await user.click(within(dialog).getByRole('button', { name: 'Restore file' }));
    expect(await screen.findByText('Restoring file...')).toBeInTheDocument();
    bin = [];
    open();
    expect(await screen.findByText('File restored to dashboard.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe(`/api/recycle/${answered.id}/revert`);
    expect(await screen.findByText('The recycle bin is empty')).toBeInTheDocument();
  });

  it('shows the failure message when an action fails', async () => {
    serve(() => [item('f1', 'flyer.pdf', 30 * 60_000)]);
    const { user } = renderPage(<RecycleBinPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete flyer.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Action failed. Try again.')).toBeInTheDocument();
  });

  it('lists saved files below with Delete only', async () => {
    const keep = { ...item('s1', 'kept.png', 0), expiresAt: null, savedAt: new Date().toISOString() };
    serve(
      () => [],
      () => [keep],
    );
    renderPage(<RecycleBinPage />);
    const saved = screen.getByRole('region', { name: 'Saved Files' });
    expect(await within(saved).findByText('kept.png')).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: 'Delete kept.png' })).toBeInTheDocument();
    expect(within(saved).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});
