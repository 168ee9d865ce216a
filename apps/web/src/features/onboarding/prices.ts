import { DEFAULT_ONBOARDING_PRICES, ONBOARDING_PAPERS, type TOnboardingPrices } from '@counterprint/contract';

/** The prices step as typed: rupees as text per paper, and whether the owner quotes them now or later. */
export type PaperDraft = { paper: (typeof ONBOARDING_PAPERS)[number]; bw: string; color: string; bwDouble: string };
export type PricesDraft = { quote: boolean; papers: PaperDraft[]; photo4x6: string };

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

/** The contract's defaults, offered to accept as they are. */
export const DEFAULT_PRICES_DRAFT: PricesDraft = {
  quote: true,
  papers: DEFAULT_ONBOARDING_PRICES.papers.map((p) => ({
    paper: p.paper,
    bw: text(p.bw),
    color: text(p.color),
    bwDouble: text(p.bwDouble),
  })),
  photo4x6: text(DEFAULT_ONBOARDING_PRICES.photo4x6),
};

const RUPEES = /^\d{1,6}(\.\d{1,2})?$/;

/** The first problem with the draft, in the words the step shows, or null. */
export function pricesProblem(d: PricesDraft): string | null {
  if (!d.quote) return null;
  for (const p of d.papers) {
    if (!RUPEES.test(p.bw.trim()) || !RUPEES.test(p.color.trim())) return `Enter the ${p.paper} prices in rupees, like 2 or 2.50`;
    if (p.bwDouble.trim() && !RUPEES.test(p.bwDouble.trim())) return `Enter the ${p.paper} double-sided price in rupees, or leave it empty`;
  }
  if (d.photo4x6.trim() && !RUPEES.test(d.photo4x6.trim())) return 'Enter the photo price in rupees, or leave it empty';
  return null;
}

/** What the onboarding call carries: the prices when the owner quotes them, else nothing (priced at the counter). */
export function toPrices(d: PricesDraft): TOnboardingPrices | null {
  if (!d.quote) return null;
  const blankAsNull = (s: string) => (s.trim() ? Number(s) : null);
  return {
    papers: d.papers.map((p) => ({ paper: p.paper, bw: Number(p.bw), color: Number(p.color), bwDouble: blankAsNull(p.bwDouble) })),
    photo4x6: blankAsNull(d.photo4x6),
  };
}

/** The papers not yet in the draft, in the contract's order. */
export const papersLeft = (d: PricesDraft) => ONBOARDING_PAPERS.filter((p) => !d.papers.some((x) => x.paper === p));
