import { z } from 'zod';
import { UPLOAD_LIMITS } from './limits.js';

/**
 * The print order of issue 19: how each file is printed, and its price from the shop's rate card
 * (docs/decisions/036-pricing-rules.md). Every message starts with the field it is about, so the
 * server can say "report.pdf: copies must be between 1 and 99".
 */
export const PRINT_COLORS = ['bw', 'color', 'auto'] as const;
export const PRINT_SIDES = ['single', 'double'] as const;
export const PAGES_PER_SIDE = [1, 2, 4] as const;
export const DEFAULT_PAPER = 'A4';
export const COPIES_MAX = 99;
/** A page list longer than this is no customer's typing. */
export const PAGE_RANGE_MAX_LENGTH = 200;
export const PAGE_RANGE_MAX_PARTS = 50;
/** Page numbers past this are as far past any document's end as any larger one, and stay exact in a double. */
export const PAGE_NUMBER_CEILING = 1_000_000_000;
export const EXTRAS_PER_FILE_MAX = 10;
export const EXTRA_QUANTITY_MAX = 999;
/** The `options` multipart field: one small object per file, so anything longer is refused before JSON.parse. */
export const UPLOAD_OPTIONS_MAX_LENGTH = 64 * 1024;

export type TPrintColor = (typeof PRINT_COLORS)[number];
export type TPrintSides = (typeof PRINT_SIDES)[number];
export type TPagesPerSide = (typeof PAGES_PER_SIDE)[number];

export const PRINT_OPTION_MESSAGES = {
  copies: `copies must be between 1 and ${COPIES_MAX}`,
  color: 'color must be bw, color or auto',
  colorWithoutAuto: 'color must be bw or color',
  colorNoAuto: 'color auto needs colour detection, which this shop has turned off: choose bw or color',
  sides: 'sides must be single or double',
  nup: 'nup must be 1, 2 or 4 pages per side',
  paper: 'paper must be a paper size such as A4',
  pages: "pages must be 'all' or page numbers such as 1-3,5,8-10",
  pagesTooLong: `pages must be at most ${PAGE_RANGE_MAX_LENGTH} characters`,
  pagesTooManyParts: `pages may list at most ${PAGE_RANGE_MAX_PARTS} ranges`,
  pagesZero: 'pages are numbered from 1',
  extras: `extras must be a list of at most ${EXTRAS_PER_FILE_MAX} add-ons, each a serviceId and a quantity`,
  extraQuantity: `extras quantity must be between 1 and ${EXTRA_QUANTITY_MAX}`,
  notAnObject: 'options must be an object of print options',
  uploadJson: 'options must be a JSON array with one object of print options per file',
  uploadTooLong: `options must be at most ${UPLOAD_OPTIONS_MAX_LENGTH} characters`,
  uploadTooMany: `options may describe at most ${UPLOAD_LIMITS.maxFiles} files`,
} as const;

export const pagesBackwardsMessage = (from: string, to: string) => `pages ${from}-${to} run backwards: write ${to}-${from}`;
export const pagesUnreadableMessage = (part: string) => `${PRINT_OPTION_MESSAGES.pages} (not '${part.slice(0, 20)}')`;
export const unknownOptionMessage = (key: string) => `${key.slice(0, 40)} is not a print option`;

/** Page ranges as typed, in order, unmerged: [from, to] with 1 ≤ from ≤ to ≤ PAGE_NUMBER_CEILING. */
export type PageRangesParse = { ok: true; ranges: [number, number][] } | { ok: false; message: string };

const PART = /^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$/;

/** Digit strings compared as whole numbers, however long, without a double's rounding. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

const pageNumber = (digits: string) => Math.min(Number(digits), PAGE_NUMBER_CEILING);

/**
 * Reads a page list such as "1-3, 5, 8–10" (a hyphen or an en dash, spaces anywhere between
 * numbers). Whether the pages exist is not its business: the server clips at the document's end.
 * Linear in the text, which is at most PAGE_RANGE_MAX_LENGTH characters.
 */
