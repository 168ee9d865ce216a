import { CONVERSION_FAILURE_MESSAGES, type TJobCreated, type TPublicJob } from '@counterprint/contract';
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
  files: [
    { id: 'f1', name: 'report.pdf', kind: 'docx', note: NOTE },
    { id: 'f2', name: 'IMG_0001.HEIC', kind: 'heic', note: null },
  ],
};

type LiveFile = TPublicJob['files'][number];
const report = (over: Partial<LiveFile>): LiveFile => ({
  id: 'f1',
  name: 'report.pdf',
  kind: 'docx',
  pages: null,
  conversion: 'converting',
  conversionError: null,
  thumbnailUrl: null,
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
  ...over,
});
const publicJob = (files: LiveFile[], status: TPublicJob['status'] = 'received'): TPublicJob => ({
  number: 17,
  shopName: 'Print Hub',
  shopSlug: 'print-hub',
  status,
  files,
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
        [report({ conversion: 'converted', pages: 3, thumbnailUrl: '/files/t1?sig=1' }), photo({ thumbnailUrl: '/files/t2?sig=2' })],
        'ready',
      ),
    );
    render(<UploadSuccess job={sent} shopName="Print Hub" onMore={() => {}} />);
    expect(screen.getByTestId('job-number')).toHaveTextContent('#17');
    expect(within(row('report.pdf')).getByText(NOTE)).toBeInTheDocument();
    expect(within(files()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('file-thumbnail')).not.toBeInTheDocument();
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
    expect(within(row('report.pdf')).getByTestId('file-thumbnail')).toHaveAttribute('src', '/files/t1?sig=1');
    expect(within(row('IMG_0001.HEIC')).getByTestId('file-thumbnail')).toHaveAttribute('src', '/files/t2?sig=2');

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
    expect(within(row('report.pdf')).queryByTestId('file-thumbnail')).not.toBeInTheDocument();
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
