import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type WindowsPrintJob, WindowsPrintJobError, windowsPrintArgs, windowsPrintOptions } from './print-args.js';

const PDF = 'C:\\Users\\Shop\\AppData\\Local\\Counterprint\\jobs\\j1.pdf';
const job = (over: Partial<WindowsPrintJob> = {}): WindowsPrintJob => ({
  printer: 'Canon LBP2900',
  sides: 'simplex',
  color: 'monochrome',
  copies: 1,
  ...over,
});

const SIDES = ['simplex', 'duplexlong', 'duplexshort'] as const;
const COLORS = [
  ['color', 'color'],
  ['monochrome', 'monochrome'],
] as const;
const PAGES: [WindowsPrintJob['pageRanges'], string | null][] = [
  [undefined, null],
  [[[3, 3]], '3'],
  [
    [
      [1, 2],
      [5, 5],
      [7, 9],
    ],
    '1-2,5,7-9',
  ],
];
const PAPERS: [string | undefined, string | null][] = [
  [undefined, null],
  ['A4', 'paper=A4'],
  ['a3', 'paper=A3'],
  ['A5', 'paper=A5'],
  ['Letter', 'paper=letter'],
  ['Legal', 'paper=legal'],
  ['Tabloid', 'paper=tabloid'],
  ['Foolscap', 'paperkind=14'],
];
const COPIES = [1, 2, 999];

function* everyJob(): Generator<[WindowsPrintJob, string]> {
  for (const sides of SIDES)
    for (const [color, colorSetting] of COLORS)
      for (const [pageRanges, pagesSetting] of PAGES)
        for (const [paper, paperSetting] of PAPERS)
          for (const copies of COPIES) {
            const settings = [pagesSetting, colorSetting, sides, paperSetting, `${copies}x`].filter((s) => s !== null);
            yield [job({ sides, color, copies, ...(pageRanges ? { pageRanges } : {}), ...(paper ? { paper } : {}) }), settings.join(',')];
          }
}

const HOSTILE_NAMES = [
  'HP LaserJet "Front" Desk',
  'Canon LBP2900 & Co',
  '100% Copier %PATH% %%',
  'प्रिंटर कक्ष २',
  'கணினி அச்சுப்பொறி',
  '\\\\SHOP-PC\\Canon LBP2900',
  "Ravi's ^ copier | > nul",
  '-silent',
  'a,b=c 2x',
  '  leading and trailing  ',
];