export function parsePageRanges(text: string): PageRangesParse {
  if (text.length > PAGE_RANGE_MAX_LENGTH) return { ok: false, message: PRINT_OPTION_MESSAGES.pagesTooLong };
  if (text.trim() === '') return { ok: false, message: PRINT_OPTION_MESSAGES.pages };
  const parts = text.split(',');
  if (parts.length > PAGE_RANGE_MAX_PARTS) return { ok: false, message: PRINT_OPTION_MESSAGES.pagesTooManyParts };
  const ranges: [number, number][] = [];
  for (const part of parts) {
    const m = PART.exec(part);
    if (!m) return { ok: false, message: pagesUnreadableMessage(part.trim()) };
    const from = m[1]!;
    const to = m[2] ?? from;
    if (compareDigits(from, '0') === 0 || compareDigits(to, '0') === 0) return { ok: false, message: PRINT_OPTION_MESSAGES.pagesZero };
    if (compareDigits(from, to) > 0) return { ok: false, message: pagesBackwardsMessage(from, to) };
    ranges.push([pageNumber(from), pageNumber(to)]);
  }
  return { ok: true, ranges };
}

/** 'all', or a page list parsePageRanges reads; stored as typed (trimmed), so staff see what the customer wrote. */
export const ZPageSelection = z
  .string({ error: PRINT_OPTION_MESSAGES.pages })
  .max(PAGE_RANGE_MAX_LENGTH, PRINT_OPTION_MESSAGES.pagesTooLong)
  .transform((v) => (v.trim().toLowerCase() === 'all' ? 'all' : v.trim()))
  .superRefine((v, ctx) => {
    if (v === 'all') return;
    const parsed = parsePageRanges(v);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

export const ZPrintExtra = z.object(
  {
    serviceId: z
      .string({ error: PRINT_OPTION_MESSAGES.extras })
      .min(1, PRINT_OPTION_MESSAGES.extras)
      .max(100, PRINT_OPTION_MESSAGES.extras),
    quantity: z
      .number({ error: PRINT_OPTION_MESSAGES.extraQuantity })
      .int(PRINT_OPTION_MESSAGES.extraQuantity)
      .min(1, PRINT_OPTION_MESSAGES.extraQuantity)
      .max(EXTRA_QUANTITY_MAX, PRINT_OPTION_MESSAGES.extraQuantity)
      .default(1),
  },
  { error: PRINT_OPTION_MESSAGES.extras },
);
export type TPrintExtra = z.infer<typeof ZPrintExtra>;

const printOptionsShape = (colorDefault: TPrintColor, colors: readonly TPrintColor[], colorMessage: (input: unknown) => string) =>
  z.strictObject(
    {
      copies: z
        .number({ error: PRINT_OPTION_MESSAGES.copies })
        .int(PRINT_OPTION_MESSAGES.copies)
        .min(1, PRINT_OPTION_MESSAGES.copies)
        .max(COPIES_MAX, PRINT_OPTION_MESSAGES.copies)
        .default(1),
      color: z.enum(colors as [TPrintColor, ...TPrintColor[]], { error: (issue) => colorMessage(issue.input) }).default(colorDefault),
      sides: z.enum(PRINT_SIDES, { error: PRINT_OPTION_MESSAGES.sides }).default('single'),
      pages: ZPageSelection.default('all'),
      nup: z.literal(PAGES_PER_SIDE, { error: PRINT_OPTION_MESSAGES.nup }).default(1),
      paper: z
        .string({ error: PRINT_OPTION_MESSAGES.paper })
        .trim()
        .min(1, PRINT_OPTION_MESSAGES.paper)
        .max(20, PRINT_OPTION_MESSAGES.paper)
        .regex(/^[\p{L}\p{N} ×x./-]+$/u, PRINT_OPTION_MESSAGES.paper)
        .default(DEFAULT_PAPER),
      extras: z
        .array(ZPrintExtra, { error: PRINT_OPTION_MESSAGES.extras })
        .max(EXTRAS_PER_FILE_MAX, PRINT_OPTION_MESSAGES.extras)
        .default([]),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? unknownOptionMessage(String(issue.keys[0]))
          : issue.code === 'invalid_type'
            ? PRINT_OPTION_MESSAGES.notAnObject
            : undefined,
    },
  );

/**
 * One file's print options; every key may be left out. Whether `paper` is one of the shop's sizes
 * is the server's check. For a shop, use printOptionsFor: its default colour depends on detection.
 */
export const ZPrintOptions = printOptionsShape('bw', PRINT_COLORS, () => PRINT_OPTION_MESSAGES.color);
export type TPrintOptions = z.infer<typeof ZPrintOptions>;
export type TPrintOptionsInput = z.input<typeof ZPrintOptions>;

/** Print options as the server sends them back: already checked and filled in, so a plain shape (no defaults, no transforms). */
export const ZPrintOptionsShown = z.object({
  copies: z.number(),
  color: z.enum(PRINT_COLORS),
  sides: z.enum(PRINT_SIDES),
  pages: z.string(),
  nup: z.number(),
  paper: z.string(),
  extras: z.array(z.object({ serviceId: z.string(), quantity: z.number() })),
});

const WITH_COLOR_DETECTION = printOptionsShape('auto', PRINT_COLORS, () => PRINT_OPTION_MESSAGES.color);
const WITHOUT_COLOR_DETECTION = printOptionsShape('bw', ['bw', 'color'], (input) =>
  input === 'auto' ? PRINT_OPTION_MESSAGES.colorNoAuto : PRINT_OPTION_MESSAGES.colorWithoutAuto,
);

/** Issue 19: `auto` is the default colour when the shop turned colour detection on, and refused when it is off. */
export const printOptionsFor = (shop: { colorDetection: boolean }) =>
  shop.colorDetection ? WITH_COLOR_DETECTION : WITHOUT_COLOR_DETECTION;

export const defaultPrintOptions = (shop: { colorDetection: boolean }): TPrintOptions => printOptionsFor(shop).parse({});

/** What the multipart field `options` may say: one object per `files` part, in order. */
export const ZUploadOptions = z
  .array(ZPrintOptions, { error: PRINT_OPTION_MESSAGES.uploadJson })
  .max(UPLOAD_LIMITS.maxFiles, PRINT_OPTION_MESSAGES.uploadTooMany);

/** fileIndex: the file's position among the `files` parts (null: the field as a whole); field: the option named. */
export type TPrintOptionsError = { fileIndex: number | null; field: string; message: string };
export type UploadOptionsParse = { ok: true; options: TPrintOptions[] } | { ok: false; errors: TPrintOptionsError[] };

/**
 * Reads the `options` field of an upload. Whether there is one object per file is the server's
 * check (it knows the files); an absent field is an empty list, every file taking the defaults.
 */
export function parseUploadOptions(text: string | undefined, shop: { colorDetection: boolean }): UploadOptionsParse {
  const whole = (message: string): UploadOptionsParse => ({ ok: false, errors: [{ fileIndex: null, field: 'options', message }] });
  // Length first: a hostile text is refused before anything reads it.
  if (text !== undefined && text.length > UPLOAD_OPTIONS_MAX_LENGTH) return whole(PRINT_OPTION_MESSAGES.uploadTooLong);
  if (text === undefined || text.trim() === '') return { ok: true, options: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return whole(PRINT_OPTION_MESSAGES.uploadJson);
  }
  if (!Array.isArray(value)) return whole(PRINT_OPTION_MESSAGES.uploadJson);
  if (value.length > UPLOAD_LIMITS.maxFiles) return whole(PRINT_OPTION_MESSAGES.uploadTooMany);
  const schema = printOptionsFor(shop);
  const options: TPrintOptions[] = [];
  const errors: TPrintOptionsError[] = [];
  value.forEach((item: unknown, fileIndex) => {
    const parsed = schema.safeParse(item ?? {});
    if (parsed.success) options.push(parsed.data);
    else {
      // One message per field: an empty paper breaks two of its rules, and the customer needs to hear it once.
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue);
        if (!fields.has(field)) errors.push({ fileIndex, field, message: issue.message });
        fields.add(field);
      }
    }
  });
  return errors.length ? { ok: false, errors } : { ok: true, options };
}

function fieldOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return String(issue.keys[0]);
  return typeof issue.path[0] === 'string' ? issue.path[0] : 'options';
}

/** "report.pdf: copies must be between 1 and 99" (the file's name, as the customer sent it). */
export const printOptionsErrorMessage = (fileName: string | undefined, error: TPrintOptionsError) =>
  fileName ? `${fileName}: ${error.message}` : error.message;

/** The job card's summary, e.g. "2× · colour · double · pp 1–5 · 2 per side · A4"; defaults are left out. */
export function describePrintOptions(o: TPrintOptions): string {
  const parts: string[] = [];
  if (o.copies > 1) parts.push(`${o.copies}×`);
  parts.push(o.color === 'bw' ? 'B&W' : o.color === 'color' ? 'colour' : 'auto colour');
  if (o.sides === 'double') parts.push('double');
  if (o.pages !== 'all') parts.push(`pp ${o.pages.replace(/\s*[-–]\s*/g, '–').replace(/\s*,\s*/g, ',')}`);
  if (o.nup > 1) parts.push(`${o.nup} per side`);
  parts.push(o.paper);
  return parts.join(' · ');
}

/** Print attributes of a rate-card service (issue 19): which prints a per_page service prices, and which services are add-ons. */
export const ZRateCardPrintAttributes = z.object({
  /** per_page only; null: not a print rate (never matched to a file). */
  paper: z.string().nullable(),
  color: z.enum(['bw', 'color']).nullable(),
  /** null: the same price single- or double-sided. */
  sides: z.enum(PRINT_SIDES).nullable(),
  /** per_item/per_order services offered to the customer as add-ons with a quantity (binding, lamination). */
  extra: z.boolean(),
});
export type TRateCardPrintAttributes = z.infer<typeof ZRateCardPrintAttributes>;

