import {
  defaultPrintOptions,
  describePrintOptions,
  PRINT_OPTION_MESSAGES,
  parsePageRanges,
  parseUploadOptions,
  printOptionsErrorMessage,
  printOptionsFor,
  UPLOAD_LIMITS,
  UPLOAD_OPTIONS_MAX_LENGTH,
  ZEstimate,
  ZPrintOptions,
  ZRateCardPrintAttributes,
  ZRateCardServiceInput,
} from '@counterprint/contract';
import { describe, expect, it } from 'vitest';

// The wire format of issue 19 in packages/contract: print options, the `options` upload field, the estimate.
const detectionOn = { colorDetection: true };
const detectionOff = { colorDetection: false };

/** The one message a bad options object gets, with the field it names. */
function refusal(options: unknown, shop = detectionOff): { field: string; message: string } {
  const parsed = parseUploadOptions(JSON.stringify([options]), shop);
  if (parsed.ok) throw new Error(`expected a refusal of ${JSON.stringify(options)}`);
  expect(parsed.errors).toHaveLength(1);
  const [error] = parsed.errors;
  expect(error!.fileIndex).toBe(0);
  return { field: error!.field, message: error!.message };
}

describe('ZPrintOptions', () => {
  it('fills every key left out with its default', () => {
    expect(ZPrintOptions.parse({})).toEqual({ copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] });
  });

  it('keeps what is given, trimming the page list and the paper', () => {
    const given = { copies: 99, color: 'auto', sides: 'double', pages: ' 1-3, 5 ', nup: 4, paper: ' A3 ', extras: [{ serviceId: 's1' }] };
    expect(ZPrintOptions.parse(given)).toEqual({
      copies: 99,
      color: 'auto',
      sides: 'double',
      pages: '1-3, 5',
      nup: 4,
      paper: 'A3',
      extras: [{ serviceId: 's1', quantity: 1 }],
    });
    expect(ZPrintOptions.parse({ pages: ' All ' }).pages).toBe('all');
  });

  it.each([
    { options: { copies: 0 }, field: 'copies', message: 'copies must be between 1 and 99' },
    { options: { copies: 100 }, field: 'copies', message: 'copies must be between 1 and 99' },
    { options: { copies: 1.5 }, field: 'copies', message: 'copies must be between 1 and 99' },
    { options: { copies: '2' }, field: 'copies', message: 'copies must be between 1 and 99' },
    { options: { copies: null }, field: 'copies', message: 'copies must be between 1 and 99' },
    { options: { color: 'grey' }, field: 'color', message: 'color must be bw or color' },
    { options: { color: 'auto' }, field: 'color', message: PRINT_OPTION_MESSAGES.colorNoAuto },
    { options: { sides: 'both' }, field: 'sides', message: 'sides must be single or double' },
    { options: { nup: 3 }, field: 'nup', message: 'nup must be 1, 2 or 4 pages per side' },
    { options: { nup: '2' }, field: 'nup', message: 'nup must be 1, 2 or 4 pages per side' },
    { options: { paper: '' }, field: 'paper', message: PRINT_OPTION_MESSAGES.paper },
    { options: { paper: 'A4<script>' }, field: 'paper', message: PRINT_OPTION_MESSAGES.paper },
    { options: { paper: 'x'.repeat(21) }, field: 'paper', message: PRINT_OPTION_MESSAGES.paper },
    { options: { pages: '3-1' }, field: 'pages', message: 'pages 3-1 run backwards: write 1-3' },
    { options: { pages: '0' }, field: 'pages', message: PRINT_OPTION_MESSAGES.pagesZero },
    { options: { pages: '' }, field: 'pages', message: PRINT_OPTION_MESSAGES.pages },
    { options: { pages: 5 }, field: 'pages', message: PRINT_OPTION_MESSAGES.pages },
    { options: { pages: '1'.repeat(201) }, field: 'pages', message: PRINT_OPTION_MESSAGES.pagesTooLong },
    { options: { extras: [{ serviceId: 's1', quantity: 0 }] }, field: 'extras', message: PRINT_OPTION_MESSAGES.extraQuantity },
    { options: { extras: [{}] }, field: 'extras', message: PRINT_OPTION_MESSAGES.extras },
    { options: { extras: 'binding' }, field: 'extras', message: PRINT_OPTION_MESSAGES.extras },
    { options: { copy: 2 }, field: 'copy', message: 'copy is not a print option' },
    { options: 'double', field: 'options', message: PRINT_OPTION_MESSAGES.notAnObject },
    { options: [1], field: 'options', message: PRINT_OPTION_MESSAGES.notAnObject },
  ])('refuses $options naming $field', ({ options, field, message }) => {
    const refused = refusal(options);
    expect(refused.field).toBe(field);
    expect(refused.message).toContain(message);
    // Every message starts with the field it is about, so "report.pdf: …" reads as a sentence.
    expect(refused.message.startsWith(field === 'options' ? 'options' : field)).toBe(true);
  });

  it('names every bad field of a file, not just the first', () => {
    const parsed = parseUploadOptions(JSON.stringify([{ copies: 0, nup: 3 }]), detectionOff);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.field)).toEqual(['copies', 'nup']);
  });
});

