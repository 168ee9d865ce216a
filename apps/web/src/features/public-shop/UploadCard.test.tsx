import { notAllowedMessage, type TPrintOptions, tooLargeMessage } from '@counterprint/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { PrintShop } from '../../lib/printChoices';
import { makePublicRate } from '../../test/fixtures';
import { A4_ONLY, fileOf, renderUploadCard } from '../../test/uploadCard';

const MB = 1024 * 1024;

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

const setup = (slug = 'print-hub', shop: PrintShop = PRINTS) => renderUploadCard({ slug, shop });

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
    const { send, sends } = setup();
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('No files');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least one file to upload.');
    expect(sends).toHaveLength(0);
  });

  it("without a slug says 'Shop slug missing.'", async () => {
    const { pick, send, sends } = setup('');
    pick(fileOf('a.pdf'));
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Shop slug missing.');
    expect(sends).toHaveLength(0);
  });
});

describe('upload card: sending', () => {
  it('shows progress, then the job number to quote, and clears the list', async () => {
    const { user, pick, send, of, makeJob, finishAll } = setup();
    makeJob.mockResolvedValue({ jobId: 'job-1', fileCount: 2, number: 17, files: [], token: '', statusUrl: '' });
    pick(fileOf('a.pdf', 1000), fileOf('b.png', 1000));
    await send();
    of('a.pdf').progress(800);

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: /Uploading… 40%/ })).toBeDisabled();

    await finishAll();
    expect(await screen.findByTestId('job-number')).toHaveTextContent('#17');
    expect(screen.getByText(/Your job number is/)).toHaveTextContent('Your job number is #17 Quote it at the counter.');
    expect(screen.getByText('2 files sent to Print Hub.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload more' }));
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose files to print')).toBeInTheDocument();
  });

  it('says in plain words what is kept, for how long, and what becomes of a phone number', () => {
    setup();
    expect(screen.getByTestId('privacy-notice')).toHaveTextContent(
      "Your files are kept only for Print Hub to print. They are deleted within 1 hour after printing, or 24 hours after sending if never printed (counted from opening time if the shop is closed), and you get a signed proof of deletion; it keeps only each file's name, size and fingerprint. A phone number, if you give one, joins the shop's customer list.",
    );
  });

  it("shows 'Upload failed' with the server's message when the job cannot be made, and keeps the files for another try", async () => {
    const { pick, send, selected, makeJob, finishAll, sends } = setup();
    makeJob.mockRejectedValueOnce(new ApiError(507, 'STORAGE_FULL', "This shop's storage is full", "This shop's storage is full"));
    pick(fileOf('a.pdf'));
    await send();
    await finishAll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent("This shop's storage is full");
    expect(within(selected()!).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();

    // The file reached the server already: trying again only asks for the job, with the same upload.
    await send();
    expect(makeJob).toHaveBeenCalledTimes(2);
    expect(makeJob.mock.calls[1]![1].uploads).toEqual(['upload-1']);
    expect(sends).toHaveLength(1);
  });

  it('shows the network error when no answer came', async () => {
    const { pick, send, makeJob, finishAll } = setup();
    makeJob.mockRejectedValue(new ApiError(0, 'NETWORK', 'Network error'));
    pick(fileOf('a.pdf'));
    await send();
    await finishAll();
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failedNetwork error');
  });

  it('refuses to send a phone number the server would reject', async () => {
    const { user, pick, send, sends } = setup();
    pick(fileOf('a.pdf'));
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await send();
    expect(screen.getByLabelText('Phone (optional)')).toHaveAccessibleDescription('Please enter a valid phone number.');
    expect(sends).toHaveLength(0);
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
    const { pick, optionsOf } = setup('print-hub', { ...A4_ONLY, colorDetection: true });
    pick(fileOf('report.pdf'));
    const chips = optionsOf('report.pdf');
    expect(within(chips).getByRole('combobox', { name: 'Colour' })).toHaveDisplayValue('Auto colour');
    expect(within(chips).queryByRole('combobox', { name: 'Paper' })).not.toBeInTheDocument();
    expect(within(chips).queryByRole('button', { name: /Spiral binding/ })).not.toBeInTheDocument();
    expect(within(chips).getByText('Per side: B&W ₹2.00, colour price set at the counter · A4')).toBeInTheDocument();
  });

  it("says what is wrong with a typed page list, in the contract's words, and sends nothing until it is fixed", async () => {
    const { user, pick, send, sends, optionsOf } = setup();
    pick(fileOf('report.pdf'));
    const pages = within(optionsOf('report.pdf')).getByRole('textbox', { name: 'Pages' });
    await user.type(pages, '5-2');
    await user.tab();
    expect(pages).toHaveAccessibleDescription('pages 5-2 run backwards: write 2-5');
    expect(pages).toHaveAttribute('aria-invalid', 'true');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the pagesreport.pdf: pages 5-2 run backwards: write 2-5');
    expect(sends).toHaveLength(0);

    await user.clear(pages);
    await user.type(pages, '2-5');
    expect(pages).not.toHaveAttribute('aria-invalid');
    await send();
    expect(sends).toHaveLength(1);
  });

  it('sends one options object per file, in file order', async () => {
    const { user, pick, send, optionsOf, makeJob, finishAll } = setup();
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

    await finishAll();
    expect(makeJob.mock.calls[0]![1].uploads).toEqual(['upload-1', 'upload-2']);
    expect(makeJob.mock.calls[0]![1].options).toEqual([
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
    const { user, pick, send, optionsOf, makeJob, finishAll } = setup();
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
    await finishAll();
    expect((makeJob.mock.calls[0]![1].options as TPrintOptions[]).map((o) => [o.copies, o.color, o.sides])).toEqual([
      [2, 'color', 'double'],
      [3, 'color', 'double'],
      [3, 'color', 'single'],
    ]);
  });

  it('offers "Apply to all" only when there is more than one file, and forgets a removed file', async () => {
    const { user, pick, send, optionsOf, makeJob, finishAll } = setup();
    pick(fileOf('a.pdf'));
    expect(within(optionsOf('a.pdf')).queryByRole('button', { name: 'Apply to all files' })).not.toBeInTheDocument();
    pick(fileOf('b.pdf'), fileOf('c.pdf'));
    await user.click(within(optionsOf('c.pdf')).getByRole('button', { name: 'More copies' }));
    await user.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    await send();
    await finishAll();
    expect((makeJob.mock.calls[0]![1].options as TPrintOptions[]).map((o) => o.copies)).toEqual([1, 2]);
  });

  it("shows the server's refusal of the options as the server wrote it", async () => {
    const message = 'report.pdf: paper must be one of this shop\u2019s sizes: A4, 4x6';
    const { pick, send, makeJob, finishAll } = setup();
    makeJob.mockRejectedValue(new ApiError(400, 'INVALID_PRINT_OPTIONS', message, message));
    pick(fileOf('report.pdf'));
    await send();
    await finishAll();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Upload failed${message}`);
  });

  it('locks the chips while the files are sending', async () => {
    const { pick, send, optionsOf } = setup();
    pick(fileOf('report.pdf'));
    await send();
    expect(within(optionsOf('report.pdf')).getByRole('button', { name: 'More copies' })).toBeDisabled();
    expect(within(optionsOf('report.pdf')).getByRole('combobox', { name: 'Colour' })).toBeDisabled();
  });
});
