import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL } from '../../api/storage';
import { makeJob } from '../../test/fixtures';
import { jsonResponse, makeToken } from '../../test/helpers';
import { renderPage } from '../../test/render';
import { PrintPanel } from './PrintPanel';

const job = makeJob({ id: 'j1', number: 3 }, [4, 2]);
job.files[0]!.options = { ...job.files[0]!.options, copies: 2, sides: 'double', color: 'bw', pages: '2-3', nup: 2, paper: 'A4' };

beforeEach(() => {
  localStorage.setItem(LOCAL.token, makeToken());
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:print-1'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const f of document.querySelectorAll('iframe')) f.remove();
});

describe('PrintPanel', () => {
  it('says what to set in the dialog and what the PDF already holds, for each file', () => {
    renderPage(<PrintPanel job={job} onPrint={() => {}} onClose={() => {}} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('In the print dialog, set: 2 copies · Two-sided (long edge) · Black & white · Paper A4');
    expect(rows[0]).toHaveTextContent('Already in the PDF: pages 2-3, 2 pages per sheet.');
    expect(rows[1]).not.toHaveTextContent('Already in the PDF');
  });

  it("fetches the file's print-ready PDF, opens it in a hidden frame and calls the frame's print", async () => {
    const fetch = vi.fn(async () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetch);
    const onPrint = vi.fn();
    const { user } = renderPage(<PrintPanel job={job} onPrint={onPrint} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Print file-1.pdf' }));
    expect(onPrint).toHaveBeenCalledOnce();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/\/shops-action\/print-jobs\/j1\/files\/j1-f0\/print-ready$/);
    const frame = await waitFor(() => {
      const f = document.querySelector<HTMLIFrameElement>('iframe[title="Print"]');
      expect(f).not.toBeNull();
      return f!;
    });
    expect(frame.getAttribute('src')).toBe('blob:print-1');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { focus: () => {}, print } });
    frame.dispatchEvent(new Event('load'));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    expect(await screen.findByRole('button', { name: 'Print file-1.pdf' })).toHaveTextContent('Print again');
  });

  it("shows the server's reason when a file cannot be printed from here", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(409, {
          error: 'This PDF is password-protected. Download it and print it from a PDF reader.',
          code: 'PRINT_ENCRYPTED',
        }),
      ),
    );
    const { user } = renderPage(<PrintPanel job={job} onPrint={() => {}} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Print file-2.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF is password-protected.');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
