import type { TPublicJob } from '@counterprint/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inkColor } from '../../lib/accent';
import { clockText } from '../../lib/format';
import { readRecentJobs } from '../../lib/recentJobs';
import { serveJob, stubEventSource } from '../../test/jobServer';
import { makePublicJob, PUBLIC_JOB_TOKEN, publicFile } from '../../test/publicJob';
import { renderPage } from '../../test/render';
import JobStatusPage from './JobStatusPage';
import { POLL_WITHOUT_EVENTS_MS, STREAM_FAILURES_BEFORE_POLLING } from './useLiveJob';

const TOKEN = PUBLIC_JOB_TOKEN;
const open = () => renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token' });
const number = () => screen.findByRole('heading', { level: 1, name: 'Job #12' });
const steps = () =>
  within(screen.getByRole('list', { name: 'Job progress' }))
    .getAllByRole('listitem')
    // The step's number is drawn beside it (aria-hidden); its words and state are what count.
    .map((li) => `${li.textContent?.replace(/^\d+/, '').replace(/ \((done|now)\)/, '')}:${li.dataset.state}`);
const sentence = () => screen.getByTestId('status-sentence');

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  stubEventSource();
});

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('job status page: what it shows', () => {
  const WAITING = 'The shop opens at 9:30 AM tomorrow; your files will be waiting.';
  const justSent = { sent: { fileCount: 1, waiting: WAITING } };

  it('says the files will be waiting while the shop has not printed them yet', async () => {
    serveJob(makePublicJob({ status: 'ready' }));
    renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token', state: justSent });
    await number();
    expect(screen.getByText(WAITING)).toBeInTheDocument();
  });

  it.each<TPublicJob['status']>(['printed', 'cancelled'])('drops "your files will be waiting" once the job is %s', async (status) => {
    serveJob(makePublicJob({ status }));
    renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token', state: justSent });
    await number();
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
  });

  it("wears the shop's own colour, as the shop's page does", async () => {
    serveJob(makePublicJob({ shopColor: '#7c3aed' }));
    open();
    await number();
    expect(document.documentElement.style.getPropertyValue('--color-brand-500')).toBe(inkColor('#7c3aed'));
  });

  it('shows the shop (linking to its page), the job number large, and the deletion time', async () => {
    const job = makePublicJob({ deleteAt: '2026-03-02T14:32:00.000Z' });
    serveJob(job);
    open();
    const heading = await number();
    expect(heading).toHaveClass('text-5xl');
    expect(screen.getByRole('link', { name: 'Print Hub' })).toHaveAttribute('href', '/public/print-hub');
    expect(screen.getByTestId('deletion-time')).toHaveTextContent(`Your files will be deleted by ${clockText(job.deleteAt!)}.`);
    expect(screen.getByRole('link', { name: 'Send more files' })).toHaveAttribute('href', '/public/print-hub');
    await waitFor(() => expect(document.title).toBe('Job #12 · Print Hub'));
  });

  it.each<[TPublicJob['status'], string, string[]]>([
    ['received', 'The shop has your files.', ['Received:current', 'Ready:todo', 'Printing:todo', 'Printed:todo', 'Files deleted:todo']],
    [
      'ready',
      'Ready to print. Quote your job number at the counter.',
      ['Received:done', 'Ready:current', 'Printing:todo', 'Printed:todo', 'Files deleted:todo'],
    ],
    [
      'printing',
      'The shop is printing your job.',
      ['Received:done', 'Ready:done', 'Printing:current', 'Printed:todo', 'Files deleted:todo'],
    ],
    [
      'printed',
      'Printed. Collect it at the counter.',
      ['Received:done', 'Ready:done', 'Printing:done', 'Printed:current', 'Files deleted:todo'],
    ],
  ])('%s: says so and marks the step', async (status, words, expected) => {
    serveJob(makePublicJob({ status }));
    open();
    await number();
    expect(sentence()).toHaveTextContent(words);
    expect(steps()).toEqual(expected);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      expected.find((s) => s.endsWith(':current'))!.split(':')[0]!,
    );
  });

  it('shows Converting only for a job with a document to convert', async () => {
    const docx = publicFile({
      name: 'letter.docx',
      kind: 'docx',
      conversion: 'converting',
      pages: null,
      printPages: null,
      printedSides: null,
      sheets: null,
    });
    serveJob(makePublicJob({ status: 'converting', files: [docx] }));
    open();
    await number();
    expect(sentence()).toHaveTextContent('Your documents are being prepared for printing.');
    expect(steps()).toEqual(['Received:done', 'Converting:current', 'Ready:todo', 'Printing:todo', 'Printed:todo', 'Files deleted:todo']);
    expect(within(screen.getByRole('list', { name: 'Your files' })).getByText('Preparing…')).toBeInTheDocument();
  });

  it('shows a cancelled job plainly, in red', async () => {
    serveJob(makePublicJob({ status: 'cancelled' }));
    open();
    await number();
    expect(sentence()).toHaveTextContent('This job is cancelled. The shop will not print it.');
    expect(sentence()).toHaveClass('text-red-800');
    expect(steps()).toEqual(['Received:done', 'Cancelled:current', 'Files deleted:todo']);
  });

  it('shows each file with its thumbnail, pages, options in words and price, and the total', async () => {
    const colour = publicFile({
      id: 'f2',
      name: 'poster.pdf',
      pages: 2,
      thumbnailUrl: '/files/t2?sig=2',
      options: { copies: 2, color: 'color', sides: 'double', pages: 'all', nup: 1, paper: 'A4', extras: [] },
      printPages: 2,
      printedSides: 4,
      sheets: 2,
    });
    const files = [publicFile(), colour];
    serveJob(
      makePublicJob({
        files,
        estimate: {
          total: 46,
          currency: 'INR',
          complete: true,
          lines: [
            {
              fileId: 'f1',
              serviceId: 'bw',
              description: 'report.pdf: Black & white A4',
              quantity: 3,
              unitPrice: 2,
              amount: 6,
              missing: null,
            },
            { fileId: 'f2', serviceId: 'col', description: 'poster.pdf: Colour A4', quantity: 4, unitPrice: 10, amount: 40, missing: null },
          ],
        },
      }),
    );
    open();
    await number();
    const row = (name: string) =>
      within(screen.getByRole('list', { name: 'Your files' }))
        .getByText(name)
        .closest('li') as HTMLElement;
    expect(within(row('report.pdf')).getByTestId('file-thumb')).toHaveAttribute('src', '/files/t1?sig=1');
    expect(within(row('report.pdf')).getByText('3 pages')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('B&W · A4')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('Black & white A4 · 3 × ₹2.00')).toBeInTheDocument();
    expect(within(row('poster.pdf')).getByTestId('file-thumb')).toHaveAttribute('src', '/files/t2?sig=2');
    expect(within(row('poster.pdf')).getByText('2× · colour · double · A4')).toBeInTheDocument();
    expect(within(row('poster.pdf')).getByText('Prints all 2 pages · 2 sheets')).toBeInTheDocument();
    expect(within(row('poster.pdf')).getByText('₹40.00')).toBeInTheDocument();
    expect(screen.getByTestId('job-total')).toHaveTextContent(/^Total₹46\.00$/);
  });

  it("shows the server's words for a link it does not know, and stops listening", async () => {
    const sources = stubEventSource();
    serveJob(null);
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('This job link is not valid. Check the link, or ask the shop.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(sources.every((s) => s.closed)).toBe(true);
  });

  it('remembers the job on this phone for the shop page', async () => {
    serveJob(makePublicJob());
    open();
    await number();
    expect(readRecentJobs().map((j) => [j.token, j.number, j.shopName, j.shopSlug])).toEqual([[TOKEN, 12, 'Print Hub', 'print-hub']]);
  });
});

