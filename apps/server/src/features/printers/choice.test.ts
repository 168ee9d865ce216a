import { PRINTER_WARNING_WORDS, type TPrinterChoice, type TReportedPrinter } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { candidatesFor, choosePrinter, type FileNeeds, printerWarnings } from './choice.js';

const printer = (uri: string, over: Partial<TReportedPrinter> = {}): TReportedPrinter => ({
  uri,
  name: uri,
  makeAndModel: null,
  state: 'idle',
  reasons: [],
  stateMessage: null,
  acceptingJobs: true,
  color: false,
  duplex: false,
  paper: ['A4', 'Letter'],
  pageRanges: true,
  pdf: true,
  ...over,
});
const ONE_SIDED_BW = printer('ipp://bw');
const DUPLEX_COLOUR = printer('ipp://colour', { color: true, duplex: true, paper: ['A4', 'A3'] });
const devices = [{ id: 'd1', printers: [ONE_SIDED_BW, DUPLEX_COLOUR] }];
const choice: TPrinterChoice = {
  bw: { deviceId: 'd1', uri: ONE_SIDED_BW.uri },
  color: { deviceId: 'd1', uri: DUPLEX_COLOUR.uri },
  markPrintedOnComplete: false,
};
const reported = (ref: { deviceId: string; uri: string }) =>
  devices.find((d) => d.id === ref.deviceId)?.printers.find((p) => p.uri === ref.uri);
const pick = (needs: FileNeeds, c: TPrinterChoice = choice) => {
  const chosen = choosePrinter(needs, candidatesFor(needs, c, reported));
  return 'missing' in chosen ? chosen : chosen.printer.uri;
};

describe('the printer a file goes to', () => {
  it('is the B&W printer for a one-sided B&W file, and the colour printer for a colour one', () => {
    expect(pick({ color: 'bw', sides: 'single', paper: 'A4' })).toBe(ONE_SIDED_BW.uri);
    expect(pick({ color: 'color', sides: 'single', paper: 'A4' })).toBe(DUPLEX_COLOUR.uri);
  });

  it('is the duplex colour printer for a two-sided B&W file when the B&W printer prints one side only', () => {
    expect(pick({ color: 'bw', sides: 'double', paper: 'A4' })).toBe(DUPLEX_COLOUR.uri);
  });

  it('is the printer that has the paper', () => {
    expect(pick({ color: 'bw', sides: 'single', paper: 'a3' })).toBe(DUPLEX_COLOUR.uri);
    expect(pick({ color: 'bw', sides: 'single', paper: 'Letter' })).toBe(ONE_SIDED_BW.uri);
  });

  it('is none, with the need no chosen printer meets, when none can print the file', () => {
    const bwOnly = { ...choice, color: null };
    expect(pick({ color: 'color', sides: 'single', paper: 'A4' }, bwOnly)).toEqual({ missing: 'color' });
    expect(pick({ color: 'bw', sides: 'double', paper: 'A4' }, bwOnly)).toEqual({ missing: 'duplex' });
    expect(pick({ color: 'bw', sides: 'single', paper: 'Legal' })).toEqual({ missing: 'paper' });
  });

  it('is not ruled out by paper when the printer reported none we have a name for', () => {
    const odd = printer('ipp://odd', { paper: [] });
    const c = { ...choice, bw: { deviceId: 'd2', uri: odd.uri }, color: null };
    const chosen = choosePrinter(
      { color: 'bw', sides: 'single', paper: 'A5' },
      candidatesFor({ color: 'bw', sides: 'single', paper: 'A5' }, c, () => odd),
    );
    expect('missing' in chosen ? chosen : chosen.printer.uri).toBe(odd.uri);
  });
});

describe('what Settings → Printers warns of', () => {
  it('two-sided printing and a paper the rate card sells that no chosen printer can print', () => {
    const sold = [
      { paper: 'A4', sides: 'double', color: 'bw' },
      { paper: 'Legal', sides: null, color: 'bw' },
    ];
    const bwOnly = { ...choice, color: null };
    expect(printerWarnings(sold, bwOnly, devices).map((w) => w.message)).toEqual([
      PRINTER_WARNING_WORDS.duplex,
      PRINTER_WARNING_WORDS.paper('Legal'),
    ]);
    expect(printerWarnings([{ paper: 'A3', sides: 'double', color: 'color' }], choice, devices)).toEqual([]);
  });

  it('nothing while no printer is chosen', () => {
    expect(printerWarnings([{ paper: 'A4', sides: 'double', color: 'color' }], { ...choice, bw: null, color: null }, devices)).toEqual([]);
  });
});
