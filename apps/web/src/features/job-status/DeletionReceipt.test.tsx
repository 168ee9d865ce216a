import { RECEIPT_KEYS_PATH } from '@counterprint/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { serveJob, stubEventSource } from '../../test/jobServer';
import { makePublicJob, PUBLIC_JOB_TOKEN } from '../../test/publicJob';
import { makeReceiptSigner, RECEIPT, RECEIPT_V1, tamperedPayload } from '../../test/receipts';
import { renderPage } from '../../test/render';
import JobStatusPage from './JobStatusPage';

const TOKEN = PUBLIC_JOB_TOKEN;
const DELETED = makePublicJob({ status: 'deleted', files: [], deleteAt: null, deletedAt: RECEIPT.job.deletedAt });
const jose = (jws: string) => new Response(jws, { status: 200, headers: { 'Content-Type': 'application/jose' } });

function serveReceipt(jws: string, keys: unknown) {
  const server = serveJob(DELETED);
  server.on(`GET /api/public/jobs/${TOKEN}/receipt`, () => jose(jws));
  server.on(`GET ${RECEIPT_KEYS_PATH}`, () => jsonResponse(200, keys));
  return server;
}

const open = () => renderPage(<JobStatusPage />, { url: `/j/${TOKEN}`, path: '/j/:token' });

beforeEach(() => {
  stubEventSource();
});

