import { DEFAULT_PRIMARY_COLOR } from '@counterprint/contract';
import { useEffect } from 'react';

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

/**
 * The app's `brand` scale rebuilt around a shop's colour, so every `bg-brand-*`/`text-brand-*` on the
 * page follows the shop. A very light colour (yellow, pastel) is darkened where it carries white
 * text, or the buttons would be unreadable.
 */
export function accentVars(color: string): Record<string, string> {
  const hex = accentColor(color);
  const solid = luminance(hex) > 0.5 ? mix(hex, 60, 'black') : hex;
  return {
    '--color-brand-50': mix(hex, 8, 'white'),
    '--color-brand-100': mix(hex, 16, 'white'),
    '--color-brand-200': mix(hex, 32, 'white'),
    '--color-brand-300': mix(hex, 55, 'white'),
    '--color-brand-400': mix(hex, 80, 'white'),
    '--color-brand-500': solid,
    '--color-brand-600': mix(hex, 80, 'black'),
    '--color-brand-700': mix(hex, 65, 'black'),
    '--color-brand-800': mix(hex, 50, 'black'),
    '--color-brand-900': mix(hex, 38, 'black'),
  };
}

/**
 * Applies the accent to the whole document, not just the page's element, because dialogs render in
 * a portal outside it. Undone when the customer leaves the page.
 */
export function useShopAccent(color: string | undefined): void {
  useEffect(() => {
    if (!color) return;
    const root = document.documentElement.style;
    const vars = accentVars(color);
    for (const [name, value] of Object.entries(vars)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.removeProperty(name);
    };
  }, [color]);
}
