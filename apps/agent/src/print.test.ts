import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrintOptions, type PrintResult, printDocument } from './print.js';
import { pdfOfPages } from './test-support/documents.js';
import { freePort, PrinterLab, type TestPrinter } from './test-support/printer-lab.js';
import { type JobEvent, watchJob } from './watch.js';

let lab: PrinterLab;
let mono: TestPrinter;
let colour: TestPrinter;
let rasterOnly: TestPrinter;

const WATCH = { intervalMs: 100, maxWaitMs: 45_000 };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  lab = await PrinterLab.open();
  [mono, colour, rasterOnly] = await Promise.all([
    lab.start({ name: 'Print BW' }),
    lab.start({ name: 'Print Colour', color: true, duplex: true }),
    lab.start({ name: 'Print Raster', formats: 'image/pwg-raster' }),
  ]);
});

afterAll(async () => {
  await lab?.close();
});

async function events(uri: string, ippJobId: number, onEvent?: (event: JobEvent) => Promise<void>): Promise<JobEvent[]> {
  const seen: JobEvent[] = [];
  for await (const event of watchJob(uri, ippJobId, WATCH)) {
    seen.push(event);
    await onEvent?.(event);
  }
  return seen;
}

function accepted(result: PrintResult): number {
  if (result.outcome !== 'accepted') throw new Error(`refused: ${result.message}`);
  return result.ippJobId;
}

const base: PrintOptions = { jobName: 'Order 7 · notes.pdf', copies: 1, sides: 'single', color: 'bw' };

