import { BACK_TO_QUEUE_REFUSED, PRICE_AT_THE_COUNTER, type TJob } from '@counterprint/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedHandlers, LiveStatus } from '../../api/stomp';
import { LOCAL, setActiveShop } from '../../api/storage';
import { makeEstimate, makeJob, printLine } from '../../test/fixtures';
import { jsonResponse, makeToken } from '../../test/helpers';
import { renderPage } from '../../test/render';
import PrintJobsPage from './PrintJobsPage';

const feed = vi.hoisted(() => ({
  handlers: null as Omit<FeedHandlers, 'onStatus'> | null,
  shopIds: [] as (string | null)[],
  status: 'connected' as LiveStatus,
}));
vi.mock('../../api/stomp', () => ({
  useShopJobsFeed: (shopId: string | null, handlers: Omit<FeedHandlers, 'onStatus'>) => {
    feed.handlers = handlers;
    if (feed.shopIds.at(-1) !== shopId) feed.shopIds.push(shopId);
    return { status: feed.status, everConnected: true };
  },
}));
const alerts = vi.hoisted(() => ({ chimes: 0, silenced: 0, notified: [] as string[] }));
vi.mock('./arrivalAlerts', () => ({
  startChime: () => {
    alerts.chimes++;
    return () => void alerts.silenced++;
  },
  notifyArrival: (job: { id: string }) => void alerts.notified.push(job.id),
  notificationsSupported: () => false,
  askNotificationPermission: async () => 'denied',
  soundState: () => 'unsupported',
  onSoundStateChange: () => () => {},
  enableSound: async () => false,
}));

type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Answers by URL, since the list, links, preview and rate card load side by side. */
function serve(routes: Record<string, Route>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      // The longest route that fits: the thumbnails of /api/shops/shop-1/print-jobs/thumbnails are not the list.
      const key = Object.keys(routes)
        .filter((k) => url.startsWith(k))
        .sort((a, b) => b.length - a.length)[0];
      if (!key) throw new Error(`Unexpected fetch ${url}`);
      return routes[key]!(url, init);
    }),
  );
  return calls;
}

/** A queue card: its button is named by what it shows first (the job's number and customer); the rest sits beside it. */
const card = (name: string) => screen.getByRole('button', { name }).closest('li')!;

const queued = makeJob({ id: 'j1', number: 7, customerName: 'Asha', createdAt: new Date(Date.now() - 120_000).toISOString() }, [4, 2]);
/** The shop's public details as the options editor reads them: its papers and colour detection. */
const details = { papers: ['A4', 'A3'], colorDetection: false, rateCard: [] };

beforeEach(() => {
  localStorage.setItem(LOCAL.token, makeToken());
  setActiveShop('shop-1', 'demo-prints', false);
  feed.status = 'connected';
  feed.shopIds = [];
  alerts.chimes = 0;
  alerts.silenced = 0;
  alerts.notified = [];
  let n = 0;
  vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: () => `blob:file-${++n}`, revokeObjectURL: () => {} }));
});

const baseRoutes = (jobs: TJob[]): Record<string, Route> => ({
  '/api/shops/shop-1/print-jobs': () => jsonResponse(200, jobs),
  '/api/shops-action/print-jobs/j1/signed-urls': () => jsonResponse(200, ['/files/a?sig=1', '/files/b?sig=2']),
  '/api/shops-action/print-jobs/j1/files': () =>
    jsonResponse(200, [
      { fileId: 'j1-f0', original: '/files/a?sig=1', view: '/files/a-view?sig=1', pdf: null, preview: null, thumbnail: null },
      { fileId: 'j1-f1', original: '/files/b?sig=2', view: '/files/b-view?sig=2', pdf: null, preview: null, thumbnail: null },
    ]),
  '/files/': () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'Content-Length': '4' } }),
  '/api/public/shops/demo-prints/details': () => jsonResponse(200, details),
  '/api/shops/shop-1/upload-refusals': () => jsonResponse(200, []),
  '/api/shops/shop-1/uploads-in-progress': () => jsonResponse(200, []),
});

