import {
  DEFAULT_PAPER,
  isConvertedKind,
  matchPageRate,
  paiseToRupees,
  parsePageRanges,
  rupeesToPaise,
  type TPrintOptions,
  type TPublicShopDetails,
} from '@counterprint/contract';
import { formatRupees } from './format';

/** What choosing print options needs of the shop: its rates, its papers and whether it detects colour. */
export type PrintShop = Pick<TPublicShopDetails, 'rateCard' | 'papers' | 'colorDetection'>;

/**
 * The contract's defaults (defaultPrintOptions), written out: calling it would bring zod onto the
 * shop page. A test holds the two equal.
 */
export const startingOptions = (shop: Pick<PrintShop, 'colorDetection'>): TPrintOptions => ({
  copies: 1,
  color: shop.colorDetection ? 'auto' : 'bw',
  sides: 'single',
  pages: 'all',
  nup: 1,
  paper: DEFAULT_PAPER,
  extras: [],
});

/**
 * The server counts one page for anything that is not a PDF or a converted document (an image), so
 * its pages, sides and pages per side have nothing to choose. By extension: a hint, not a rule.
 */
export function isOnePage(name: string): boolean {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return ext !== 'pdf' && !isConvertedKind(ext);
}

const isAll = (pages: string) => pages.trim() === '' || pages.trim().toLowerCase() === 'all';

/** The contract's message for a page list the server would refuse, or null; blank means all pages. */
export function pagesProblem(pages: string): string | null {
  if (isAll(pages)) return null;
  const parsed = parsePageRanges(pages.trim());
  return parsed.ok ? null : parsed.message;
}

/** The options as the `options` field sends them: a blank page list is every page. */
export const sentOptions = (o: TPrintOptions): TPrintOptions => ({ ...o, pages: isAll(o.pages) ? 'all' : o.pages.trim() });

/**
 * "Apply to all": what the customer sees on one file goes to the others. A one-page file shows no
 * pages, sides or pages per side, so those pass only between files that show them.
 */
export function applyOptions(from: TPrintOptions, fromOnePage: boolean, to: TPrintOptions, toOnePage: boolean): TPrintOptions {
  const shared = { copies: from.copies, color: from.color, paper: from.paper, extras: from.extras.map((e) => ({ ...e })) };
  if (fromOnePage || toOnePage) return { ...to, ...shared };
  return { ...to, ...shared, sides: from.sides, pages: from.pages, nup: from.nup };
}

/** Every picked file takes `from`'s options (as applyOptions allows); choices kept for the others are replaced. */
export function applyToEvery(files: File[], from: File, choices: Map<File, TPrintOptions>, shop: PrintShop): Map<File, TPrintOptions> {
  const source = choices.get(from) ?? startingOptions(shop);
  const one = isOnePage(from.name);
  return new Map(
    files.map((f) => [f, f === from ? source : applyOptions(source, one, choices.get(f) ?? startingOptions(shop), isOnePage(f.name))]),
  );
}

const money = (rupees: number) => formatRupees(rupees, 'always');
const KIND_WORDS = { bw: 'B&W', color: 'Colour' } as const;

/**
 * The price of a printed side, from the rate the server will use (matchPageRate): "₹2.00 per side ·
 * B&W A4". A one-page file's price is known before sending, so it gets its total; a document's
 * pages are not, so no total is guessed. `auto` names both rates: the shop finds the colour pages.
 */
export function priceHint(rates: PrintShop['rateCard'], o: TPrintOptions, onePage: boolean): string {
  const what = `${o.paper}${o.sides === 'double' ? ' double-sided' : ''}`;
  const rate = (kind: 'bw' | 'color') => matchPageRate(rates, o.paper, kind, o.sides)?.basePrice;
  if (o.color === 'auto') {
    const each = (['bw', 'color'] as const).map((k) => {
      const price = rate(k);
      return `${k === 'bw' ? 'B&W' : 'colour'} ${price === undefined ? 'price set at the counter' : money(price)}`;
    });
    return `Per side: ${each.join(', ')} · ${what}`;
  }
  const price = rate(o.color);
  const kind = `${KIND_WORDS[o.color]} ${what}`;
  if (price === undefined) return `${kind}: price set at the counter`;
  const hint = `${money(price)} per side · ${kind}`;
  if (!onePage) return hint;
  // Whole paise before multiplying, as the server counts, so 3 × ₹1.10 is ₹3.30 and not a float's cousin of it.
  const total = paiseToRupees(rupeesToPaise(price) * o.copies);
  return `${hint} · ${money(total)} for ${o.copies} ${o.copies === 1 ? 'copy' : 'copies'}`;
}
