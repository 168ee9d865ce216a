import { CONVERSION_FAILURE_MESSAGES, type TEstimate, type TEstimateLine, type TJobCreated, type TPublicJob } from '@counterprint/contract';
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { POLL_EVERY_MS, POLL_FOR_MS } from './jobProgress';
import { UploadSuccess } from './UploadStates';

const TOKEN = 'c2VjcmV0LXRva2VuLTEyMw';
const NOTE = 'report.pdf is a Word document; it will be converted.';

const sent: TJobCreated = {
  jobId: 'job-1',
  fileCount: 2,
  number: 17,
  token: TOKEN,
  statusUrl: `/j/${TOKEN}`,
  files: [
    { id: 'f1', name: 'report.pdf', kind: 'docx', note: NOTE },
    { id: 'f2', name: 'IMG_0001.HEIC', kind: 'heic', note: null },
  ],
};

type LiveFile = TPublicJob['files'][number];
const DEFAULTS: LiveFile['options'] = { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] };
/** Not counted yet: nothing known of what prints. */
const UNCOUNTED = { printPages: null, pagesClipped: false, colorPages: null, printedSides: null, sheets: null };
const report = (over: Partial<LiveFile>): LiveFile => ({
  id: 'f1',
  name: 'report.pdf',
  kind: 'docx',
  pages: null,
  conversion: 'converting',
  conversionError: null,
  thumbnailUrl: null,
  options: DEFAULTS,
  ...UNCOUNTED,
  ...over,
});
const photo = (over: Partial<LiveFile>): LiveFile => ({
  id: 'f2',
  name: 'IMG_0001.HEIC',
  kind: 'heic',
  pages: 1,
  conversion: 'none',
  conversionError: null,
  thumbnailUrl: null,
  options: DEFAULTS,
  printPages: 1,
  pagesClipped: false,
  colorPages: null,
  printedSides: 1,
  sheets: 1,
  ...over,
});

const line = (over: Partial<TEstimateLine>): TEstimateLine => ({
  fileId: 'f2',
  serviceId: 'bw',
  description: 'IMG_0001.HEIC: Black & white A4',
  quantity: 1,
  unitPrice: 2,
  amount: 2,
  missing: null,
  ...over,
});
const atCounter = (fileId: string, what: string, missing: TEstimateLine['missing']): TEstimateLine =>
  line({ fileId, serviceId: null, description: `${what} — price at the counter`, quantity: 0, unitPrice: null, amount: null, missing });

/** The server's estimate of these files: a line per file priced from B&W A4 at ₹2 a side, or at the counter until its pages are known. */
function estimateOf(files: LiveFile[]): TEstimate {
  const lines = files.map((f) =>
    f.printedSides === null
      ? atCounter(
          f.id,
          `${f.name}: ${f.conversion === 'converting' ? 'still converting to PDF' : 'page count not known yet'}`,
          f.conversion === 'converting' ? 'conversion' : 'pages',
        )
      : line({ fileId: f.id, description: `${f.name}: Black & white A4`, quantity: f.printedSides, amount: 2 * f.printedSides }),
  );
  const total = lines.reduce((n, l) => n + (l.amount ?? 0), 0);
  return { total, currency: 'INR', complete: lines.every((l) => l.missing === null), lines };
}

const publicJob = (files: LiveFile[], status: TPublicJob['status'] = 'received', estimate = estimateOf(files)): TPublicJob => ({
  number: 17,
  shopName: 'Print Hub',
  shopSlug: 'print-hub',
  shopColor: '#06b6d4',
  status,
  files,
  estimate,
  uploadedAt: '2026-03-02T10:00:00.000Z',
  printedAt: null,
  deleteAt: '2026-03-03T10:00:00.000Z',
  deletedAt: null,
  payment: { upi: null, reference: 'CP17', claimedAt: null, recordedMethod: null },
});

/** The server's answers in turn; the last one repeats. Records every URL asked for. */
function serveJob(...answers: TPublicJob[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return jsonResponse(200, answers.length > 1 ? answers.shift() : answers[0]);
    }),
  );
  return urls;
}

