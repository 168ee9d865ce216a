import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { pdfBytes, pngBytes } from '../../../test/support/fixtures.js';
import { ContentCheck, TextScan, type UploadKind } from './content-check.js';

/** What the upload's content check answers for `data` named `name`: its status, or 'taken'. */
async function judged(kind: UploadKind, data: Buffer): Promise<number | 'taken'> {
  const sink = new Writable({ write: (_c, _e, done) => done() });
  return pipeline(Readable.from([data]), new ContentCheck(kind, `file.${kind}`), sink).then(
    () => 'taken' as const,
    (err: { status: number }) => err.status,
  );
}

/** A DOS EPS: a 30-byte header pointing at its PostScript section, which follows at once. */
function dosEps(ps: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32BE(0xc5d0d3c6, 0);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(ps.length, 8);
  return Buffer.concat([header, Buffer.from(ps, 'latin1')]);
}

/** Feeds `text` in the given pieces, as an upload's chunks arrive; true when every piece and the end pass. */
function passes(svg: boolean, pieces: string[]): boolean {
  const scan = new TextScan(svg);
  return pieces.every((p) => scan.clean(Buffer.from(p, 'latin1'))) && scan.clean(Buffer.alloc(0), true);
}
const splitsOf = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('TextScan', () => {
  const svgAttacks = [
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    '<svg><a href="jav&#x61;script:alert(1)"><text>x</text></a></svg>',
    '<svg><a href="jav&#97;script:alert(1)"><text>x</text></a></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<!DOCTYPE html><svg onload=alert(1)>',
    '<svg><foreignObject><div/></foreignObject></svg>',
  ];

  it.each(svgAttacks)('refuses %s however it is cut into chunks', (attack) => {
    for (const pieces of splitsOf(attack)) expect(passes(true, pieces), JSON.stringify(pieces)).toBe(false);
  });

  it('refuses HTML in a CSV however it is cut into chunks', () => {
    for (const pieces of splitsOf('a,b\n1,<script>alert(1)</script>\n')) expect(passes(false, pieces)).toBe(false);
  });

  it('sees through blank padding that spans chunks, and a character reference cut in two', () => {
    expect(passes(true, ['<svg><a href="java', '\n'.repeat(100_000), '\tscript:alert(1)"/></svg>'])).toBe(false);
    expect(passes(true, ['<svg><rect onclick', ' '.repeat(100_000), '="alert(1)"/></svg>'])).toBe(false);
    expect(passes(true, ['<svg><a href="java&#x', '73;cript:alert(1)"/></svg>'])).toBe(false);
    expect(passes(true, ['<svg><a href="java&#x', '0'.repeat(100), '73;cript:x"/></svg>'])).toBe(false);
  });

  it('passes plain SVGs and CSVs however they are cut into chunks', () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><a href="https://example.com/a&amp;b"><text>on time &#8212; 5 &lt; 6</text></a></svg>';
    for (const pieces of splitsOf(svg)) expect(passes(true, pieces), JSON.stringify(pieces)).toBe(true);
    const csv = 'item,price\nA4 < 10 pages,2\n"x => y",3\nonion=1,4\n';
    for (const pieces of splitsOf(csv)) expect(passes(false, pieces)).toBe(true);
  });
});

describe("ContentCheck: HTML after a format's magic", () => {
  const script = '<html><body><script>alert(1)</script></body></html>\n';
  const pngHead = pngBytes().subarray(0, 33);
  const attacks: [string, UploadKind, () => Promise<Buffer>][] = [
    ['HTML right after %PDF-', 'pdf', async () => Buffer.from(`%PDF-${script}`)],
    ['HTML after a whole %PDF-1.7 header line', 'pdf', async () => Buffer.from(`%PDF-1.7\n${script}%%EOF\n`)],
    [
      "HTML in a real PDF's first KiB",
      'pdf',
      async () => Buffer.from(`%PDF-1.4\n%${script}${(await pdfBytes()).toString('latin1')}`, 'latin1'),
    ],
    ['HTML right after a PNG signature', 'png', async () => Buffer.concat([pngHead.subarray(0, 8), Buffer.from(script)])],
    ['HTML after a PNG signature and a valid IHDR', 'png', async () => Buffer.concat([pngHead, Buffer.from(script)])],
    ['HTML right after %!PS', 'eps', async () => Buffer.from(`%!PS${script}`)],
    ['HTML after an EPS header line', 'eps', async () => Buffer.from(`%!PS-Adobe-3.0 EPSF-3.0\n%${script}showpage\n`)],
    ["HTML as a DOS EPS's PostScript section", 'eps', async () => dosEps(script)],
  ];

  it.each(attacks)('refuses %s (415)', async (_name, kind, data) => {
    expect(await judged(kind, await data())).toBe(415);
  });

  const real: [string, UploadKind, () => Promise<Buffer>][] = [
    ['a real PDF', 'pdf', () => pdfBytes()],
    ['a real PDF after a BOM and blank lines', 'pdf', async () => Buffer.concat([Buffer.from('\uFEFF\n\n'), await pdfBytes()])],
    [
      'a PDF whose binary marker follows its version at once',
      'pdf',
      async () => Buffer.from('%PDF-1.3%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1'),
    ],
    ['a real PNG', 'png', async () => pngBytes()],
    ['an EPS', 'eps', async () => Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n')],
    [
      'a PostScript file with a bare %!PS line',
      'ps',
      async () => Buffer.from('%!PS\n/Helvetica findfont 12 scalefont setfont\nshowpage\n'),
    ],
    ['a DOS EPS', 'eps', async () => dosEps('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n')],
  ];

  it.each(real)('still takes %s', async (_name, kind, data) => {
    expect(await judged(kind, await data())).toBe('taken');
  });
});
