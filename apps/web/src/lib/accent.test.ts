import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PRIMARY_COLOR } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { accentVars, inkColor } from './accent';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('shop accent', () => {
  it.each(['#06b6d4', '#ffff00', '#ffffff', '#22c55e', '#f97316', '#7c3aed', '#000000'])(
    'white text on the primary made from %s meets WCAG AA',
    (colour) => {
      const ink = accentVars(colour)['--color-brand-500']!;
      expect(contrast(ink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that already passes, and darkens one that does not only as far as needed', () => {
    expect(inkColor('#7c3aed')).toBe('#7c3aed');
    const ink = inkColor('#06b6d4');
    expect(contrast(ink, '#ffffff')).toBeGreaterThanOrEqual(5);
    expect(contrast(ink, '#ffffff')).toBeLessThan(5.3);
  });

  it('the app palette in index.css is the default shop colour scale, so app, site and shop page match', () => {
    const appCss = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../index.css'), 'utf8');
    expect(appCss).toContain(`--color-brand-500: ${inkColor(DEFAULT_PRIMARY_COLOR)};`);
  });
});