const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The same attributes as a rate-card save sends them: each may be left out (none), '' clears it. */
export const ZRateCardPrintAttributesInput = {
  paper: z.preprocess(
    blankIsNull,
    z
      .string({ error: PRINT_OPTION_MESSAGES.paper })
      .trim()
      .max(20, PRINT_OPTION_MESSAGES.paper)
      .regex(/^[\p{L}\p{N} ×x./-]+$/u, PRINT_OPTION_MESSAGES.paper)
      .nullish(),
  ),
  color: z.preprocess(blankIsNull, z.enum(['bw', 'color'], { error: 'color must be bw or color' }).nullish()),
  sides: z.preprocess(blankIsNull, z.enum(PRINT_SIDES, { error: PRINT_OPTION_MESSAGES.sides }).nullish()),
  extra: z.boolean({ error: 'extra must be true or false' }).optional(),
};

/**
 * A new shop's rate card (docs/product/rules.md#constants, issue 19): B&W A4 ₹2 and colour A4 ₹10 a
 * printed side, a 4×6 photo ₹25. The photo is a per_page rate on 4x6 paper so a photo sent for
 * 4x6 is priced like any page (docs/decisions/036).
 */
export const DEFAULT_RATE_CARD = [
  {
    serviceName: 'Black & white A4',
    basePrice: 2,
    unit: 'per_page',
    paper: 'A4',
    color: 'bw',
    sides: null,
    extra: false,
    description: 'per printed side',
  },
  {
    serviceName: 'Colour A4',
    basePrice: 10,
    unit: 'per_page',
    paper: 'A4',
    color: 'color',
    sides: null,
    extra: false,
    description: 'per printed side',
  },
  {
    serviceName: 'Photo 4x6',
    basePrice: 25,
    unit: 'per_page',
    paper: '4x6',
    color: 'color',
    sides: null,
    extra: false,
    description: 'per photo',
  },
] as const;

/** The paper sizes a shop prints on: A4 always, and every paper its active page rates name (in the shop's order). */
export function shopPapers(rates: readonly { unit: string; paper: string | null; isActive?: boolean; extra?: boolean }[]): string[] {
  const papers = [DEFAULT_PAPER];
  for (const r of rates) {
    if (r.unit !== 'per_page' || !r.paper || r.isActive === false || r.extra) continue;
    if (!papers.some((p) => p.toLowerCase() === r.paper!.toLowerCase())) papers.push(r.paper);
  }
  return papers;
}

