import { notAllowedMessage, tooLargeMessage } from '@counterprint/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { JobUploader } from '../../api/shops';
import { makePublicRate } from '../../test/fixtures';
import type { PrintShop } from './printChoices';
import { UploadCard } from './UploadCard';

const MB = 1024 * 1024;

function fileOf(name: string, size = 1024): File {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  // A real 26 MB buffer would only slow the test; the rules read `size`.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const rate = makePublicRate;

/** The default rate card of a new shop (issue 19), and an add-on. */
const PRINTS: PrintShop = {
  rateCard: [
    rate({ id: 'bw', serviceName: 'Black & white A4', basePrice: 2 }),
    rate({ id: 'col', serviceName: 'Colour A4', basePrice: 10, color: 'color' }),
    rate({ id: 'photo', serviceName: 'Photo 4x6', basePrice: 25, color: 'color', paper: '4x6' }),
    rate({ id: 'bind', serviceName: 'Spiral binding', basePrice: 40, unit: 'per_item', paper: null, color: null, extra: true }),
    rate({ id: 'rush', serviceName: 'Same hour', basePrice: 15, unit: 'per_order', paper: null, color: null, extra: true }),
    rate({ id: 'scan', serviceName: 'Scanning', basePrice: 5, unit: 'per_item', paper: null, color: null }),
  ],
  papers: ['A4', '4x6'],
  colorDetection: false,
};
const A4_ONLY: PrintShop = { rateCard: [rate({ id: 'bw', basePrice: 2 })], papers: ['A4'], colorDetection: false };

function setup(upload: JobUploader = vi.fn(), slug: string | undefined = 'print-hub', shop: PrintShop = PRINTS) {
  // The real picker honours `accept`; these tests check what happens when a file gets past it (drag and drop).
  const user = userEvent.setup({ applyAccept: false });
  render(<UploadCard slug={slug} shopName="Print Hub" shop={shop} upload={upload} />);
  const input = screen.getByLabelText('Choose files to print');
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  const selected = () => screen.queryByRole('list', { name: 'Selected files' });
  const send = () => user.click(screen.getByRole('button', { name: /^Upload/ }));
  const optionsOf = (name: string) => screen.getByRole('group', { name: `Print options for ${name}` });
  return { user, pick, selected, send, upload, optionsOf };
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

describe('upload card: print options per file (issue 19)', () => {
  it('shows every option of a document as a named chip, with the price of a side', async () => {
    const { pick, optionsOf } = setup();
    pick(fileOf('report.pdf'));
    const chips = optionsOf('report.pdf');
    expect(within(chips).getByRole('group', { name: 'Copies' })).toHaveTextContent('1 copy');
    expect(within(chips).getByRole('button', { name: 'Fewer copies' })).toBeDisabled();
    expect(within(chips).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('B&W');
    expect(within(chips).getByRole('combobox', { name: 'Sides' })).toHaveDisplayValue('Single-sided');
    expect(within(chips).getByRole('textbox', { name: 'Pages' })).toHaveAttribute('placeholder', 'All');
    expect(within(chips).getByRole('combobox', { name: 'Pages per side' })).toHaveDisplayValue('1 per side');
    expect(within(chips).getByRole('combobox', { name: 'Paper' })).toHaveDisplayValue('A4');
    expect(within(chips).getByRole('button', { name: '+ Spiral binding ₹40' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(chips).getByRole('button', { name: '+ Same hour ₹15 per order' })).toHaveAttribute('aria-pressed', 'false');
    // Only add-ons are offered: a service that is not one stays at the counter.
    expect(within(chips).queryByRole('button', { name: /Scanning/ })).not.toBeInTheDocument();
    // Without colour detection there is no Auto to choose.
    expect(
      within(within(chips).getByRole('combobox', { name: 'Colour' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['B&W', 'Colour']);
    // A document's pages are not known before sending: a price per side, and no total.
    expect(within(chips).getByText('₹2.00 per side · B&W A4')).toBeInTheDocument();
  });

  it('changes the hint with the choices, and says when only the counter can price a print', async () => {
    const { user, pick, optionsOf } = setup();
    pick(fileOf('report.pdf'));
    const chips = optionsOf('report.pdf');
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Colour' }), 'Colour');
    expect(within(chips).getByText('₹10.00 per side · Colour A4')).toBeInTheDocument();
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Colour' }), 'bw');
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Paper' }), '4x6');
    expect(within(chips).getByText('B&W 4x6: price set at the counter')).toBeInTheDocument();
  });

  it('prices a photo before sending, and shows it no pages, sides or pages per side', async () => {
    const { user, pick, optionsOf } = setup();
    pick(fileOf('IMG_0001.HEIC'));
    const chips = optionsOf('IMG_0001.HEIC');
    expect(within(chips).queryByRole('textbox', { name: 'Pages' })).not.toBeInTheDocument();
    expect(within(chips).queryByRole('combobox', { name: 'Sides' })).not.toBeInTheDocument();
    expect(within(chips).queryByRole('combobox', { name: 'Pages per side' })).not.toBeInTheDocument();
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Colour' }), 'Colour');
    await user.selectOptions(within(chips).getByRole('combobox', { name: 'Paper' }), '4x6');
    await user.click(within(chips).getByRole('button', { name: 'More copies' }));
    expect(within(chips).getByRole('group', { name: 'Copies' })).toHaveTextContent('2 copies');
    expect(within(chips).getByText('₹25.00 per side · Colour 4x6 · ₹50.00 for 2 copies')).toBeInTheDocument();
  });

  it('offers Auto colour only where the shop detects colour, and no paper chip where it has only A4', () => {
    const { pick, optionsOf } = setup(vi.fn(), 'print-hub', { ...A4_ONLY, colorDetection: true });
    pick(fileOf('report.pdf'));
    const chips = optionsOf('report.pdf');
    expect(within(chips).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Auto colour');
    expect(within(chips).queryByRole('combobox', { name: 'Paper' })).not.toBeInTheDocument();
    expect(within(chips).queryByRole('button', { name: /Spiral binding/ })).not.toBeInTheDocument();
    expect(within(chips).getByText('Per side: B&W ₹2.00, colour price set at the counter · A4')).toBeInTheDocument();
  });

  it("says what is wrong with a typed page list, in the contract's words, and sends nothing until it is fixed", async () => {
    const { user, pick, send, upload, optionsOf } = setup();
    pick(fileOf('report.pdf'));
    const pages = within(optionsOf('report.pdf')).getByRole('textbox', { name: 'Pages' });
    await user.type(pages, '5-2');
    await user.tab();
    expect(pages).toHaveAccessibleDescription('pages 5-2 run backwards: write 2-5');
    expect(pages).toHaveAttribute('aria-invalid', 'true');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the pagesreport.pdf: pages 5-2 run backwards: write 2-5');
    expect(upload).not.toHaveBeenCalled();

    await user.clear(pages);
    await user.type(pages, '2-5');
    expect(pages).not.toHaveAttribute('aria-invalid');
    await send();
    expect(upload).toHaveBeenCalledOnce();
  });

  it('sends one options object per file, in file order', async () => {
    const upload = vi.fn<JobUploader>(() => new Promise(() => {}));
    const { user, pick, send, optionsOf } = setup(upload);
    pick(fileOf('a.pdf'), fileOf('b.jpg'));
    const a = optionsOf('a.pdf');
    await user.click(within(a).getByRole('button', { name: 'More copies' }));
    await user.selectOptions(within(a).getByRole('combobox', { name: 'Sides' }), 'Double-sided');
    await user.type(within(a).getByRole('textbox', { name: 'Pages' }), ' 1-3, 5 ');
    await user.selectOptions(within(a).getByRole('combobox', { name: 'Pages per side' }), '2 per side');
    await user.click(within(a).getByRole('button', { name: '+ Spiral binding ₹40' }));
    await user.click(within(a).getByRole('button', { name: 'More spiral binding' }));
    await user.click(within(a).getByRole('button', { name: '+ Same hour ₹15 per order' }));
    // Charged once per job: no count to choose.
    expect(within(a).queryByRole('button', { name: 'More same hour' })).not.toBeInTheDocument();
    expect(within(a).getByRole('button', { name: '✓ Spiral binding ₹40' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(within(optionsOf('b.jpg')).getByRole('combobox', { name: 'Paper' }), '4x6');
    await send();

    expect(upload.mock.calls[0]![0].files.map((f) => f.name)).toEqual(['a.pdf', 'b.jpg']);
    expect(upload.mock.calls[0]![0].options).toEqual([
      {
        copies: 2,
        color: 'bw',
        sides: 'double',
        pages: '1-3, 5',
        nup: 2,
        paper: 'A4',
        extras: [
          { serviceId: 'bind', quantity: 2 },
          { serviceId: 'rush', quantity: 1 },
        ],
      },
      { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: '4x6', extras: [] },
    ]);
  });

  it("applies one file's options to every picked file", async () => {
    const upload = vi.fn<JobUploader>(() => new Promise(() => {}));
    const { user, pick, send, optionsOf } = setup(upload);
    pick(fileOf('a.pdf'), fileOf('b.docx'), fileOf('c.png'));
    const b = optionsOf('b.docx');
    await user.click(within(b).getByRole('button', { name: 'More copies' }));
    await user.click(within(b).getByRole('button', { name: 'More copies' }));
    await user.selectOptions(within(b).getByRole('combobox', { name: 'Colour' }), 'Colour');
    await user.selectOptions(within(b).getByRole('combobox', { name: 'Sides' }), 'Double-sided');
    await user.click(within(b).getByRole('button', { name: 'Apply to all files' }));

    for (const name of ['a.pdf', 'c.png']) {
      expect(within(optionsOf(name)).getByRole('group', { name: 'Copies' })).toHaveTextContent('3 copies');
      expect(within(optionsOf(name)).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Colour');
    }
    expect(within(optionsOf('a.pdf')).getByRole('combobox', { name: 'Sides' })).toHaveDisplayValue('Double-sided');
    // Each file's options stay its own afterwards.
    await user.click(within(optionsOf('a.pdf')).getByRole('button', { name: 'Fewer copies' }));
    expect(within(b).getByRole('group', { name: 'Copies' })).toHaveTextContent('3 copies');
    await send();
    expect(upload.mock.calls[0]![0].options?.map((o) => [o.copies, o.color, o.sides])).toEqual([
      [2, 'color', 'double'],
      [3, 'color', 'double'],
      [3, 'color', 'single'],
    ]);
  });

  it('offers "Apply to all" only when there is more than one file, and forgets a removed file', async () => {
    const upload = vi.fn<JobUploader>(() => new Promise(() => {}));
    const { user, pick, send, optionsOf } = setup(upload);
    pick(fileOf('a.pdf'));
    expect(within(optionsOf('a.pdf')).queryByRole('button', { name: 'Apply to all files' })).not.toBeInTheDocument();
    pick(fileOf('b.pdf'), fileOf('c.pdf'));
    await user.click(within(optionsOf('c.pdf')).getByRole('button', { name: 'More copies' }));
    await user.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    await send();
    expect(upload.mock.calls[0]![0].options?.map((o) => o.copies)).toEqual([1, 2]);
  });

  it("shows the server's refusal of the options as the server wrote it", async () => {
    const message = 'report.pdf: paper must be one of this shop\u2019s sizes: A4, 4x6';
    const upload = vi.fn<JobUploader>().mockRejectedValue(new ApiError(400, 'INVALID_PRINT_OPTIONS', message, message));
    const { pick, send } = setup(upload);
    pick(fileOf('report.pdf'));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed${message}`);
  });

  it('locks the chips while the files are sending', async () => {
    const { pick, send, optionsOf } = setup(vi.fn<JobUploader>(() => new Promise(() => {})));
    pick(fileOf('report.pdf'));
    await send();
    expect(within(optionsOf('report.pdf')).getByRole('button', { name: 'More copies' })).toBeDisabled();
    expect(within(optionsOf('report.pdf')).getByRole('combobox', { name: 'Colour' })).toBeDisabled();
  });
});