describe('job status page after deletion: the receipt', () => {
  it('verifies the signed receipt in the browser and shows it in plain words, and nothing else', async () => {
    const signer = makeReceiptSigner();
    serveReceipt(signer.sign(RECEIPT), { keys: [makeReceiptSigner().key, signer.key] });
    open();
    expect(await screen.findByText('Signature verified')).toBeInTheDocument();
    expect(screen.getByText(signer.key.kid)).toBeInTheDocument();
    expect(screen.queryByText(/NOT verified/)).not.toBeInTheDocument();

    const files = screen.getByRole('list', { name: 'Deleted files' });
    const row = (name: string) => within(files).getByText(name).closest('li') as HTMLElement;
    expect(within(row('Aadhaar card.pdf')).getByText('240 KB')).toBeInTheDocument();
    expect(within(row('Aadhaar card.pdf')).getByText(`SHA-256 ${'a'.repeat(12)}…bbbb`)).toBeInTheDocument();
    // The full hash is there on expanding the short one.
    expect(within(row('Aadhaar card.pdf')).getByText(RECEIPT.files[0]!.sha256).closest('details')).toBeInTheDocument();
    // Every copy that left the server, by kind, and what a download means.
    const copies = (name: string) => within(row(name)).getByRole('list', { name: `Copies of ${name}` });
    expect(
      within(copies('Aadhaar card.pdf'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Staff downloaded the file: 1 time.', 'Staff opened a print-ready PDF in the browser to print: 1 time.']);
    expect(within(row('Aadhaar card.pdf')).getByText('No copies were made from it.')).toBeInTheDocument();
    expect(
      within(copies('bank form.docx'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Staff downloaded its converted PDF: 2 times.', 'Sent to the shop’s printer: 1 time.']);
    expect(
      screen.getByText('A download is a copy saved on the shop’s computer: Counterprint cannot delete it, only the shop can.'),
    ).toBeInTheDocument();
    expect(within(row('bank form.docx')).getByText('Also deleted: its converted PDF (50 KB), its thumbnail (4 KB).')).toBeInTheDocument();
    expect(within(row('bank form.docx')).getByText(/^Sent .* · deleted /)).toBeInTheDocument();
    expect(screen.getByText('#12 at Print Hub')).toBeInTheDocument();

    // Nothing of the live job remains: no steps, no files, no actions, no payment.
    expect(screen.queryByRole('list', { name: 'Job progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel job|Delete my files now|I've paid/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send more files' })).not.toBeInTheDocument();
  });

  it('still verifies and shows a receipt signed before copies were counted by kind, with its one count', async () => {
    const signer = makeReceiptSigner();
    serveReceipt(signer.sign(RECEIPT_V1), { keys: [signer.key] });
    open();
    expect(await screen.findByText('Signature verified')).toBeInTheDocument();
    const files = screen.getByRole('list', { name: 'Deleted files' });
    const row = (name: string) => within(files).getByText(name).closest('li') as HTMLElement;
    expect(within(row('Aadhaar card.pdf')).getByText('Staff downloaded or printed a copy 1 time.')).toBeInTheDocument();
    expect(within(row('bank form.docx')).getByText('Staff never downloaded or printed a copy.')).toBeInTheDocument();
  });

  it('says no copy left the server when none did', async () => {
    const signer = makeReceiptSigner();
    const none = {
      ...RECEIPT,
      files: RECEIPT.files.map((f) => ({ ...f, copies: { original: 0, convertedPdf: 0, printReady: 0, printer: 0 } })),
    };
    serveReceipt(signer.sign(none), { keys: [signer.key] });
    open();
    expect(await screen.findByText('Signature verified')).toBeInTheDocument();
    expect(screen.getAllByText('No copy left the server: staff never downloaded it, and it was never sent to print.')).toHaveLength(2);
  });

  it('says plainly, in red, when the receipt was changed after signing', async () => {
    const signer = makeReceiptSigner();
    const forged = { ...RECEIPT, files: RECEIPT.files.map((f) => ({ ...f, copies: { ...f.copies, convertedPdf: 0 } })) };
    serveReceipt(tamperedPayload(signer.sign(RECEIPT), forged), { keys: [signer.key] });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Signature NOT verified');
    expect(alert).toHaveTextContent('the signature does not match its content');
    expect(alert).toHaveClass('text-red-800');
    expect(screen.queryByText('Signature verified')).not.toBeInTheDocument();
  });

  it('fails a receipt signed by a key the server never published', async () => {
    const signer = makeReceiptSigner();
    serveReceipt(signer.sign(RECEIPT), { keys: [makeReceiptSigner().key] });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Signature NOT verified');
    expect(screen.queryByText('Signature verified')).not.toBeInTheDocument();
  });

  it('says how to verify it elsewhere when this browser has no Ed25519', async () => {
    const signer = makeReceiptSigner();
    serveReceipt(signer.sign(RECEIPT), { keys: [signer.key] });
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized name', 'NotSupportedError'));
    open();
    expect(await screen.findByText('This browser cannot check the signature')).toBeInTheDocument();
    expect(screen.getByText('npm run cli -- verify-receipt receipt.jws')).toBeInTheDocument();
    expect(screen.getByText(RECEIPT_KEYS_PATH)).toBeInTheDocument();
    expect(screen.queryByText('Signature verified')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Deleted files' })).toBeInTheDocument();
  });

  it('downloads the receipt as JSON holding the JWS and its payload', async () => {
    const signer = makeReceiptSigner();
    const jws = signer.sign(RECEIPT);
    serveReceipt(jws, { keys: [signer.key] });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:receipt';
        }
        static override revokeObjectURL() {}
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Download receipt (JSON)' }));
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('receipt-job-12.json');
    expect(JSON.parse(await blobs[0]!.text())).toEqual({ jws, payload: RECEIPT });
  });

  it('says the receipt is not ready yet while the server has none, and tries again on request', async () => {
    const signer = makeReceiptSigner();
    const server = serveJob(DELETED);
    server.on(`GET /api/public/jobs/${TOKEN}/receipt`, () =>
      jsonResponse(404, { error: 'This job link is not valid. Check the link, or ask the shop.', code: 'JOB_NOT_FOUND' }),
    );
    server.on(`GET ${RECEIPT_KEYS_PATH}`, () => jsonResponse(200, { keys: [signer.key] }));
    const { user } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The receipt is not ready yet. Try again in a minute.');
    server.on(`GET /api/public/jobs/${TOKEN}/receipt`, () => jose(signer.sign(RECEIPT)));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Signature verified')).toBeInTheDocument();
  });
});
