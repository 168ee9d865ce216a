import { DEFAULT_PRIMARY_COLOR } from '@counterprint/contract';
import { useLayoutEffect } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;

export function accentColor(value: string | null | undefined): string {
  return value && HEX.test(value) ? value : DEFAULT_PRIMARY_COLOR;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const mix = (hex: string, percent: number, with_: 'white' | 'black') => `color-mix(in srgb, ${hex} ${percent}%, ${with_})`;

/** The colour with each sRGB channel scaled by `factor` (0 black, 1 unchanged). */
function darken(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * factor));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * WCAG AA asks 4.5:1 for normal text; 5:1 against white keeps 4.5:1 on the palest tint (brand-50) too
 * (docs/decisions/024-one-accessible-palette.md).
 */
const INK_CONTRAST = 5;
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The shop's colour darkened just enough that white text on it, and it as text on white or brand-50, reach AA. */
export function inkColor(color: string): string {
  const hex = accentColor(color);
  for (let factor = 1; factor > 0; factor -= 0.01) {
    const ink = darken(hex, factor);
    if (contrastWithWhite(ink) >= INK_CONTRAST) return ink;
  }
  return '#000000';
}

/**
 * The app's `brand` scale rebuilt around a shop's colour, so every `bg-brand-*`/`text-brand-*` on the
 * page follows the shop. 50-400 are tints for backgrounds and rings; 500 and darker carry or are text,
 * so they start from the shop's colour darkened to pass WCAG AA against white.
 */
export function accentVars(color: string): Record<string, string> {
  const hex = accentColor(color);
  const ink = inkColor(hex);
  return {
    // The palest tint stays light enough for slate-500 text on it (4.5:1).
    '--color-brand-50': mix(hex, 4, 'white'),
    '--color-brand-100': mix(hex, 16, 'white'),
    '--color-brand-200': mix(hex, 32, 'white'),
    '--color-brand-300': mix(hex, 55, 'white'),
    '--color-brand-400': mix(hex, 80, 'white'),
    '--color-brand-500': ink,
    '--color-brand-600': mix(ink, 85, 'black'),
    '--color-brand-700': mix(ink, 72, 'black'),
    '--color-brand-800': mix(ink, 58, 'black'),
    '--color-brand-900': mix(ink, 45, 'black'),
  };
}

/**
 * Applies the accent to the whole document, not just the page's element, because dialogs render in
 * a portal outside it. Undone when the customer leaves the page. Set before the browser paints (a layout
 * effect), so the page never shows a frame in the default colour once the shop's details are in.
 */
export function useShopAccent(color: string | undefined): void {
  useLayoutEffect(() => {
    if (!color) return;
    const root = document.documentElement.style;
    const vars = accentVars(color);
    for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.removeProperty(name);
    };
  }, [color]);
}
