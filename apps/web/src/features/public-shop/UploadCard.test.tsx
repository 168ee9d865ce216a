import { notAllowedMessage, tooLargeMessage } from '@counterprint/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { JobUploader } from '../../api/shops';
import { UploadCard } from './UploadCard';

const MB = 1024 * 1024;

function fileOf(name: string, size = 1024): File {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  // A real 26 MB buffer would only slow the test; the rules read `size`.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function setup(upload: JobUploader = vi.fn(), slug: string | undefined = 'print-hub') {
  // The real picker honours `accept`; these tests check what happens when a file gets past it (drag and drop).
  const user = userEvent.setup({ applyAccept: false });
  render(<UploadCard slug={slug} shopName="Print Hub" upload={upload} />);
  const input = screen.getByLabelText('Choose files to print');
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  const selected = () => screen.queryByRole('list', { name: 'Selected files' });
  const send = () => user.click(screen.getByRole('button', { name: /^Upload/ }));
  return { user, pick, selected, send, upload };
}

describe('upload card: client rules (docs/product/screens.md#public-shop-page-and-upload, docs/product/rules.md#upload-limits)', () => {
  it('takes only the first 50 files of a selection and says so', () => {
    const { pick, selected } = setup();
    pick(...Array.from({ length: 51 }, (_, i) => fileOf(`page-${i + 1}.pdf`)));
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.queryByText('page-51.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many files');
    expect(screen.getByRole('alert')).toHaveTextContent('Only the first 50 of the 51 files you chose were taken.');
  });

  it("refuses a 26 MB file with 'Too large' and keeps the good ones", () => {
    const { pick, selected } = setup();
    pick(fileOf('poster.pdf', 26 * MB), fileOf('notes.pdf', 2 * MB));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Too large');
    expect(alert).toHaveTextContent(tooLargeMessage('poster.pdf'));
    expect(tooLargeMessage('poster.pdf')).toBe('poster.pdf exceeds 25MB');
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(1);
    expect(within(selected()!).getByText('notes.pdf')).toBeInTheDocument();
  });

  it('refuses a .exe with the spec message, verbatim, and does not add it', () => {
    const { pick, selected } = setup();
    pick(fileOf('setup.exe'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'setup.exe is not allowed. Accepted: PDF, PNG, JPG/JPEG, TIFF, SVG, EPS, WEBP, BMP, PSD, HEIC/HEIF, XLS, XLSX, CSV, ODS, DOC, DOCX, ODT, RTF, TXT, PPT, PPTX, ODP.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(notAllowedMessage('setup.exe'));
    expect(selected()).not.toBeInTheDocument();
  });

  it('takes Word, text and presentation files (issue 18), and says nothing about them', () => {
    const { pick, selected } = setup();
    pick(fileOf('Report.DOCX'), fileOf('notes.txt'), fileOf('slides.pptx'), fileOf('old.ppt'), fileOf('letter.odt'));
    expect(
      within(selected()!)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.truncate')?.textContent),
    ).toEqual(['Report.DOCX', 'notes.txt', 'slides.pptx', 'old.ppt', 'letter.odt']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a macro-enabled Word document in one line that says what to do, and does not add it', () => {
    const { pick, selected } = setup();
    pick(fileOf('Report.docm'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Report.docm is a Word template or a document with macros. Save it as DOCX or PDF and send it again.');
    expect(alert).not.toHaveTextContent('Accepted:');
    expect(selected()).not.toBeInTheDocument();
  });

  it('takes types by extension whatever their case, and removes a file on request', async () => {
    const { user, pick, selected } = setup();
    pick(fileOf('SCAN.JPG'), fileOf('sheet.xlsx'));
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove SCAN.JPG' }));
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(1);
  });

  it("with no files says 'No files' and sends nothing", async () => {
    const { send, upload } = setup();
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('No files');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one file to upload.');
    expect(upload).not.toHaveBeenCalled();
  });

  it("without a slug says 'Shop slug missing.'", async () => {
    const { pick, send, upload } = setup(vi.fn(), '');
    pick(fileOf('a.pdf'));
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Shop slug missing.');
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('upload card: sending', () => {
  it('shows progress, then the job number to quote, and clears the list', async () => {
    let finish!: () => void;
    const upload = vi.fn<JobUploader>(
      ({ onProgress }) =>
        new Promise((resolve) => {
          onProgress?.(40);
          finish = () => resolve({ jobId: 'job-1', fileCount: 2, number: 17, files: [], token: '' });
        }),
    );
    const { user, pick, send } = setup(upload);
    pick(fileOf('a.pdf'), fileOf('b.png'));
    await user.type(screen.getByLabelText('Your name (optional)'), 'Ravi');
    await user.type(screen.getByLabelText('Phone (optional)'), '98765 43210');
    await send();

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: /Uploading… 40%/ })).toBeDisabled();
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ slug: 'print-hub', name: 'Ravi', phone: '98765 43210' }));
    expect(upload.mock.calls[0]![0].files.map((f) => f.name)).toEqual(['a.pdf', 'b.png']);

    finish();
    expect(await screen.findByTestId('job-number')).toHaveTextContent('#17');
    expect(screen.getByText(/Your job number is/)).toHaveTextContent('Your job number is #17 Quote it at the counter.');
    expect(screen.getByText('2 files sent to Print Hub.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload more' }));
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose files to print')).toBeInTheDocument();
  });

  it("shows 'Upload failed' with the server's message and keeps the files for another try", async () => {
    const upload = vi
      .fn<JobUploader>()
      .mockRejectedValue(new ApiError(507, 'STORAGE_FULL', "This shop's storage is full", "This shop's storage is full"));
    const { pick, send, selected } = setup(upload);
    pick(fileOf('a.pdf'));
    await send();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent("This shop's storage is full");
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled());
  });

  it('shows the network error when no answer came', async () => {
    const { pick, send } = setup(vi.fn<JobUploader>().mockRejectedValue(new ApiError(0, 'NETWORK', 'Network error')));
    pick(fileOf('a.pdf'));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failedNetwork error');
  });

  it('refuses to send a phone number the server would reject', async () => {
    const { user, pick, send, upload } = setup();
    pick(fileOf('a.pdf'));
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await send();
    expect(screen.getByLabelText('Phone (optional)')).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(upload).not.toHaveBeenCalled();
  });
});