const tick = (ms = POLL_EVERY_MS) => act(() => vi.advanceTimersByTimeAsync(ms));
const files = () => screen.getByRole('list', { name: 'Your files' });
const row = (name: string) => within(files()).getByText(name).closest('li') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('after the upload: what the shop made of each file', () => {
  it('shows the upload notes at once, then Preparing…, then the first page and the pages, and stops asking', async () => {
    const urls = serveJob(
      publicJob([report({}), photo({})], 'converting'),
      publicJob(
        [
          report({ conversion: 'converted', pages: 3, printPages: 3, printedSides: 3, sheets: 3, thumbnailUrl: '/files/t1?sig=1' }),
          photo({ thumbnailUrl: '/files/t2?sig=2' }),
        ],
        'ready',
      ),
    );
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    expect(screen.getByTestId('job-number')).toHaveTextContent('#17');
    expect(within(row('report.pdf')).getByText(NOTE)).toBeInTheDocument();
    expect(within(files()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('file-thumb')).not.toBeInTheDocument();
    expect(urls).toEqual([]);

    await tick();
    expect(urls).toEqual([`/api/public/jobs/${TOKEN}`]);
    expect(within(row('report.pdf')).getByText('Preparing…')).toBeInTheDocument();
    // The note stays: it says why a file named .pdf is being prepared.
    expect(within(row('report.pdf')).getByText(NOTE)).toBeInTheDocument();
    expect(within(row('IMG_0001.HEIC')).getByText('1 page')).toBeInTheDocument();

    await tick();
    expect(urls).toHaveLength(2);
    expect(within(row('report.pdf')).queryByText('Preparing…')).not.toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('3 pages')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('Prints all 3 pages · 3 sheets')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByTestId('file-thumb')).toHaveAttribute('src', '/files/t1?sig=1');
    expect(within(row('IMG_0001.HEIC')).getByTestId('file-thumb')).toHaveAttribute('src', '/files/t2?sig=2');

    // Nothing converting and every thumbnail there: no more questions.
    await tick(10 * POLL_EVERY_MS);
    expect(urls).toHaveLength(2);
  });

  it('says why a document could not be converted, and does not wait for its thumbnail', async () => {
    const urls = serveJob(
      publicJob([report({ conversion: 'failed', conversionError: 'password-protected' }), photo({ thumbnailUrl: '/files/t2?sig=2' })]),
    );
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    expect(within(row('report.pdf')).getByText(CONVERSION_FAILURE_MESSAGES['password-protected'])).toHaveClass('text-red-700');
    expect(within(row('report.pdf')).queryByTestId('file-thumb')).not.toBeInTheDocument();
    await tick(5 * POLL_EVERY_MS);
    expect(urls).toHaveLength(1);
  });

  it('stops asking once the server says every file is prepared, even a kind that gets no thumbnail', async () => {
    const urls = serveJob(publicJob([photo({ thumbnailUrl: null })], 'ready'));
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    await tick(5 * POLL_EVERY_MS);
    expect(urls).toHaveLength(1);
  });

  it.each<TPublicJob['status']>(['printing', 'deleted'])('stops asking once the job is %s', async (status) => {
    const urls = serveJob(publicJob([photo({ thumbnailUrl: null })], status));
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    await tick(5 * POLL_EVERY_MS);
    expect(urls).toHaveLength(1);
  });

  it('keeps asking while a file converts, but for two minutes at most', async () => {
    const urls = serveJob(publicJob([report({}), photo({})], 'converting'));
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick(POLL_FOR_MS / 2);
    const halfway = urls.length;
    expect(halfway).toBeGreaterThanOrEqual(25);
    await tick(POLL_FOR_MS);
    expect(urls.length).toBeGreaterThan(halfway);
    expect(urls.length).toBeLessThanOrEqual(POLL_FOR_MS / POLL_EVERY_MS);
    const atEnd = urls.length;
    await tick(POLL_FOR_MS);
    expect(urls).toHaveLength(atEnd);
    expect(within(row('report.pdf')).getByText('Preparing…')).toBeInTheDocument();
  });

  it('stops asking when the customer leaves the page', async () => {
    const urls = serveJob(publicJob([report({}), photo({})], 'converting'));
    const { unmount } = render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    await tick();
    expect(urls).toHaveLength(2);
    unmount();
    await tick(10 * POLL_EVERY_MS);
    expect(urls).toHaveLength(2);
  });

  it('tries again after a dropped answer, and stops for good when the token is unknown', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse(200, publicJob([report({}), photo({})], 'converting')),
      () => jsonResponse(404, { error: 'Job not found', code: 'JOB_NOT_FOUND' }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    expect(screen.queryByText('Preparing…')).not.toBeInTheDocument();
    await tick();
    expect(screen.getByText('Preparing…')).toBeInTheDocument();
    await tick();
    await tick(10 * POLL_EVERY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // What was last known stays on screen.
    expect(screen.getByText('Preparing…')).toBeInTheDocument();
  });
});

describe('after the upload: what prints and what it costs (issue 19)', () => {
  const total = () => screen.getByTestId('job-total');

  it("shows each file's pages, sheets and price, the total so far while a price waits, then the final total", async () => {
    const counted = report({
      conversion: 'converted',
      pages: 12,
      options: { ...DEFAULTS, copies: 2, sides: 'double', pages: '10-20' },
      printPages: 3,
      pagesClipped: true,
      printedSides: 6,
      sheets: 4,
      thumbnailUrl: '/files/t1?sig=1',
    });
    const colourPhoto = photo({ options: { ...DEFAULTS, color: 'color', paper: '4x6' }, thumbnailUrl: '/files/t2?sig=2' });
    const photoLine = line({ serviceId: 'photo', description: 'IMG_0001.HEIC: Photo 4x6', unitPrice: 25, amount: 25 });
    const urls = serveJob(
      publicJob([report({}), colourPhoto], 'converting', {
        total: 25,
        currency: 'INR',
        complete: false,
        lines: [atCounter('f1', 'report.pdf: still converting to PDF', 'conversion'), photoLine],
      }),
      publicJob([counted, colourPhoto], 'ready', {
        total: 37,
        currency: 'INR',
        complete: true,
        lines: [line({ fileId: 'f1', description: 'report.pdf: Black & white A4', quantity: 6, amount: 12 }), photoLine],
      }),
    );
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    // Nothing is priced before the server has said so.
    expect(screen.queryByTestId('job-total')).not.toBeInTheDocument();

    await tick();
    expect(within(row('report.pdf')).getByText('still converting to PDF — price at the counter')).toBeInTheDocument();
    expect(within(row('IMG_0001.HEIC')).getByText('colour · 4x6')).toBeInTheDocument();
    expect(within(row('IMG_0001.HEIC')).getByText('Prints 1 page · 1 sheet')).toBeInTheDocument();
    expect(within(row('IMG_0001.HEIC')).getByText('Photo 4x6 · 1 × ₹25.00')).toBeInTheDocument();
    expect(within(row('IMG_0001.HEIC')).getByText('₹25.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('Total so far₹25.00The rest is priced at the counter.');

    await tick();
    expect(within(row('report.pdf')).queryByText(/price at the counter/)).not.toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('2× · B&W · double · pp 10–20 · A4')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('Prints pages 10–20 (3 pages: the file ends at page 12) · 4 sheets')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('Black & white A4 · 6 × ₹2.00')).toBeInTheDocument();
    expect(within(row('report.pdf')).getByText('₹12.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent(/^Total₹37\.00$/);
    await tick(5 * POLL_EVERY_MS);
    expect(urls).toHaveLength(2);
  });

  it("adds a file's lines when it has several, and lists the job's own add-ons above the total", async () => {
    const auto = report({
      conversion: 'none',
      kind: 'pdf',
      pages: 4,
      options: { ...DEFAULTS, color: 'auto', extras: [{ serviceId: 'bind', quantity: 1 }] },
      printPages: 4,
      colorPages: [2],
      printedSides: 4,
      sheets: 4,
      thumbnailUrl: '/files/t1?sig=1',
    });
    serveJob(
      publicJob([auto], 'ready', {
        total: 66,
        currency: 'INR',
        complete: true,
        lines: [
          line({ fileId: 'f1', description: 'report.pdf: Black & white A4', quantity: 3, amount: 6 }),
          line({ fileId: 'f1', serviceId: 'col', description: 'report.pdf: Colour A4', quantity: 1, unitPrice: 10, amount: 10 }),
          line({ fileId: 'f1', serviceId: 'bind', description: 'report.pdf: Spiral binding', quantity: 1, unitPrice: 40, amount: 40 }),
          line({ fileId: null, serviceId: 'rush', description: 'Same-hour printing', quantity: 1, unitPrice: 10, amount: 10 }),
        ],
      }),
    );
    render(<UploadSuccess job={{ ...sent, files: [sent.files[0]!] }} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    const lines = within(row('report.pdf'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Black & white A4 · 3 × ₹2.00₹6.00',
      'Colour A4 · 1 × ₹10.00₹10.00',
      'Spiral binding · 1 × ₹40.00₹40.00',
      'This file₹56.00',
    ]);
    expect(total()).toHaveTextContent(/^Same-hour printing · 1 × ₹10\.00₹10\.00Total₹66\.00$/);
  });

  it('says plainly when nothing can be priced before the counter, and keeps asking while a price waits on a count', async () => {
    const waiting = publicJob([photo({ thumbnailUrl: '/files/t2?sig=2', printPages: null, printedSides: null, sheets: null })], 'received');
    const urls = serveJob(waiting);
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    await tick();
    expect(within(row('IMG_0001.HEIC')).getByText('page count not known yet — price at the counter')).toHaveClass('text-amber-800');
    expect(total()).toHaveTextContent(/^TotalPrice at the counter$/);
    // Every thumbnail is there, but the price still waits on the count: ask again.
    await tick();
    expect(urls).toHaveLength(2);
  });
});