describe('printDocument and watchJob', () => {
  it('prints on the black-and-white printer with copies, pages and paper as ordered', async () => {
    const pdf = pdfOfPages(5, 'bw order');
    const result = await printDocument(mono.uri, pdf, {
      ...base,
      jobName: 'Order 7 · notes.pdf',
      copies: 3,
      pageRanges: [
        [1, 2],
        [4, 4],
      ],
      media: 'A4',
    });
    expect(result).toMatchObject({ outcome: 'accepted', status: 'successful-ok', unsupported: [] });
    const states = (await events(mono.uri, accepted(result))).map((e) => e.state);
    expect(states.at(-1)).toBe('completed');
    expect(states.every((s) => ['sent', 'processing', 'completed'].includes(s))).toBe(true);

    const record = (await mono.records()).find((r) => r.IPP_JOB_ID === String(accepted(result)));
    expect(record).toMatchObject({
      CONTENT_TYPE: 'application/pdf',
      IPP_JOB_NAME: 'Order 7 · notes.pdf',
      IPP_COPIES: '3',
      IPP_SIDES: 'one-sided',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      IPP_PAGE_RANGES: '1-2,4-4',
      IPP_MEDIA: 'iso_a4_210x297mm',
      DOCUMENT_BYTES: String(pdf.length),
      DOCUMENT_SHA256: sha256(pdf),
    });
  });

  it('prints in colour, two-sided, on Legal paper on the colour printer and follows it through processing', async () => {
    const pdf = pdfOfPages(3, 'colour order');
    const result = await printDocument(colour.uri, pdf, {
      jobName: 'Order 8 · poster.pdf [slow]',
      copies: 2,
      sides: 'double',
      color: 'color',
      pageRanges: [[2, 3]],
      media: 'Legal',
    });
    const seen = await events(colour.uri, accepted(result));
    expect(seen.map((e) => e.state)).toContain('processing');
    expect(seen.at(-1)).toMatchObject({ state: 'completed', ippJobId: accepted(result) });

    const record = (await colour.records()).find((r) => r.IPP_JOB_ID === String(accepted(result)));
    expect(record).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-long-edge',
      IPP_PRINT_COLOR_MODE: 'color',
      IPP_PAGE_RANGES: '2-3',
      IPP_MEDIA: 'na_legal_8.5x14in',
      DOCUMENT_SHA256: sha256(pdf),
    });
  });

  it('prints black and white on the colour printer when B&W is ordered', async () => {
    const result = await printDocument(colour.uri, pdfOfPages(1), { ...base, jobName: 'Order 9 · bw on colour' });
    await events(colour.uri, accepted(result));
    const record = (await colour.records()).find((r) => r.IPP_JOB_ID === String(accepted(result)));
    expect(record).toMatchObject({ IPP_PRINT_COLOR_MODE: 'monochrome', IPP_SIDES: 'one-sided', IPP_COPIES: '1' });
    expect(record?.IPP_PAGE_RANGES).toBeUndefined();
  });

  it('offers a job again while the printer answers that it is busy printing another', async () => {
    const first = await printDocument(colour.uri, pdfOfPages(1), { ...base, jobName: 'Order 13 [slow]' });
    const second = await printDocument(colour.uri, pdfOfPages(1), { ...base, jobName: 'Order 14' });
    expect(second).toMatchObject({ outcome: 'accepted' });
    expect(accepted(second)).toBeGreaterThan(accepted(first));
    expect((await events(colour.uri, accepted(second))).at(-1)?.state).toBe('completed');
  });

  it('refuses colour on the black-and-white printer before sending anything', async () => {
    const before = (await mono.records()).length;
    const result = await printDocument(mono.uri, pdfOfPages(1), { ...base, color: 'color' });
    expect(result).toEqual({
      outcome: 'refused',
      status: 'client-error-attributes-or-values-not-supported',
      message: 'This printer prints black and white only',
      unsupported: [{ option: 'color', attribute: 'print-color-mode', value: 'color' }],
    });
    expect((await mono.records()).length).toBe(before);
  });

  it('reports what the printer itself refused: two-sided and A3 on the one-sided A4 printer', async () => {
    const before = (await mono.records()).length;
    const result = await printDocument(mono.uri, pdfOfPages(2), { ...base, sides: 'double', media: 'A3' });
    expect(result).toMatchObject({ outcome: 'refused', status: 'client-error-attributes-or-values-not-supported' });
    expect(result.unsupported).toEqual(
      expect.arrayContaining([
        { option: 'sides', attribute: 'sides', value: 'two-sided-long-edge' },
        { option: 'media', attribute: 'media', value: 'iso_a3_297x420mm' },
      ]),
    );
    expect((await mono.records()).length).toBe(before);
  });

  it('reports paper the colour printer lacks', async () => {
    const result = await printDocument(colour.uri, pdfOfPages(1), { ...base, media: 'a3' });
    expect(result).toMatchObject({ outcome: 'refused', unsupported: [{ option: 'media', attribute: 'media', value: 'iso_a3_297x420mm' }] });
  });

  it('refuses a paper name it does not know, and a printer that takes no PDF', async () => {
    await expect(printDocument(colour.uri, pdfOfPages(1), { ...base, media: 'Napkin' })).resolves.toEqual({
      outcome: 'refused',
      status: 'unknown-paper',
      message: 'This paper size is unknown: Napkin',
      unsupported: [{ option: 'media', attribute: 'media', value: 'Napkin' }],
    });
    await expect(printDocument(rasterOnly.uri, pdfOfPages(1), base)).resolves.toMatchObject({
      outcome: 'refused',
      message: 'This printer does not print PDF files',
      unsupported: [{ option: 'document', attribute: 'document-format', value: 'application/pdf' }],
    });
  });

  it('refuses bad options with a plain message', async () => {
    const pdf = pdfOfPages(1);
    await expect(printDocument(mono.uri, pdf, { ...base, copies: 0 })).rejects.toThrow('copies must be a whole number from 1');
    await expect(printDocument(mono.uri, pdf, { ...base, pageRanges: [[3, 1]] })).rejects.toThrow('pages 3-1 are not a page range');
    await expect(printDocument(mono.uri, Buffer.alloc(0), base)).rejects.toThrow('The document is empty');
    await expect(printDocument(mono.uri, pdf, { ...base, sides: 'triple' as 'double' })).rejects.toThrow('sides must be single or double');
  });

  it('shows a job waiting on a printer out of paper as stopped, with the printer’s reason, and completes once refilled', async () => {
    await mono.emptyTrays();
    let refilled = false;
    try {
      const result = await printDocument(mono.uri, pdfOfPages(1), { ...base, jobName: 'Order 10 · out of paper' });
      const seen = await events(mono.uri, accepted(result), async (event) => {
        if (event.state === 'stopped' && !refilled) {
          refilled = true;
          await mono.refillTrays();
        }
      });
      const stopped = seen.find((e) => e.state === 'stopped');
      // ippeveprinter adds media-needed a moment after media-empty: the first stopped event may carry one only.
      expect(stopped?.reasons).toContain('media-empty');
      expect(seen.at(-1)?.state).toBe('completed');
    } finally {
      if (!refilled) await mono.refillTrays();
    }
  });

  it('reports a job the printer aborted, with its message', async () => {
    const result = await printDocument(colour.uri, pdfOfPages(1), { ...base, jobName: 'Order 11 [jam]' });
    const last = (await events(colour.uri, accepted(result))).at(-1);
    expect(last).toEqual({ ippJobId: accepted(result), state: 'aborted', reasons: ['aborted-by-system'], message: 'Paper jam in tray 2' });
  });

  it('ends a watch that runs out of time, says when the printer does not answer, and ends on a job it does not know', async () => {
    const result = await printDocument(mono.uri, pdfOfPages(1), { ...base, jobName: 'Order 12 [slow]' });
    const timedOut: JobEvent[] = [];
    for await (const event of watchJob(mono.uri, accepted(result), { intervalMs: 100, maxWaitMs: 300 })) timedOut.push(event);
    expect(timedOut.at(-1)?.state).toBe('timed-out');
    await events(mono.uri, accepted(result));

    const off = `ipp://127.0.0.1:${await freePort()}/ipp/print`;
    const silent: JobEvent[] = [];
    for await (const event of watchJob(off, 5, { intervalMs: 50, maxWaitMs: 300 })) silent.push(event);
    expect(silent.map((e) => e.state)).toEqual(['unreachable', 'timed-out']);
    expect(silent[0]?.message).toContain('refused the connection');

    const unknown = await events(mono.uri, 987_654);
    expect(unknown).toEqual([{ ippJobId: 987_654, state: 'unknown', reasons: [], message: 'The printer no longer lists this job' }]);
  });
});