/** A rate-card service as matching needs it; the shop's public rate card and its settings both are. */
export type PageRateCandidate = {
  unit: string;
  paper: string | null;
  color: 'bw' | 'color' | null;
  sides: TPrintSides | null;
  extra: boolean;
  isActive?: boolean;
};

const samePaper = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The page rate that prices a printed side (issue 19, docs/decisions/036): among active, non-add-on
 * per_page services, paper (ignoring case) + colour + sides first, then paper + colour on a service
 * that names no sides; the shop's order breaks ties. The server prices with it; the customer's page
 * shows the same rate as a hint.
 */
export function matchPageRate<R extends PageRateCandidate>(
  rates: readonly R[],
  paper: string,
  kind: 'bw' | 'color',
  sides: TPrintSides,
): R | undefined {
  const candidates = rates.filter(
    (r) => r.isActive !== false && !r.extra && r.unit === 'per_page' && r.paper !== null && samePaper(r.paper, paper) && r.color === kind,
  );
  return candidates.find((r) => r.sides === sides) ?? candidates.find((r) => r.sides === null);
}

export const paperNotOfferedMessage = (papers: readonly string[]) => `paper must be one of this shop's sizes: ${papers.join(', ')}`;

/** Why a line has no price: what is missing before the estimate is complete. */
export const ESTIMATE_GAPS = ['pages', 'conversion', 'color', 'service', 'extra'] as const;
export const ZEstimateGap = z.enum(ESTIMATE_GAPS);
export type TEstimateGap = z.infer<typeof ZEstimateGap>;
export const PRICE_AT_THE_COUNTER = 'price at the counter';

export const ZEstimateLine = z.object({
  /** null: a line for the whole job (a per_order add-on). */
  fileId: z.string().nullable(),
  /** null: no service matched (the line says what is missing). */
  serviceId: z.string().nullable(),
  description: z.string(),
  /** Printed sides for a print line, the count for an add-on. */
  quantity: z.number().int(),
  /** rupees; null when nothing on the rate card prices this line. */
  unitPrice: z.number().nullable(),
  /** rupees: unitPrice × quantity, exact to the paisa; null with unitPrice. */
  amount: z.number().nullable(),
  /** Set on a line without a price: what the shop still has to tell. */
  missing: ZEstimateGap.nullable(),
});
export type TEstimateLine = z.infer<typeof ZEstimateLine>;

export const ZEstimate = z.object({
  /** rupees: the sum of the priced lines (a lower bound while `complete` is false). */
  total: z.number(),
  currency: z.literal('INR'),
  /** false while a page count, conversion or colour detection is pending, or when no service matches a line. */
  complete: z.boolean(),
  lines: z.array(ZEstimateLine),
});
export type TEstimate = z.infer<typeof ZEstimate>;

/** What every job file carries once it is a print order (issue 19), beside its `options`. */
export const ZFilePrintOrder = z.object({
  /** Pages that will print after the range, per copy; null while the page count is unknown. */
  printPages: z.number().int().nullable(),
  /** The range reached past the document's end and was cut there. */
  pagesClipped: z.boolean(),
  /** Pages detected as colour (1-based), when known. */
  colorPages: z.array(z.number().int()).nullable(),
  /** Sides that pass through the printer, all copies; null while the page count is unknown. */
  printedSides: z.number().int().nullable(),
  sheets: z.number().int().nullable(),
});
export type TFilePrintOrder = z.infer<typeof ZFilePrintOrder>;

/**
 * PUT /api/shops/print-jobs/{id}/options: staff change files' options (the customer asked at the
 * counter). Each `options` is the file's whole options, read as at upload (a key left out takes its
 * default); the server checks it against the shop, so its messages name the file.
 */
