import { CUSTOMER_CHANGE_MESSAGES, type TPublicShopDetails } from '@counterprint/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicRate } from '../../test/fixtures';
import { jsonResponse } from '../../test/helpers';
import { FakeXhr, serveJob, stubEventSource } from '../../test/jobServer';
import { makePublicJob, PUBLIC_JOB_TOKEN, publicFile } from '../../test/publicJob';
import { renderPage } from '../../test/render';
import JobStatusPage from './JobStatusPage';

const TOKEN = PUBLIC_JOB_TOKEN;
const JOB_URL = `/api/public/jobs/${TOKEN}`;
const open = async () => {
  const page = renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token' });
  await screen.findByRole('heading', { level: 1, name: 'Job #12' });
  return page;
};
const refusal = (code: keyof typeof CUSTOMER_CHANGE_MESSAGES) => () => jsonResponse(409, { error: CUSTOMER_CHANGE_MESSAGES[code], code });

const SHOP = {
  slug: 'print-hub',
  shopName: 'Print Hub',
  rateCard: [makePublicRate({ id: 'bw', serviceName: 'Black & white A4', basePrice: 2 })],
  papers: ['A4'],
  colorDetection: false,
} as unknown as TPublicShopDetails;

beforeEach(() => {
  stubEventSource();
});

describe('job status page: what the customer may still do', () => {
  it('offers Change options, Add files and Cancel job until printing starts, and Delete now only once printed or cancelled', async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    const { unmount } = await open();
    expect(screen.getByRole('button', { name: 'Change options' })).toBeInTheDocument();
    expect(screen.getByLabelText('Add files')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my files now' })).not.toBeInTheDocument();
    unmount();

    server.set(makePublicJob({ status: 'printing' }));
    const printing = await open();
    expect(screen.queryByRole('region', { name: 'Change your job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my files now' })).not.toBeInTheDocument();
    printing.unmount();

    server.set(makePublicJob({ status: 'printed' }));
    await open();
    expect(screen.queryByRole('button', { name: 'Change options' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my files now' })).toBeInTheDocument();
  });

  it('cancels the job after asking, and then offers to delete the files now', async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    server.on(`POST ${JOB_URL}/cancel`, () => jsonResponse(200, makePublicJob({ status: 'cancelled' })));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my job' }));
    expect(server.calls.some((c) => c.url.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel job' }));
    expect(await screen.findByText('This job is cancelled. The shop will not print it.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${JOB_URL}/cancel`]);
    expect(screen.getByRole('button', { name: 'Delete my files now' })).toBeInTheDocument();
  });

  it("shows the server's refusal (409) exactly as written", async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    server.on(`POST ${JOB_URL}/cancel`, refusal('JOB_PRINTING'));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^The shop has started printing this job/));
    expect(screen.getByRole('alert').textContent).toBe(CUSTOMER_CHANGE_MESSAGES.JOB_PRINTING);
  });

  it('deletes the files now after asking, and shows the receipt in place of the job', async () => {
    const server = serveJob(makePublicJob({ status: 'printed' }));
    server.on(`DELETE ${JOB_URL}/files`, () =>
      jsonResponse(200, makePublicJob({ status: 'deleted', files: [], deleteAt: null, deletedAt: '2026-03-02T11:04:00.000Z' })),
    );
    server.on(`GET ${JOB_URL}/receipt`, () => jsonResponse(404, { error: 'This job link is not valid.', code: 'JOB_NOT_FOUND' }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete my files now' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your files now?' });
    // It promises only what Counterprint can do: a download on the shop's computer is out of its reach.
    expect(dialog).toHaveTextContent('A copy staff downloaded is on the shop’s computer, where Counterprint cannot delete it');
    expect(dialog).not.toHaveTextContent(/every copy the shop has/i);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my files' }));
    expect(await screen.findByRole('heading', { name: 'Deletion receipt' })).toBeInTheDocument();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain(`DELETE ${JOB_URL}/files`);
    expect(screen.queryByRole('list', { name: 'Job progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your files' })).not.toBeInTheDocument();
  });

  it('adds files with progress into the same job, then looks at the job again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const server = serveJob(makePublicJob({ status: 'ready' }));
    const { user } = await open();
    const looked = server.looks();
    await user.upload(screen.getByLabelText('Add files'), new File(['%PDF'], 'extra.pdf', { type: 'application/pdf' }));
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', `${JOB_URL}/files`]);
    expect(xhr.body?.getAll('files').map((f) => (f as File).name)).toEqual(['extra.pdf']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');

    server.set(makePublicJob({ status: 'received', files: [publicFile(), publicFile({ id: 'f2', name: 'extra.pdf' })] }));
    xhr.answer(201, {
      jobId: 'j',
      fileCount: 1,
      number: 12,
      files: [{ id: 'f2', name: 'extra.pdf', kind: 'pdf', note: null }],
      token: TOKEN,
      statusUrl: `/j/${TOKEN}`,
    });
    expect(await screen.findByText('1 file added.')).toBeInTheDocument();
    await waitFor(() => expect(server.looks()).toBe(looked + 1));
    expect(within(screen.getByRole('list', { name: 'Your files' })).getByText('extra.pdf')).toBeInTheDocument();
  });

  it('says why added files were refused, as the server wrote it, and refuses a forbidden type before sending', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serveJob(makePublicJob({ status: 'ready' }));
    const { user } = await open();
    await user.upload(screen.getByLabelText('Add files'), new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    FakeXhr.last.answer(409, { error: CUSTOMER_CHANGE_MESSAGES.JOB_PRINTING, code: 'JOB_PRINTING' });
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOMER_CHANGE_MESSAGES.JOB_PRINTING);

    // The picker's `accept` is a hint some phones' file apps ignore: the page checks the type itself.
    const before = FakeXhr.last;
    fireEvent.change(screen.getByLabelText('Add files'), { target: { files: [new File(['x'], 'setup.exe')] } });
    expect(FakeXhr.last).toBe(before);
    expect(await screen.findByText(/setup\.exe is not allowed/)).toBeInTheDocument();
  });

  it("changes a file's options with the shop's chips and saves them all (PUT …/options)", async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    server.on('GET /api/public/shops/print-hub/details', () => jsonResponse(200, SHOP));
    const twoCopies = makePublicJob({
      status: 'ready',
      files: [publicFile({ options: { ...publicFile().options, copies: 2 }, printedSides: 6, sheets: 6 })],
    });
    server.on(`PUT ${JOB_URL}/options`, () => jsonResponse(200, twoCopies));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Change options' }));
    const chips = await screen.findByRole('group', { name: 'Print options for report.pdf' });
    await user.click(within(chips).getByRole('button', { name: 'More copies' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument());
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put).toEqual({
      url: `${JOB_URL}/options`,
      method: 'PUT',
      body: {
        files: [{ fileId: 'f1', options: { copies: 2, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] } }],
      },
    });
    expect(within(screen.getByRole('list', { name: 'Your files' })).getByText('2× · B&W · A4')).toBeInTheDocument();
  });

  it("keeps the editor open with the server's refusal when the shop started printing meanwhile", async () => {
    const server = serveJob(makePublicJob({ status: 'ready' }));
    server.on('GET /api/public/shops/print-hub/details', () => jsonResponse(200, SHOP));
    server.on(`PUT ${JOB_URL}/options`, refusal('JOB_PRINTING'));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Change options' }));
    await screen.findByRole('group', { name: 'Print options for report.pdf' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CUSTOMER_CHANGE_MESSAGES.JOB_PRINTING);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });
});