describe('job status page: live', () => {
  it("looks again on the server's changed event and shows the new status without a reload", async () => {
    const sources = stubEventSource();
    const server = serveJob(makePublicJob({ status: 'ready' }));
    open();
    await number();
    expect(sources.map((s) => s.url)).toEqual([`/api/public/jobs/${TOKEN}/events`]);
    expect(server.looks()).toBe(1);
    server.set(makePublicJob({ status: 'printing' }));
    await act(async () => sources[0]!.emit('changed'));
    expect(await screen.findByText('The shop is printing your job.')).toBeInTheDocument();
    expect(server.looks()).toBe(2);
  });

  it('looks again when the stream (re)opens, as after a phone slept', async () => {
    const sources = stubEventSource();
    const server = serveJob(makePublicJob({ status: 'ready' }));
    open();
    await number();
    server.set(makePublicJob({ status: 'printed', printedAt: '2026-03-02T10:00:00.000Z' }));
    await act(async () => sources[0]!.emit('open'));
    expect(await screen.findByText('Printed. Collect it at the counter.')).toBeInTheDocument();
  });

  it('looks again when the page becomes visible, not while hidden, and when the phone comes online', async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    open();
    await number();
    server.set(makePublicJob({ status: 'printing' }));
    await act(async () => setVisibility('hidden'));
    expect(server.looks()).toBe(1);
    await act(async () => setVisibility('visible'));
    expect(await screen.findByText('The shop is printing your job.')).toBeInTheDocument();
    expect(server.looks()).toBe(2);
    server.set(makePublicJob({ status: 'printed' }));
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Printed. Collect it at the counter.')).toBeInTheDocument();
  });

  it('keeps what it knows on screen when a look fails, and says it is offline', async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    open();
    await number();
    server.on(`GET /api/public/jobs/${TOKEN}`, () => Promise.reject(new TypeError('Failed to fetch')));
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Offline: this is what was last known.')).toBeInTheDocument();
    expect(sentence()).toHaveTextContent('Ready to print.');
  });

  describe('timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

    it('does not poll while the event stream works', async () => {
      const server = serveJob(makePublicJob());
      open();
      await settle();
      expect(server.looks()).toBe(1);
      await settle(6 * POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(1);
    });

    it('falls back to looking every 10 s when the server refuses the stream', async () => {
      const sources = stubEventSource();
      const server = serveJob(makePublicJob({ status: 'ready' }));
      open();
      await settle();
      await act(async () => sources[0]!.refuse());
      server.set(makePublicJob({ status: 'printing' }));
      await settle(POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(2);
      expect(sentence()).toHaveTextContent('The shop is printing your job.');
    });

    it('falls back to looking every 10 s, and stops retrying the stream, when it fails again and again without opening', async () => {
      const sources = stubEventSource();
      const server = serveJob(makePublicJob({ status: 'ready' }));
      open();
      await settle();
      // Failures with an opened stream between them are a phone's dropped connections: no polling.
      for (let i = 1; i < STREAM_FAILURES_BEFORE_POLLING; i++) await act(async () => sources[0]!.fail());
      await act(async () => sources[0]!.emit('open'));
      for (let i = 1; i < STREAM_FAILURES_BEFORE_POLLING; i++) await act(async () => sources[0]!.fail());
      await settle(3 * POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(2);
      expect(sources[0]!.closed).toBe(false);

      await act(async () => sources[0]!.fail());
      expect(sources[0]!.closed).toBe(true);
      server.set(makePublicJob({ status: 'printing' }));
      await settle(POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(3);
      expect(sentence()).toHaveTextContent('The shop is printing your job.');
      expect(sources).toHaveLength(1);
    });

    it('without EventSource, looks every 10 s while visible, and not while hidden', async () => {
      vi.stubGlobal('EventSource', undefined);
      const server = serveJob(makePublicJob({ status: 'ready' }));
      open();
      await settle();
      expect(server.looks()).toBe(1);
      server.set(makePublicJob({ status: 'printing' }));
      await settle(POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(2);
      expect(sentence()).toHaveTextContent('The shop is printing your job.');
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      await settle(3 * POLL_WITHOUT_EVENTS_MS);
      expect(server.looks()).toBe(2);
    });
  });
});
