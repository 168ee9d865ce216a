import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrinterAddressError, PrinterUnreachableError } from './ipp.js';
import { describePrinter } from './printers.js';
import { freePort, PrinterLab, type TestPrinter } from './test-support/printer-lab.js';

let lab: PrinterLab;
let mono: TestPrinter;
let colour: TestPrinter;

beforeAll(async () => {
  lab = await PrinterLab.open();
  [mono, colour] = await Promise.all([
    lab.start({ name: 'Counter BW' }),
    lab.start({ name: 'Counter Colour', color: true, duplex: true, formats: 'application/pdf,image/jpeg' }),
  ]);
});

afterAll(async () => {
  await lab?.close();
});

describe('describePrinter', () => {
  it('reads a black-and-white, one-sided printer', async () => {
    const printer = await describePrinter(mono.uri);
    expect(printer).toMatchObject({
      uri: mono.uri,
      name: 'Counter BW',
      makeAndModel: 'Counterprint Test Counter BW',
      state: 'idle',
      reasons: [],
      acceptingJobs: true,
      color: false,
      colorModes: ['monochrome'],
      duplex: false,
      sides: ['one-sided'],
      copies: { min: 1, max: 999 },
      pageRanges: true,
      pdf: true,
    });
    expect(printer.media).toEqual(expect.arrayContaining(['iso_a4_210x297mm', 'na_letter_8.5x11in', 'na_legal_8.5x14in']));
    expect(printer.media).not.toContain('iso_a3_297x420mm');
    expect(printer.paper).toEqual(['Letter', 'Legal', 'A4']);
  });

  it('reads a colour, two-sided printer', async () => {
    const printer = await describePrinter(colour.uri);
    expect(printer).toMatchObject({ name: 'Counter Colour', state: 'idle', color: true, duplex: true, pdf: true });
    expect(printer.colorModes).toEqual(expect.arrayContaining(['color', 'monochrome']));
    expect(printer.sides).toEqual(['one-sided', 'two-sided-long-edge', 'two-sided-short-edge']);
    expect(printer.paper).toEqual(expect.arrayContaining(['A4', 'A5', 'A6', 'Letter', 'Legal']));
    expect(printer.documentFormats).toEqual(expect.arrayContaining(['application/pdf', 'image/jpeg']));
  });

  it('shows a printer out of paper as stopped, with media-empty, until it is refilled', async () => {
    await mono.emptyTrays();
    try {
      const empty = await describePrinter(mono.uri);
      expect(empty.state).toBe('stopped');
      expect(empty.reasons).toContain('media-empty');
    } finally {
      await mono.refillTrays();
    }
    const refilled = await describePrinter(mono.uri);
    expect(refilled.state).toBe('idle');
    expect(refilled.reasons).toEqual([]);
  });

  it('says when nothing answers at the address, and that nothing was sent', async () => {
    const port = await freePort();
    const error = await describePrinter(`ipp://127.0.0.1:${port}/ipp/print`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterUnreachableError);
    expect(error).toMatchObject({ delivered: 'no', message: `The printer at 127.0.0.1:${port} refused the connection: is it on?` });
  });

  it('refuses addresses it cannot use, in plain words', async () => {
    await expect(describePrinter('lpd://127.0.0.1/queue')).rejects.toThrow(
      new PrinterAddressError('A printer address starts with ipp://, not lpd://'),
    );
    await expect(describePrinter('ipps://127.0.0.1/ipp/print')).rejects.toBeInstanceOf(PrinterAddressError);
    await expect(describePrinter('not an address')).rejects.toThrow('Not a printer address: not an address');
  });

  it('reads the same printer through an http:// address', async () => {
    const printer = await describePrinter(`http://127.0.0.1:${mono.port}/ipp/print`);
    expect(printer.name).toBe('Counter BW');
  });
});