describe('windowsPrintArgs: the exact SumatraPDF command line', () => {
  it('is -print-to NAME -silent -print-settings SETTINGS FILE for every option combination', () => {
    let count = 0;
    for (const [j, settings] of everyJob()) {
      expect(windowsPrintArgs(PDF, j)).toEqual(['-print-to', j.printer, '-silent', '-print-settings', settings, PDF]);
      count++;
    }
    expect(count).toBe(3 * 2 * 3 * 8 * 3);
  });

  it('spells out a few whole command lines', () => {
    expect(windowsPrintArgs(PDF, job())).toEqual([
      '-print-to',
      'Canon LBP2900',
      '-silent',
      '-print-settings',
      'monochrome,simplex,1x',
      PDF,
    ]);
    expect(
      windowsPrintArgs(
        PDF,
        job({
          color: 'color',
          sides: 'duplexshort',
          paper: 'A4',
          copies: 2,
          pageRanges: [
            [2, 4],
            [6, 6],
          ],
        }),
      ),
    ).toEqual(['-print-to', 'Canon LBP2900', '-silent', '-print-settings', '2-4,6,color,duplexshort,paper=A4,2x', PDF]);
  });

  it.each(HOSTILE_NAMES)('keeps the printer name %j as one argument, untouched', (printer) => {
    const args = windowsPrintArgs(PDF, job({ printer, paper: 'A4' }));
    expect(args).toEqual(['-print-to', printer, '-silent', '-print-settings', 'monochrome,simplex,paper=A4,1x', PDF]);
  });

  it('keeps a file path with spaces, quotes-free Windows punctuation and non-Latin letters as one argument', () => {
    const file = 'C:\\Users\\Ravi & Sons\\100% दस्तावेज़.pdf';
    expect(windowsPrintArgs(file, job()).at(-1)).toBe(file);
  });

  it.each([
    ['an empty printer name', job({ printer: '  ' }), 'Name the Windows printer'],
    ['a line break in the name', job({ printer: 'Canon\nLBP' }), 'no control characters'],
    ['a NUL in the name', job({ printer: 'Canon\u0000' }), 'no control characters'],
    ['an over-long name', job({ printer: 'x'.repeat(257) }), 'at most 256'],
    ['no copies', job({ copies: 0 }), 'Copies must be'],
    ['half a copy', job({ copies: 1.5 }), 'Copies must be'],
    ['a thousand copies', job({ copies: 1000 }), 'Copies must be'],
    ['unknown sides', job({ sides: 'duplex' as never }), 'Sides must be'],
    ['unknown colour', job({ color: 'grey' as never }), 'Colour must be'],
    ['no page ranges', job({ pageRanges: [] }), 'at least one page'],
    ['page zero', job({ pageRanges: [[0, 2]] }), 'page 1 or later'],
    ['a backwards range', job({ pageRanges: [[5, 2]] }), 'page 1 or later'],
    ['a paper SumatraPDF has no name for', job({ paper: '4x6' }), 'cannot ask the driver for 4x6'],
    ['a paper smuggling a setting', job({ paper: 'A4,landscape' }), 'cannot ask the driver'],
  ])('refuses %s before anything runs', (_what, bad, message) => {
    expect(() => windowsPrintArgs(PDF, bad)).toThrow(WindowsPrintJobError);
    expect(() => windowsPrintArgs(PDF, bad)).toThrow(message);
  });

  it('refuses a relative file name, which SumatraPDF would resolve against its own folder', () => {
    expect(() => windowsPrintArgs('j1.pdf', job())).toThrow('absolute path');
  });
});

/**
 * pdf-to-printer's own print(), run here with execFile and the platform check replaced, must start SumatraPDF
 * with exactly our argument vector, directly (no shell, no options), for every combination.
 */
describe('pdf-to-printer runs SumatraPDF with exactly windowsPrintArgs', () => {
  const require = createRequire(import.meta.url);

  async function withFakeWindows(run: (calls: unknown[][]) => Promise<void>): Promise<void> {
    const childProcess = require('node:child_process') as typeof import('node:child_process');
    const os = require('node:os') as typeof import('node:os');
    const realExecFile = childProcess.execFile;
    const realPlatform = os.platform;
    const calls: unknown[][] = [];
    (childProcess as { execFile: unknown }).execFile = (...args: unknown[]) => {
      calls.push(args.slice(0, -1));
      (args.at(-1) as (e: null, r: { stdout: string; stderr: string }) => void)(null, { stdout: '', stderr: '' });
    };
    (os as { platform: unknown }).platform = () => 'win32';
    try {
      await run(calls);
    } finally {
      (childProcess as { execFile: unknown }).execFile = realExecFile;
      (os as { platform: unknown }).platform = realPlatform;
    }
  }

  it('for every option combination and hostile printer name', async () => {
    const sumatra = 'C:\\Program Files\\Counterprint\\SumatraPDF-3.4.6-32.exe';
    // The real file, so that pdf-to-printer's own existence check passes.
    const pdf = require.resolve('pdf-to-printer/package.json');
    await withFakeWindows(async (calls) => {
      const id = require.resolve('pdf-to-printer');
      delete require.cache[id];
      const { print } = require('pdf-to-printer') as typeof import('pdf-to-printer');
      const jobs = [...everyJob()].map(([j]) => j).concat(HOSTILE_NAMES.map((printer) => job({ printer })));
      for (const j of jobs) {
        await print(pdf, { ...windowsPrintOptions(j), sumatraPdfPath: sumatra });
        expect(calls.pop()).toEqual([sumatra, windowsPrintArgs(pdf, j)]);
      }
      delete require.cache[id];
    });
  });
});