describe('printOptionsFor a shop', () => {
  it('defaults to auto colour when the shop detects colour, and to bw when it does not', () => {
    expect(defaultPrintOptions(detectionOn).color).toBe('auto');
    expect(defaultPrintOptions(detectionOff).color).toBe('bw');
    expect(printOptionsFor(detectionOn).parse({ color: 'bw' }).color).toBe('bw');
    expect(printOptionsFor(detectionOn).parse({ color: 'auto' }).color).toBe('auto');
    expect(printOptionsFor(detectionOff).safeParse({ color: 'auto' }).success).toBe(false);
    expect(refusal({ color: 'grey' }, detectionOn)).toEqual({ field: 'color', message: 'color must be bw, color or auto' });
  });
});

describe('parseUploadOptions', () => {
  it('reads one object per file, in order, with defaults filled', () => {
    const parsed = parseUploadOptions(JSON.stringify([{ copies: 2, sides: 'double' }, {}, null]), detectionOn);
    expect(parsed).toEqual({
      ok: true,
      options: [
        { ...defaultPrintOptions(detectionOn), copies: 2, sides: 'double' },
        defaultPrintOptions(detectionOn),
        defaultPrintOptions(detectionOn),
      ],
    });
  });

  it('takes an absent or blank field as no options (every file its defaults)', () => {
    expect(parseUploadOptions(undefined, detectionOff)).toEqual({ ok: true, options: [] });
    expect(parseUploadOptions('  ', detectionOff)).toEqual({ ok: true, options: [] });
  });

  it('leaves checking the count against the files to the server', () => {
    const parsed = parseUploadOptions(JSON.stringify([{}, {}, {}]), detectionOff);
    expect(parsed.ok && parsed.options).toHaveLength(3);
  });

  it('says which file each error is about', () => {
    const parsed = parseUploadOptions(JSON.stringify([{}, { copies: 120 }, { sides: 'both' }]), detectionOff);
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { fileIndex: 1, field: 'copies', message: 'copies must be between 1 and 99' },
        { fileIndex: 2, field: 'sides', message: 'sides must be single or double' },
      ],
    });
    if (!parsed.ok) expect(printOptionsErrorMessage('report.pdf', parsed.errors[0]!)).toBe('report.pdf: copies must be between 1 and 99');
  });

  it.each([
    { text: '{"copies": 2}', message: PRINT_OPTION_MESSAGES.uploadJson },
    { text: '[{"copies": 2}', message: PRINT_OPTION_MESSAGES.uploadJson },
    { text: 'copies=2', message: PRINT_OPTION_MESSAGES.uploadJson },
    { text: '"[]"', message: PRINT_OPTION_MESSAGES.uploadJson },
    { text: JSON.stringify(Array(UPLOAD_LIMITS.maxFiles + 1).fill({})), message: PRINT_OPTION_MESSAGES.uploadTooMany },
    { text: `[${' '.repeat(UPLOAD_OPTIONS_MAX_LENGTH)}]`, message: PRINT_OPTION_MESSAGES.uploadTooLong },
  ])('refuses the whole field: $message', ({ text, message }) => {
    expect(parseUploadOptions(text, detectionOff)).toEqual({ ok: false, errors: [{ fileIndex: null, field: 'options', message }] });
  });

  it('refuses a huge field before parsing it', () => {
    const huge = `[${'{},'.repeat(5_000_000)}{}]`;
    const started = performance.now();
    expect(parseUploadOptions(huge, detectionOff).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parsePageRanges', () => {
  it('keeps the ranges as typed, unmerged, in order', () => {
    expect(parsePageRanges('8-10, 1-3,5')).toEqual({
      ok: true,
      ranges: [
        [8, 10],
        [1, 3],
        [5, 5],
      ],
    });
  });

  it('caps page numbers beyond any document at one ceiling', () => {
    expect(parsePageRanges('5-99999999999999999999')).toEqual({ ok: true, ranges: [[5, 1_000_000_000]] });
  });
});

describe('describePrintOptions', () => {
  it.each([
    { options: {}, text: 'B&W · A4' },
    { options: { copies: 2, color: 'color', sides: 'double', pages: '1 - 5', paper: 'A4' }, text: '2× · colour · double · pp 1–5 · A4' },
    { options: { color: 'auto', pages: '1-3, 8', nup: 2, paper: 'A3' }, text: 'auto colour · pp 1–3,8 · 2 per side · A3' },
  ])('$text', ({ options, text }) => {
    expect(describePrintOptions(ZPrintOptions.parse(options))).toBe(text);
  });
});

describe('ZRateCardPrintAttributes and ZEstimate', () => {
  it('takes a page rate and an add-on, and refuses a colour it does not know', () => {
    expect(ZRateCardPrintAttributes.parse({ paper: 'A4', color: 'color', sides: null, extra: false })).toEqual({
      paper: 'A4',
      color: 'color',
      sides: null,
      extra: false,
    });
    expect(ZRateCardPrintAttributes.parse({ paper: null, color: null, sides: null, extra: true }).extra).toBe(true);
    const bad = ZRateCardServiceInput.safeParse({ serviceName: 'Colour', paper: 'A4', color: 'auto' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['color must be bw or color']);
    // A blank attribute from the editor clears it; one left out is no attribute.
    expect(ZRateCardServiceInput.parse({ serviceName: 'Binding', paper: ' ', sides: '', extra: true })).toMatchObject({
      paper: null,
      sides: null,
      extra: true,
    });
  });

  it('says INR and nothing else', () => {
    const estimate = { total: 4, currency: 'INR', complete: true, lines: [] };
    expect(ZEstimate.parse(estimate)).toEqual(estimate);
    expect(ZEstimate.safeParse({ ...estimate, currency: 'USD' }).success).toBe(false);
  });
});
