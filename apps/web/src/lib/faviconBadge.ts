/**
 * The tab's icon with a red count in its corner (issue 22), so a counter with many tabs open sees
 * waiting jobs on the tab strip. The icon is an SVG: the badge is drawn into a copy of it, no canvas.
 */
export function badgedIcon(svg: string, count: number): string {
  const label = count > 9 ? '9+' : String(count);
  const size = label.length > 1 ? 11 : 13;
  const badge =
    `<circle cx="23" cy="9" r="9" fill="#dc2626" stroke="#fff" stroke-width="1.5"/>` +
    `<text x="23" y="9" dy="0.35em" text-anchor="middle" font-family="Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text>`;
  return svg.replace(/<\/svg>\s*$/, `${badge}</svg>`);
}

let plainHref: string | null = null;
let plainSvg: Promise<string | null> | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/** Shows `count` on the tab's icon, or the plain icon for 0. Never throws: the icon is a nicety. */
export async function showIconCount(count: number): Promise<void> {
  const link = iconLink();
  if (!link) return;
  // Read back after the await below: the count may have changed while the icon loaded.
  link.dataset.count = String(count);
  plainHref ??= link.getAttribute('href');
  if (count <= 0 || !plainHref) {
    if (plainHref) link.setAttribute('href', plainHref);
    return;
  }
  plainSvg ??= fetch(plainHref)
    .then((r) => (r.ok ? r.text() : null))
    .catch(() => null);
  const svg = await plainSvg;
  if (!svg || link.dataset.count !== String(count)) return;
  link.setAttribute('href', `data:image/svg+xml,${encodeURIComponent(badgedIcon(svg, count))}`);
}
