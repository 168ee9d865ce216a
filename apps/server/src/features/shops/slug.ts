/** Words used by public pages (docs/product/rules.md#shops): never a shop's slug. */
export const RESERVED_SLUGS = new Set([
  'home',
  'contact',
  'privacy',
  'terms',
  'security',
  'how',
  'reveiw',
  'review',
  'feature',
  'features',
  'price',
  'pricing',
  'testimonials',
  'help',
  'setup',
  'demo',
]);

export const SLUG_MAX = 40;

/** Accents folded, lowercase, runs of other characters become '-', trimmed, at most 40 characters. */
export function baseSlug(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  if (!folded) return 'shop';
  return RESERVED_SLUGS.has(folded) ? `${folded}-shop` : folded;
}

/** The first of base, base-2, base-3, … not in `taken`; the suffix always fits within 40 characters. */
export function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
