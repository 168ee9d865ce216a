import { describe, expect, it } from 'vitest';
import { badgedIcon } from './faviconBadge';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>\n';

describe('badgedIcon', () => {
  it('draws the count in a red circle over the icon, inside the same svg', () => {
    const svg = badgedIcon(ICON, 3);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/>')).toBe(true);
    expect(svg).toMatch(/<circle [^>]*fill="#dc2626"[^>]*\/><text [^>]*>3<\/text><\/svg>$/);
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
  });

  it('shows 9+ past nine, in a smaller font', () => {
    expect(badgedIcon(ICON, 12)).toMatch(/font-size="11"[^>]*>9\+<\/text>/);
    expect(badgedIcon(ICON, 9)).toMatch(/font-size="13"[^>]*>9<\/text>/);
  });
});