export const ZPrintOptionsUpdate = z.object({
  files: z
    .array(z.object({ fileId: z.uuid({ error: 'fileId must be a file id' }), options: z.unknown() }), {
      error: 'files must be a list of {fileId, options}',
    })
    .min(1, 'files must name at least one file')
    .max(UPLOAD_LIMITS.maxFiles, `files may name at most ${UPLOAD_LIMITS.maxFiles} files`),
});
export type TPrintOptionsUpdate = z.infer<typeof ZPrintOptionsUpdate>;

/** What an order line is: a print or add-on priced from the rate card, a service staff named, or the difference staff typed. */
export const ORDER_LINE_KINDS = ['print', 'extra', 'service', 'adjustment'] as const;
export const ZOrderLine = z.object({
  description: z.string(),
  serviceId: z.string().nullable(),
  quantity: z.number().int(),
  /** rupees; null for a line priced at the counter or an adjustment */
  unitPrice: z.number().nullable(),
  /** rupees; negative for a discount */
  amount: z.number(),
  kind: z.enum(ORDER_LINE_KINDS),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ADJUSTMENT_WORDS = {
  discount: 'Discount',
  surcharge: 'Surcharge',
  atCounter: 'Priced at the counter',
} as const;

/** Paper sizes the onboarding price step offers (the owner adds more in Settings → Rate card). */
export const ONBOARDING_PAPERS = ['A4', 'A3', 'Legal', 'Letter'] as const;
const rupeesOfAPage = (name: string) =>
  z
    .number({ error: `${name} must be a price in rupees` })
    .min(0, `${name} must be 0 or more`)
    .max(100_000, `${name} is too high`);

/**
 * The onboarding step's prices (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md): per paper a B&W and a colour
 * price per printed side, optionally a B&W double-sided price per side, and a 4×6 photo. Sending them confirms the rate card.
 */
export const ZOnboardingPrices = z.object({
  papers: z
    .array(
      z.object({
        paper: z.enum(ONBOARDING_PAPERS, { error: `paper must be one of: ${ONBOARDING_PAPERS.join(', ')}` }),
        bw: rupeesOfAPage('bw'),
        color: rupeesOfAPage('color'),
        bwDouble: rupeesOfAPage('bwDouble').nullish(),
      }),
    )
    .min(1, 'Choose at least one paper size')
    .max(ONBOARDING_PAPERS.length)
    .refine((list) => new Set(list.map((p) => p.paper)).size === list.length, 'Each paper size once'),
  photo4x6: rupeesOfAPage('photo4x6').nullish(),
});
export type TOnboardingPrices = z.infer<typeof ZOnboardingPrices>;

/** The defaults the onboarding step offers to accept, the same prices as DEFAULT_RATE_CARD. */
export const DEFAULT_ONBOARDING_PRICES: TOnboardingPrices = { papers: [{ paper: 'A4', bw: 2, color: 10, bwDouble: null }], photo4x6: 25 };

type RateCardRowFromPrices = {
  serviceName: string;
  basePrice: number;
  unit: 'per_page';
  paper: string;
  color: 'bw' | 'color';
  sides: 'double' | null;
  extra: false;
  description: string;
};

/** The rate card the onboarding prices make: rows shaped like DEFAULT_RATE_CARD, in the step's order. */
export function rateCardFromPrices(prices: TOnboardingPrices): RateCardRowFromPrices[] {
  const side = (serviceName: string, basePrice: number, paper: string, color: 'bw' | 'color', sides: 'double' | null = null) =>
    ({ serviceName, basePrice, unit: 'per_page', paper, color, sides, extra: false, description: 'per printed side' }) as const;
  const rows: RateCardRowFromPrices[] = prices.papers.flatMap((p) => [
    side(`Black & white ${p.paper}`, p.bw, p.paper, 'bw'),
    ...(p.bwDouble == null ? [] : [side(`Black & white ${p.paper} double-sided`, p.bwDouble, p.paper, 'bw', 'double')]),
    side(`Colour ${p.paper}`, p.color, p.paper, 'color'),
  ]);
  if (prices.photo4x6 != null) rows.push({ ...side('Photo 4x6', prices.photo4x6, '4x6', 'color'), description: 'per photo' });
  return rows;
}
