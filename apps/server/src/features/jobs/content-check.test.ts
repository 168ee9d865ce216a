import { describe, expect, it } from 'vitest';
import { TextScan } from './content-check.js';

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