describe('/printJob', () => {
  it('tells staff when uploads to the shop are being refused, one line per reason with what to do', async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/shop-1/upload-refusals': () =>
        jsonResponse(200, [
          { reason: 'RATE_LIMITED', count: 12, lastAt: new Date().toISOString() },
          { reason: 'STORAGE_FULL', count: 1, lastAt: new Date().toISOString() },
        ]),
    });
    renderPage(<PrintJobsPage />);
    const notice = await screen.findByRole('region', { name: 'Refused uploads' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '12 uploads to your shop were refused in the last hour: customers sharing one connection hit the upload limit. They can try again in a few minutes.',
      "1 upload to your shop was refused in the last hour: your shop's storage is full. Empty the recycle bin or delete old jobs to make room.",
    ]);
  });

  it('shows no refusal notice while nothing is refused', async () => {
    const calls = serve(baseRoutes([queued]));
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/upload-refusals'))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Refused uploads' })).not.toBeInTheDocument();
  });

  it('lists the queue, tells the connection truth, and shows a new job without a reload', async () => {
    serve(baseRoutes([queued]));
    feed.status = 'disconnected';
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(screen.getByText('1 job')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live updates: Disconnected' })).toHaveTextContent('Disconnected');
    expect(screen.getByText('Select a user to view documents')).toBeInTheDocument();
    expect(feed.shopIds).toEqual(['shop-1']);

    // The unopened job already waiting chimes from the start.
    await waitFor(() => expect(alerts.chimes).toBe(1));
    const arrival = makeJob({ id: 'j2', number: 8, customerName: 'Ravi', createdAt: new Date().toISOString() }, [120]);
    act(() => feed.handlers!.onMessage({ action: 'created', job: arrival }));
    expect(await screen.findByText('Ravi')).toBeInTheDocument();
    expect(screen.getByText('2 jobs')).toBeInTheDocument();
    expect(screen.getByText('120 sheets')).toHaveClass('bg-orange-100');
    // The arrival starts the chime again, so its first beep is for this job.
    expect(alerts).toEqual({ chimes: 2, silenced: 1, notified: ['j2'] });

    // The same job again, or one for an action we do not know, changes nothing and stays quiet.
    act(() => feed.handlers!.onMessage({ action: 'created', job: arrival }));
    act(() => feed.handlers!.onMessage({ action: 'archived', job: makeJob({ id: 'j9' }) }));
    expect(screen.getByText('2 jobs')).toBeInTheDocument();
    expect(alerts.chimes).toBe(2);
  });

  it("marks a job printed with the estimate's total and the payment method, and it leaves the queue", async () => {
    const calls = serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/mark-printed': () => jsonResponse(200, { ...queued, status: 'done', printedAt: new Date().toISOString() }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
    const viewer = await screen.findByRole('region', { name: 'Job #7' });
    expect(within(viewer).getByText('file-1.pdf')).toBeInTheDocument();
    expect(within(viewer).getByText('1 KB · 4 pages')).toBeInTheDocument();
    expect(await within(viewer).findByTitle('Preview of file-1.pdf')).toHaveAttribute('src', 'blob:file-1');

    await user.click(within(viewer).getByRole('button', { name: 'Mark Printed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
    // The server's estimate: 6 sides at ₹2.
    expect(within(dialog).getByLabelText('Amount (₹)')).toHaveValue('12.00');
    await user.click(within(dialog).getByRole('button', { name: 'UPI' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.url.endsWith('/mark-printed'));
    expect(post).toEqual({ url: '/api/shops/print-jobs/j1/mark-printed', method: 'POST', body: { amount: 12, paymentMethod: 'upi' } });
    expect(screen.getByText('0 jobs')).toBeInTheDocument();
    expect(screen.getByText('The queue is empty')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Printed today' }));
    expect(screen.getByText('1 job')).toBeInTheDocument();
  });

  it('undoes Mark Printed from the toast, and from Move back to queue on the printed job while its files are in the bin', async () => {
    const done = {
      ...queued,
      status: 'done' as const,
      printedAt: new Date().toISOString(),
      files: queued.files.map((f) => ({ ...f, state: 'recycled' as const })),
    };
    let answer = () => jsonResponse(200, queued);
    const calls = serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/mark-printed': () => jsonResponse(200, done),
      '/api/shops/print-jobs/j1/back-to-queue': () => answer(),
    });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
    await user.click(within(await screen.findByRole('region', { name: 'Job #7' })).getByRole('button', { name: 'Mark Printed' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Mark as Printed?' })).getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByText('Job #7 marked as printed.');
    expect(await screen.findByText('The queue is empty')).toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Job #7 is back in the queue.')).toBeInTheDocument();
    expect(screen.getByText('1 job')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/back-to-queue')).map((c) => c.method)).toEqual(['POST']);

    // Printed again: the printed job offers Move back to queue, and a refusal is said in staff's words.
    await user.click(within(screen.getByRole('region', { name: 'Job #7' })).getByRole('button', { name: 'Mark Printed' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Mark as Printed?' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    answer = () => jsonResponse(409, { error: BACK_TO_QUEUE_REFUSED['files-gone'], code: 'FILES_GONE' });
    await user.click(within(screen.getByRole('region', { name: 'Job #7' })).getByRole('button', { name: 'Move back to queue' }));
    expect(await screen.findByText(`Could not move the job back to the queue. ${BACK_TO_QUEUE_REFUSED['files-gone']}`)).toBeInTheDocument();
    expect(screen.getByText('The queue is empty')).toBeInTheDocument();
  });

  it('says which files could not be counted, on the card and in the viewer', async () => {
    const job = makeJob({ id: 'j1', number: 7, customerName: 'Asha' }, [4, 0]);
    job.files[1] = { ...job.files[1]!, pages: null, pagesStatus: 'uncountable' };
    serve(baseRoutes([job]));
    const { user } = renderPage(<PrintJobsPage />);
    expect(await screen.findByText('1 file: pages could not be counted')).toBeInTheDocument();
    expect(screen.getByText('4 sheets')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '#7 Asha' }));
    const viewer = await screen.findByRole('region', { name: 'Job #7' });
    expect(within(viewer).getByText('1 KB · 4 pages')).toBeInTheDocument();
    expect(within(viewer).getByText('2 KB · pages could not be counted')).toBeInTheDocument();
  });

  it("says 'Failed to mark job as printed.' when the call fails, and keeps the job queued", async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/mark-printed': () => jsonResponse(409, { error: 'Job is already printed', code: 'JOB_NOT_QUEUED' }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Printed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to mark job as printed. Job is already printed');
    expect(screen.getByText('1 job')).toBeInTheDocument();
  });

  it('follows the shop switcher: a new shop gets its own list and feed', async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/shop-2/print-jobs': () => jsonResponse(200, []),
    });
    renderPage(<PrintJobsPage />);
    await screen.findByText('Asha');
    act(() => setActiveShop('shop-2', 'other-shop'));
    expect(await screen.findByText('The queue is empty')).toBeInTheDocument();
    expect(feed.shopIds).toEqual(['shop-1', 'shop-2']);
  });

  it('loads older jobs a page at a time below the newest 100, and stops when a page comes back short', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, 0) - i * 60_000).toISOString();
    const newest = Array.from({ length: 100 }, (_, i) =>
      makeJob({ id: `n${i}`, number: 500 - i, customerName: `New ${i}`, createdAt: at(i) }),
    );
    const older = [makeJob({ id: 'o1', number: 42, customerName: 'Older Olga', createdAt: at(200) })];
    const calls = serve({
      ...baseRoutes([]),
      '/api/shops/shop-1/print-jobs': (url) => jsonResponse(200, url.includes('before=') ? older : newest),
    });
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('New 0')).toBeInTheDocument();
    expect(screen.queryByText('Older Olga')).not.toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Load older jobs' }).click());
    expect(await screen.findByText('Older Olga')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('print-jobs?')).at(-1)?.url).toContain('before=n99');
    expect(screen.getByText('101 jobs')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older jobs' })).not.toBeInTheDocument());
  });

  it('offers no older jobs when the newest page is not full', async () => {
    serve(baseRoutes([queued]));
    renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older jobs' })).not.toBeInTheDocument();
  });

  describe('a busy counter (issue 16)', () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // The server sends newest first.
    const three = [
      makeJob({ id: 'j3', number: 3, customerName: 'Chitra', createdAt: minutesAgo(1), uploadedAt: minutesAgo(1) }, [1]),
      makeJob({ id: 'j2', number: 2, customerName: 'Rajpal', createdAt: minutesAgo(5), uploadedAt: minutesAgo(5) }, [2]),
      makeJob({ id: 'j1', number: 1, customerName: 'Asha', createdAt: minutesAgo(9), uploadedAt: minutesAgo(9) }, [4, 2]),
    ];
    const rowNames = () =>
      within(screen.getByRole('list', { name: 'Jobs' }))
        .getAllByRole('button')
        .map((b) => b.textContent);

    it('lists one line per job, oldest unprinted first, with a remembered toggle for newest first', async () => {
      serve(baseRoutes(three));
      const { user, unmount } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      expect(rowNames()).toEqual(['#1 Asha', '#2 Rajpal', '#3 Chitra']);
      // Number, name, files, sheets and the age; under them, how it prints and the estimate's total.
      const row = card('#1 Asha');
      expect(row).toHaveTextContent('#1');
      expect(row).toHaveTextContent('2 files');
      expect(row).toHaveTextContent('6 sheets');
      expect(within(row).getByTestId('job-total')).toHaveTextContent('₹12.00');
      expect(row).toHaveTextContent('9 min');
      // A screen reader hears the rest of the card after the name.
      expect(screen.getByRole('button', { name: '#1 Asha' })).toHaveAccessibleDescription(
        expect.stringMatching(/2 files.*6 sheets.*9 min ?ago.*₹12\.00/),
      );

      await user.click(screen.getByRole('button', { name: 'Order: oldest first. Change' }));
      expect(rowNames()).toEqual(['#3 Chitra', '#2 Rajpal', '#1 Asha']);
      unmount();

      renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      expect(screen.getByRole('button', { name: 'Order: newest first. Change' })).toBeInTheDocument();
      expect(rowNames()[0]).toBe('#3 Chitra');
    });

    it('moves with j/k, opens with Enter, asks Mark Printed with p, and ignores keys typed in a field', async () => {
      serve({ ...baseRoutes(three), '/api/shops-action/print-jobs/': () => jsonResponse(200, ['/files/a?sig=1', '/files/b?sig=2']) });
      const { user } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      const cursor = () => document.querySelector('[data-cursor="true"]')?.textContent;

      await user.keyboard('j');
      expect(cursor()).toBe('#1 Asha');
      await user.keyboard('jjj');
      expect(cursor()).toBe('#3 Chitra');
      await user.keyboard('k');
      expect(cursor()).toBe('#2 Rajpal');
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('region', { name: 'Job #2' })).toBeInTheDocument();

      // After a click the row keeps focus; j then Enter opens the row the cursor moved to, not the clicked one.
      await user.click(screen.getByRole('button', { name: '#3 Chitra' }));
      await user.keyboard('k{Enter}');
      expect(await screen.findByRole('region', { name: 'Job #2' })).toBeInTheDocument();

      await user.keyboard('k');
      await user.keyboard('p');
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
      expect(screen.getByRole('region', { name: 'Job #1' })).toBeInTheDocument();
      // Keys inside the dialog belong to the dialog.
      await user.keyboard('j');
      expect(cursor()).toBe('#1 Asha');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

      const search = screen.getByRole('searchbox', { name: 'Search by customer name or phone' });
      await user.click(search);
      await user.keyboard('jp');
      expect(search).toHaveValue('jp');
      // Rajpal still shows; a j that moved the cursor would land on him, and a p would ask to print.
      expect(rowNames()).toEqual(['#2 Rajpal']);
      expect(cursor()).toBe(undefined);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('opens the print panel with b and sends the job to the chosen printer with s, and lists both keys on ?', async () => {
      const calls = serve({
        ...baseRoutes(three),
        '/api/shops-action/print-jobs/': () => jsonResponse(200, ['/files/a?sig=1', '/files/b?sig=2']),
        '/api/shops/shop-1/printers': () =>
          jsonResponse(200, {
            devices: [],
            choice: { bw: { deviceId: 'd1', uri: 'ipp://b', name: 'Counter B&W' }, color: null, markPrintedOnComplete: false },
            warnings: [],
          }),
        '/api/shops/print-jobs/j2/send-to-printer': () => new Response(null, { status: 204 }),
      });
      const { user } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      await user.keyboard('jb');
      const viewer = await screen.findByRole('region', { name: 'Job #1' });
      expect(await within(viewer).findByRole('region', { name: 'Print from this browser' })).toBeInTheDocument();
      expect(within(viewer).getByRole('button', { name: 'Print' })).toHaveAttribute('aria-expanded', 'true');

      await user.keyboard('js');
      expect(await screen.findByRole('region', { name: 'Job #2' })).toBeInTheDocument();
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/send-to-printer')).map((c) => c.url)).toEqual([
          '/api/shops/print-jobs/j2/send-to-printer',
        ]),
      );

      await user.keyboard('?');
      expect(screen.getByText('Print it from this browser')).toBeInTheDocument();
      expect(screen.getByText('Send it to the printer')).toBeInTheDocument();
    });

    it('lists the keys on ?', async () => {
      serve(baseRoutes(three));
      const { user } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      expect(screen.queryByRole('definition')).not.toBeInTheDocument();
      await user.keyboard('?');
      expect(screen.getByText('Mark it printed')).toBeInTheDocument();
    });

    it('counts unopened queued jobs in the tab title, and a reload remembers which were opened', async () => {
      serve(baseRoutes(three));
      document.title = 'Counterprint';
      const { user, unmount } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      await waitFor(() => expect(document.title).toBe('(3) Print — Counterprint'));
      await user.click(screen.getByRole('button', { name: '#2 Rajpal' }));
      await waitFor(() => expect(document.title).toBe('(2) Print — Counterprint'));

      act(() =>
        feed.handlers!.onMessage({
          action: 'created',
          job: makeJob({ id: 'j4', number: 4, customerName: 'Deepa', createdAt: minutesAgo(0) }),
        }),
      );
      await waitFor(() => expect(document.title).toBe('(3) Print — Counterprint'));
      unmount();
      expect(document.title).toBe('Counterprint');

      renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      await waitFor(() => expect(document.title).toBe('(2) Print — Counterprint'));
    });

    it('chimes until every waiting job is opened or acknowledged; acknowledged jobs still count in the title', async () => {
      serve(baseRoutes(three));
      const { user } = renderPage(<PrintJobsPage />);
      await screen.findByText('Chitra');
      expect(screen.getByText('3 new jobs waiting')).toBeInTheDocument();
      await waitFor(() => expect(alerts.chimes).toBe(1));
      await user.click(screen.getByRole('button', { name: '#2 Rajpal' }));
      expect(screen.getByText('2 new jobs waiting')).toBeInTheDocument();
      expect(alerts.silenced).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
      expect(alerts.silenced).toBe(1);
      expect(screen.queryByText(/new jobs? waiting/)).not.toBeInTheDocument();
      expect(document.title).toBe('(2) Print — Counterprint');

      // A job arriving after that chimes again, on its own.
      act(() =>
        feed.handlers!.onMessage({
          action: 'created',
          job: makeJob({ id: 'j4', number: 4, customerName: 'Deepa', createdAt: minutesAgo(0) }),
        }),
      );
      expect(await screen.findByText('1 new job waiting')).toBeInTheDocument();
      expect(alerts.chimes).toBe(2);
      await user.click(screen.getByRole('button', { name: '#4 Deepa' }));
      expect(alerts.silenced).toBe(2);
      expect(document.title).toBe('(2) Print — Counterprint');
    });
  });

  describe('documents and photos (issue 18)', () => {
    const docJob = () => {
      const job = makeJob({ id: 'j1', number: 7, customerName: 'Asha', createdAt: new Date(Date.now() - 60_000).toISOString() }, [3, 1]);
      job.files[0] = { ...job.files[0]!, name: 'report.docx', kind: 'docx', conversion: 'converted', thumbnail: true };
      job.files[1] = { ...job.files[1]!, name: 'IMG_0001.HEIC', kind: 'heic', contentType: 'image/heic', thumbnail: false };
      return job;
    };
    const fileLinks = [
      {
        fileId: 'j1-f0',
        original: '/files/doc?sig=1',
        view: null,
        pdf: '/files/doc-pdf?sig=1',
        pdfDownload: '/files/doc-pdf-download?sig=1',
        preview: null,
        thumbnail: '/files/doc-thumb?sig=1',
      },
      { fileId: 'j1-f1', original: '/files/heic?sig=1', view: null, pdf: null, preview: '/files/heic-jpeg?sig=1', thumbnail: null },
    ];
    const other = makeJob({ id: 'j2', number: 8, customerName: 'Ravi', createdAt: new Date(Date.now() - 30_000).toISOString() });

    it('shows thumbnails on the rows, asking once for the jobs that have them, and again when a live update adds one', async () => {
      let thumbnailAnswers = 0;
      const calls = serve({
        ...baseRoutes([docJob(), other]),
        '/api/shops/shop-1/print-jobs/thumbnails': () =>
          jsonResponse(
            200,
            ++thumbnailAnswers === 1
              ? { 'j1-f0': '/files/doc-thumb?sig=1' }
              : { 'j1-f0': '/files/doc-thumb?sig=2', 'j1-f1': '/files/heic-thumb?sig=2' },
          ),
      });
      renderPage(<PrintJobsPage />);
      const row = await screen.findByRole('button', { name: '#7 Asha' });
      await waitFor(() =>
        expect(
          within(row)
            .getAllByTestId('file-thumb')
            .map((img) => img.getAttribute('src')),
        ).toEqual(['/files/doc-thumb?sig=1']),
      );
      const asked = () => calls.filter((c) => c.url.includes('/thumbnails')).map((c) => c.url);
      // Ravi's job has no thumbnail, so it is not asked about.
      expect(asked()).toEqual(['/api/shops/shop-1/print-jobs/thumbnails?jobs=j1']);
      expect(within(card('#8 Ravi')).queryByTestId('file-thumb')).not.toBeInTheDocument();

      const updated = docJob();
      updated.files[1] = { ...updated.files[1]!, thumbnail: true };
      act(() => feed.handlers!.onMessage({ action: 'updated', job: updated }));
      await waitFor(() =>
        expect(
          within(card('#7 Asha'))
            .getAllByTestId('file-thumb')
            .map((img) => img.getAttribute('src')),
        ).toEqual(['/files/doc-thumb?sig=2', '/files/heic-thumb?sig=2']),
      );
      expect(asked()).toHaveLength(2);
    });

    it('marks a converting document on its row and in the viewer, and previews it once converted', async () => {
      const converting = docJob();
      converting.files[0] = { ...converting.files[0]!, conversion: 'converting', thumbnail: false, pages: null, pagesStatus: 'counting' };
      let linkAnswers = 0;
      serve({
        ...baseRoutes([converting]),
        '/api/shops-action/print-jobs/j1/files': () =>
          jsonResponse(200, ++linkAnswers === 1 ? [{ ...fileLinks[0]!, pdf: null, thumbnail: null }, fileLinks[1]] : fileLinks),
        '/api/shops/shop-1/print-jobs/thumbnails': () => jsonResponse(200, { 'j1-f0': '/files/doc-thumb?sig=1' }),
      });
      const { user } = renderPage(<PrintJobsPage />);
      const row = await screen.findByRole('button', { name: '#7 Asha' });
      expect(within(card('#7 Asha')).getByText('1 file converting')).toBeInTheDocument();
      await user.click(row);
      const viewer = await screen.findByRole('region', { name: 'Job #7' });
      expect(within(viewer).getByTestId('file-badge')).toHaveTextContent('Converting…');
      expect(within(viewer).getByRole('status', { name: 'Converting to PDF' })).toBeInTheDocument();
      expect(within(viewer).queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();

      act(() => feed.handlers!.onMessage({ action: 'updated', job: { ...docJob(), files: docJob().files.map((f) => ({ ...f })) } }));
      expect(await within(viewer).findByTitle('Preview of report.docx')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
      expect(within(viewer).queryByTestId('file-badge')).not.toBeInTheDocument();
      expect(within(viewer).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
      expect(within(card('#7 Asha')).queryByText('1 file converting')).not.toBeInTheDocument();
      expect(linkAnswers).toBe(2);
    });

    it("shows a photo's JPEG preview, and downloads the original or the converted PDF under a PDF name", async () => {
      const calls = serve({
        ...baseRoutes([docJob()]),
        '/api/shops-action/print-jobs/j1/files': () => jsonResponse(200, fileLinks),
        '/api/shops/shop-1/print-jobs/thumbnails': () => jsonResponse(200, { 'j1-f0': '/files/doc-thumb?sig=1' }),
      });
      const saved: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const { user } = renderPage(<PrintJobsPage />);
      await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
      const viewer = await screen.findByRole('region', { name: 'Job #7' });
      await within(viewer).findByTitle('Preview of report.docx');
      const files = within(viewer).getByRole('list', { name: 'Files' });
      await waitFor(() =>
        expect(
          within(files)
            .getAllByTestId('file-thumb')
            .map((img) => img.getAttribute('src')),
        ).toEqual(['/files/doc-thumb?sig=1']),
      );

      await user.click(within(viewer).getByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(saved).toEqual(['Job 7 - report.pdf']));
      await user.click(within(viewer).getByRole('button', { name: 'Download original' }));
      await waitFor(() => expect(saved).toEqual(['Job 7 - report.pdf', 'Job 7 - report.docx']));
      const fetched = calls.filter((c) => c.url.startsWith('/files/')).map((c) => c.url);
      // The viewer draws the inline PDF; Download PDF saves it through its download link, which the receipt counts.
      expect(fetched).toEqual(['/files/doc-pdf?sig=1', '/files/doc-pdf-download?sig=1', '/files/a?sig=1']);

      await user.click(within(viewer).getByText('IMG_0001.HEIC'));
      expect(await within(viewer).findByAltText('Preview of IMG_0001.HEIC')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
      expect(calls.at(-1)?.url).toBe('/files/heic-jpeg?sig=1');
      expect(within(viewer).queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    });
  });

  describe('the print order (issue 19)', () => {
    /** Asha's job: 4 pages as they came, and 20 pages asked for twice, double-sided, on A3. */
    const printOrder = () => {
      const job = makeJob({ id: 'j1', number: 7, customerName: 'Asha', createdAt: new Date(Date.now() - 60_000).toISOString() }, [4, 20]);
      const second = job.files[1]!;
      job.files[1] = { ...second, options: { ...second.options, copies: 2, sides: 'double', paper: 'A3' }, printedSides: 40, sheets: 20 };
      const a3 = { id: 'svc-a3', serviceName: 'B&W A3 double', basePrice: 3 };
      job.estimate = makeEstimate([printLine(job.files[0]!, 4), printLine(job.files[1]!, 40, a3)]);
      return job;
    };

    it("shows each file's options and the estimate's total on the card, with the sheets the server counted", async () => {
      const job = printOrder();
      const pending = makeJob({ id: 'j2', number: 8, customerName: 'Ravi', createdAt: new Date().toISOString() }, [5]);
      pending.estimate = makeEstimate([
        printLine(pending.files[0]!, 5),
        {
          fileId: null,
          serviceId: null,
          description: `an add-on no longer offered — ${PRICE_AT_THE_COUNTER}`,
          quantity: 1,
          unitPrice: null,
          amount: null,
          missing: 'extra',
        },
      ]);
      serve(baseRoutes([job, pending]));
      renderPage(<PrintJobsPage />);
      await screen.findByRole('button', { name: '#7 Asha' });
      const row = card('#7 Asha');
      expect(
        within(row)
          .getAllByTestId('options-summary')
          .map((s) => s.textContent),
      ).toEqual(['file-1.pdf: B&W · A4', 'file-2.pdf: 2× · B&W · double · A3']);
      expect(within(row).getByTestId('job-total')).toHaveTextContent(/^₹128\.00$/);
      // 4 sheets and 20 (two double-sided copies of 20 pages), not the 24 pages.
      expect(row).toHaveTextContent('24 sheets');
      expect(screen.getByRole('button', { name: '#7 Asha' })).toHaveAccessibleDescription(expect.stringContaining('₹128.00'));

      const other = card('#8 Ravi');
      expect(
        within(other)
          .getAllByTestId('options-summary')
          .map((s) => s.textContent),
      ).toEqual(['B&W · A4']);
      expect(within(other).getByTestId('job-total')).toHaveTextContent('₹10.00 + at counter');
    });

    it("shows each file's lines in the viewer, and saves staff's change of options from the server's answer", async () => {
      const job = printOrder();
      const changed = printOrder();
      const first = changed.files[0]!;
      changed.files[0] = {
        ...first,
        options: { ...first.options, copies: 3, color: 'color', pages: '1-2' },
        printPages: 2,
        printedSides: 6,
        sheets: 6,
      };
      const colour = { id: 'svc-c', serviceName: 'Colour A4', basePrice: 10 };
      changed.estimate = makeEstimate([printLine(changed.files[0]!, 6, colour), changed.estimate.lines[1]!]);
      const calls = serve({
        ...baseRoutes([job]),
        '/api/shops/print-jobs/j1/options': () => jsonResponse(200, changed),
      });
      const { user } = renderPage(<PrintJobsPage />);
      await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
      const viewer = await screen.findByRole('region', { name: 'Job #7' });
      const lines = (name: string) =>
        within(within(viewer).getByRole('list', { name: `Price of ${name}` }))
          .getAllByRole('listitem')
          .map((li) => li.textContent);
      expect(lines('file-1.pdf')).toEqual(['Black & white A4 · 4 × ₹2.00₹8.00']);
      expect(lines('file-2.pdf')).toEqual(['B&W A3 double · 40 × ₹3.00₹120.00']);
      expect(
        within(viewer)
          .getAllByTestId('file-options')
          .map((o) => o.textContent),
      ).toEqual(['B&W · A4', '2× · B&W · double · A3']);
      expect(viewer).toHaveTextContent('40 sides · 20 sheets');
      expect(viewer).toHaveTextContent('Total₹128.00');

      await user.click(within(viewer).getByRole('button', { name: 'Edit print options of file-1.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Print options' });
      // The shop's papers, from its public details; no Auto while it does not detect colour.
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['A4', 'A3']),
      );
      expect(within(dialog).queryByRole('button', { name: 'Auto' })).not.toBeInTheDocument();
      const copies = within(dialog).getByLabelText('Copies');
      expect(copies).toHaveFocus();
      await user.clear(copies);
      await user.type(copies, '3');
      await user.click(within(dialog).getByRole('button', { name: 'Colour' }));
      const pages = within(dialog).getByLabelText('Pages');
      await user.clear(pages);
      await user.type(pages, '1-2');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Print options' })).not.toBeInTheDocument());
      expect(calls.find((c) => c.url.endsWith('/options'))).toEqual({
        url: '/api/shops/print-jobs/j1/options',
        method: 'PUT',
        body: {
          files: [
            { fileId: 'j1-f0', options: { copies: 3, color: 'color', sides: 'single', pages: '1-2', nup: 1, paper: 'A4', extras: [] } },
          ],
        },
      });
      expect(lines('file-1.pdf')).toEqual(['Colour A4 · 6 × ₹10.00₹60.00']);
      expect(within(viewer).getAllByTestId('file-options')[0]).toHaveTextContent('3× · colour · pp 1–2 · A4');
      expect(viewer).toHaveTextContent('Total₹180.00');
      expect(within(card('#7 Asha')).getByTestId('job-total')).toHaveTextContent('₹180.00');
      expect(screen.getByText('Print options saved for file-1.pdf.')).toBeInTheDocument();

      // The Mark Printed dialog starts at the new total.
      await user.click(within(viewer).getByRole('button', { name: 'Mark Printed' }));
      expect(within(await screen.findByRole('alertdialog')).getByLabelText('Amount (₹)')).toHaveValue('180.00');
    });

    it("checks the options before sending, and shows the server's refusal as it wrote it", async () => {
      const refusal = "file-2.pdf: paper must be one of this shop's sizes: A4";
      const calls = serve({
        ...baseRoutes([printOrder()]),
        '/api/shops/print-jobs/j1/options': () => jsonResponse(400, { error: refusal, code: 'INVALID_PRINT_OPTIONS' }),
      });
      const { user } = renderPage(<PrintJobsPage />);
      await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
      const viewer = await screen.findByRole('region', { name: 'Job #7' });
      await user.click(within(viewer).getByRole('button', { name: 'Edit print options of file-2.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Print options' });
      const copies = within(dialog).getByLabelText('Copies');
      await user.clear(copies);
      await user.type(copies, '0');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(copies).toHaveAccessibleDescription('copies must be between 1 and 99');
      expect(calls.some((c) => c.url.endsWith('/options'))).toBe(false);

      await user.clear(copies);
      await user.type(copies, '2{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
      expect(calls.filter((c) => c.url.endsWith('/options'))).toHaveLength(1);
      // Nothing changed: the card still shows the estimate it had.
      expect(within(card('#7 Asha')).getByTestId('job-total')).toHaveTextContent('₹128.00');
    });

    it('offers no editing once the job is printed', async () => {
      const done = { ...printOrder(), status: 'done' as const, printedAt: new Date().toISOString() };
      serve(baseRoutes([done]));
      const { user } = renderPage(<PrintJobsPage />);
      await user.click(await screen.findByRole('tab', { name: 'All' }));
      await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
      const viewer = await screen.findByRole('region', { name: 'Job #7' });
      expect(within(viewer).getAllByTestId('file-options')).toHaveLength(2);
      expect(within(viewer).queryByRole('button', { name: /^Edit print options/ })).not.toBeInTheDocument();
    });
  });

  it('asks for a shop first when there is none', async () => {
    localStorage.removeItem(LOCAL.activeShopId);
    renderPage(<PrintJobsPage />);
    expect(screen.getByRole('link', { name: 'Create your shop' })).toHaveAttribute('href', '/onboarding/shop');
  });
});

describe("/printJob: printing, the customer's UPI claim and status page (issue 20)", () => {
  /** Today at this local time, as the server sends it. */
  const todayAt = (hours: number, minutes: number) => {
    const at = new Date();
    at.setHours(hours, minutes, 0, 0);
    return at.toISOString();
  };
  const row = () => screen.getByRole('button', { name: '#7 Asha' });
  const asha = () => card('#7 Asha');
  const openViewer = async (user: ReturnType<typeof renderPage>['user']) => {
    await user.click(await screen.findByRole('button', { name: '#7 Asha' }));
    return screen.findByRole('region', { name: 'Job #7' });
  };
  const printingCalls = (calls: { url: string; method: string }[]) =>
    calls.filter((c) => c.url === '/api/shops/print-jobs/j1/printing' && c.method === 'POST');
  /** Records the names the browser was asked to save, instead of navigating. */
  const recordSaves = () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return saved;
  };

  it('marks a queued job whose customer says they paid by UPI, on its card and in the viewer, as it arrives live', async () => {
    serve(baseRoutes([queued]));
    const { user } = renderPage(<PrintJobsPage />);
    expect(await screen.findByText('Asha')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-claim')).not.toBeInTheDocument();

    act(() => feed.handlers!.onMessage({ action: 'updated', job: { ...queued, paymentClaimedAt: todayAt(14, 5) } }));
    expect(await within(asha()).findByTestId('payment-claim')).toHaveTextContent('Customer says paid (UPI) · 14:05');
    expect(row()).toHaveAccessibleDescription(expect.stringContaining('Customer says paid (UPI) · 14:05'));
    const viewer = await openViewer(user);
    expect(within(viewer).getByTestId('payment-claim')).toHaveTextContent('Customer says paid (UPI) · 14:05');
    // A claim is never shown as money received.
    expect(viewer).not.toHaveTextContent(/\bPaid\b|received/);

    await user.click(within(viewer).getByRole('button', { name: 'Mark Printed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark as Printed?' });
    expect(within(dialog).getByRole('button', { name: 'UPI' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows a stopped printer's reason on the job's card, not only inside the opened job", async () => {
    const printing = { printerName: 'Counter B&W', message: null, unsupported: [], updatedAt: todayAt(14, 2) };
    const stopped = {
      ...queued,
      files: [
        { ...queued.files[0]!, printing: { ...printing, state: 'stopped' as const, reasons: ['media-empty-report'] } },
        { ...queued.files[1]!, printing: { ...printing, state: 'stopped' as const, reasons: ['media-empty-report'] } },
      ],
    };
    serve(baseRoutes([stopped]));
    renderPage(<PrintJobsPage />);
    expect(
      await within(await screen.findByRole('button', { name: '#7 Asha' }).then(() => asha())).findByTestId('printer-stopped'),
    ).toHaveTextContent('Counter B&W stopped: out of paper');
    expect(within(asha()).getAllByTestId('printer-stopped')).toHaveLength(1);
    expect(row()).toHaveAccessibleDescription(expect.stringContaining('Counter B&W stopped: out of paper'));
  });

  it('offers no Print and no Send to printer once the job has no files left to print', async () => {
    const done = {
      ...queued,
      status: 'done' as const,
      printedAt: todayAt(14, 30),
      files: queued.files.map((f) => ({ ...f, state: 'recycled' as const })),
    };
    serve({ ...baseRoutes([done]), '/api/shops/shop-1/printers': () => jsonResponse(200, []) });
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('tab', { name: 'All' }));
    const viewer = await openViewer(user);
    expect(within(viewer).queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Send to printer' })).not.toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Download all' })).toBeInTheDocument();
  });

  it('shows no claim on a job that is printed', async () => {
    const done = {
      ...queued,
      status: 'done' as const,
      printedAt: todayAt(14, 30),
      paymentClaimedAt: todayAt(14, 5),
      printingAt: todayAt(14, 1),
    };
    serve(baseRoutes([done]));
    const { user } = renderPage(<PrintJobsPage />);
    await user.click(await screen.findByRole('tab', { name: 'All' }));
    const viewer = await openViewer(user);
    expect(screen.queryByTestId('payment-claim')).not.toBeInTheDocument();
    expect(screen.queryByTestId('printing-mark')).not.toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Start printing' })).not.toBeInTheDocument();
  });

  it('downloads leave the job open to its customer: Download all and one file save, and nothing says printing started', async () => {
    const calls = serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/printing': () => jsonResponse(200, { ...queued, printingAt: todayAt(14, 2) }),
    });
    const saved = recordSaves();
    const { user } = renderPage(<PrintJobsPage />);
    const viewer = await openViewer(user);
    const all = within(viewer).getByRole('button', { name: 'Download all' });
    await waitFor(() => expect(all).toBeEnabled());
    await user.click(all);
    await waitFor(() => expect(saved).toEqual(['Job 7 - file-1.pdf', 'Job 7 - file-2.pdf']));
    await user.click(within(viewer).getByRole('button', { name: 'Download file-2.pdf' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(printingCalls(calls)).toEqual([]);
    expect(within(viewer).queryByTestId('printing-mark')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Start printing' })).toBeInTheDocument();
  });

  it('says so when the server could not record that printing started', async () => {
    serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/printing': () => jsonResponse(500, { error: 'Database unavailable', code: 'INTERNAL' }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    const viewer = await openViewer(user);
    await user.click(within(viewer).getByRole('button', { name: 'Start printing' }));
    expect(
      await screen.findByText('Could not mark the job as printing, so the customer can still change it. Database unavailable'),
    ).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Start printing' })).toBeInTheDocument();
  });

  it('offers Start printing for a print from the preview, and hides it once the job is printing', async () => {
    const calls = serve({
      ...baseRoutes([queued]),
      '/api/shops/print-jobs/j1/printing': () => jsonResponse(200, { ...queued, printingAt: todayAt(9, 30) }),
    });
    const { user } = renderPage(<PrintJobsPage />);
    const viewer = await openViewer(user);
    await user.click(within(viewer).getByRole('button', { name: 'Start printing' }));
    expect(await within(viewer).findByTestId('printing-mark')).toHaveTextContent('Printing since 09:30');
    expect(within(viewer).queryByRole('button', { name: 'Start printing' })).not.toBeInTheDocument();
    expect(printingCalls(calls)).toEqual([{ url: '/api/shops/print-jobs/j1/printing', method: 'POST', body: undefined }]);
    // Nothing was downloaded: the preview's file is all that was fetched.
    expect(calls.filter((c) => c.url.startsWith('/files/')).map((c) => c.url)).toEqual(['/files/a-view?sig=1']);
  });

  it("copies the customer's status page as a full link, and opens it", async () => {
    const statusPath = '/j/AbCdEfGhIjKlMnOpQrStUv';
    serve(baseRoutes([{ ...queued, statusPath }]));
    const { user } = renderPage(<PrintJobsPage />);
    const viewer = await openViewer(user);
    expect(within(viewer).getByText("Customer's status page")).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${statusPath}`);
    expect(within(viewer).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const open = within(viewer).getByRole('link', { name: 'Open' });
    expect(open).toHaveAttribute('href', statusPath);
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('shows no status link for a job older than the status page', async () => {
    serve(baseRoutes([queued]));
    const { user } = renderPage(<PrintJobsPage />);
    const viewer = await openViewer(user);
    expect(within(viewer).queryByText("Customer's status page")).not.toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
