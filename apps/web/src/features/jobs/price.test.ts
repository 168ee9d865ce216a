import { defaultPrintOptions, PRICE_AT_THE_COUNTER, type TEstimateLine } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { makeEstimate, makeJob, printLine } from '../../test/fixtures';
import { adjustmentOf, estimateText, jobLines, lineLabel, lineQuantityText, linesOfFile, optionsSummaries, parseAmount } from './price';
import { draftOf, paperChoices, readDraft } from './printOptionsForm';

const atCounter = (fileId: string | null, what: string, missing: TEstimateLine['missing']): TEstimateLine => ({
  fileId,
  serviceId: null,
  description: `${what} — ${PRICE_AT_THE_COUNTER}`,
  quantity: 0,
  unitPrice: null,
  amount: null,
  missing,
});

describe("the server's estimate on staff screens (issue 19)", () => {
  const file = { id: 'f1', name: 'report.pdf' };

  it('shows the total in rupees, marked while some line is priced at the counter', () => {
    expect(estimateText(makeEstimate([printLine(file, 12)]))).toBe('₹24.00');
    expect(estimateText(makeEstimate([printLine(file, 12), atCounter('f2', 'scan.docx: still converting to PDF', 'conversion')]))).toBe(
      '₹24.00 + at counter',
    );
    expect(estimateText(makeEstimate([atCounter('f2', 'scan.docx: page count not known yet', 'pages')]))).toBe('at counter');
    expect(estimateText(makeEstimate([]))).toBe('₹0.00');
  });

  it("writes a line under its file without repeating the file's name, with quantity × unit price", () => {
    const line = printLine(file, 6);
    expect(lineLabel(line, file)).toBe('Black & white A4');
    expect(lineLabel(line)).toBe('report.pdf: Black & white A4');
    expect(lineLabel(line, { name: 'other.pdf' })).toBe('report.pdf: Black & white A4');
    expect(lineQuantityText(line)).toBe('6 × ₹2.00');
    expect(lineQuantityText(atCounter('f1', 'report.pdf: no rate for colour A3 single-sided', 'service'))).toBeNull();
  });

  it("sorts lines by file, and keeps the whole job's add-ons apart", () => {
    const binding: TEstimateLine = { ...printLine(file, 1), fileId: null, description: 'Binding', unitPrice: 30, amount: 30 };
    const estimate = makeEstimate([printLine(file, 2), printLine({ id: 'f2', name: 'b.pdf' }, 3), binding]);
    expect(linesOfFile(estimate, 'f2').map((l) => l.description)).toEqual(['b.pdf: Black & white A4']);
    expect(jobLines(estimate)).toEqual([binding]);
    expect(estimate.total).toBe(40);
  });

  it('summarises the options once when every file prints alike, else per file', () => {
    const job = makeJob({ id: 'j' }, [3, 4]);
    expect(optionsSummaries(job).map((s) => [s.fileName, s.summary])).toEqual([[null, 'B&W · A4']]);
    job.files[1] = { ...job.files[1]!, options: { ...job.files[1]!.options, copies: 2, color: 'color', sides: 'double', pages: '1-5' } };
    expect(optionsSummaries(job).map((s) => [s.fileName, s.summary])).toEqual([
      ['file-1.pdf', 'B&W · A4'],
      ['file-2.pdf', '2× · colour · double · pp 1–5 · A4'],
    ]);
    expect(optionsSummaries(makeJob({ id: 'e' }, []))).toEqual([]);
  });
});

describe('the amount staff charge against the estimate', () => {
  const complete = makeEstimate([printLine({ id: 'f1', name: 'a.pdf' }, 12)]);
  const partial = makeEstimate([printLine({ id: 'f1', name: 'a.pdf' }, 12), atCounter(null, 'an add-on no longer offered', 'extra')]);

  it('calls less a discount and more a surcharge, in paise', () => {
    expect(adjustmentOf(complete, 20)).toEqual({ word: 'Discount', amount: 4 });
    expect(adjustmentOf(complete, 30.5)).toEqual({ word: 'Surcharge', amount: 6.5 });
    expect(adjustmentOf(complete, 24)).toBeNull();
    expect(adjustmentOf({ ...complete, total: 0.3 }, 0.1 + 0.2)).toBeNull();
  });

  it('calls more than an incomplete estimate what was priced at the counter', () => {
    expect(adjustmentOf(partial, 54)).toEqual({ word: 'Priced at the counter', amount: 30 });
    expect(adjustmentOf(partial, 20)).toEqual({ word: 'Discount', amount: 4 });
  });

  it('reads the amount field as rupees, empty as no order', () => {
    expect(parseAmount('24.50')).toBe(24.5);
    expect(parseAmount(' ')).toBeNull();
    expect(parseAmount('1.234')).toBe('invalid');
    expect(parseAmount('-3')).toBe('invalid');
    expect(parseAmount('abc')).toBe('invalid');
  });
});

describe('the options editor', () => {
  const setup = { papers: ['A4', 'A3'], colorDetection: false };
  const options = defaultPrintOptions({ colorDetection: false });

  it('sends whole options, keeping the extras the customer chose', () => {
    const extras = [{ serviceId: 'svc-bind', quantity: 1 }];
    const draft = { ...draftOf(options), copies: ' 3 ', pages: ' 1-3, 5 ', paper: 'A3', sides: 'double' as const, nup: 2 as const };
    expect(readDraft(draft, extras, setup)).toEqual({
      ok: true,
      options: { copies: 3, color: 'bw', sides: 'double', pages: '1-3, 5', nup: 2, paper: 'A3', extras },
    });
    expect(readDraft({ ...draftOf(options), pages: 'ALL' }, [], setup)).toMatchObject({ ok: true, options: { pages: 'all' } });
  });

  it("refuses what the server would, in the contract's words", () => {
    const read = readDraft({ ...draftOf(options), copies: '100', pages: '5-3', paper: 'Legal', color: 'auto' }, [], setup);
    expect(read).toEqual({
      ok: false,
      errors: {
        copies: 'copies must be between 1 and 99',
        pages: 'pages 5-3 run backwards: write 3-5',
        paper: "paper must be one of this shop's sizes: A4, A3",
        color: 'color auto needs colour detection, which this shop has turned off: choose bw or color',
      },
    });
    expect(readDraft({ ...draftOf(options), copies: '1.5' }, [], setup)).toMatchObject({
      ok: false,
      errors: { copies: expect.any(String) },
    });
    expect(readDraft({ ...draftOf(options), copies: '' }, [], setup)).toMatchObject({ ok: false });
    // Without the shop's details the server alone judges paper and colour.
    expect(readDraft({ ...draftOf(options), paper: 'Legal', color: 'auto' }, [], undefined)).toMatchObject({ ok: true });
  });

  it("offers the shop's papers, and the file's own when the shop no longer names it", () => {
    expect(paperChoices(setup, 'a3')).toEqual(['A4', 'A3']);
    expect(paperChoices(setup, 'Legal')).toEqual(['A4', 'A3', 'Legal']);
    expect(paperChoices(undefined, 'A4')).toEqual(['A4']);
  });
});
