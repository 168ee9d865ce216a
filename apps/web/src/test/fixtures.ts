import {
  defaultPrintOptions,
  type TEstimate,
  type TEstimateLine,
  type TJob,
  type TJobFile,
  type TPublicRate,
} from '@counterprint/contract';

/** The default rate card's B&W A4 page, as the server names its line: "file-1.pdf: Black & white A4". */
export const FIXTURE_PAGE_RATE = { id: 'svc-bw', serviceName: 'Black & white A4', basePrice: 2 };

/** A priced print line for one file, as the server's estimate writes it. */
export function printLine(file: Pick<TJobFile, 'id' | 'name'>, sides: number, rate = FIXTURE_PAGE_RATE): TEstimateLine {
  return {
    fileId: file.id,
    serviceId: rate.id,
    description: `${file.name}: ${rate.serviceName}`,
    quantity: sides,
    unitPrice: rate.basePrice,
    amount: Math.round(rate.basePrice * sides * 100) / 100,
    missing: null,
  };
}

/** An estimate of these lines: the total of the priced ones, complete when none is missing a price. */
export function makeEstimate(lines: TEstimateLine[]): TEstimate {
  const paise = lines.reduce((sum, l) => sum + Math.round((l.amount ?? 0) * 100), 0);
  return { total: paise / 100, currency: 'INR', complete: lines.every((l) => l.missing === null), lines };
}

/**
 * A job as the server sends it; tests override what they care about. `sheets` gives each file's
 * pages; with the default options (one copy, single-sided, all pages) each page is one printed side
 * and one sheet, priced ₹2 a side.
 */
export function makeJob(overrides: Partial<TJob> & { id: string }, sheets: number[] = [3]): TJob {
  const files: TJobFile[] = sheets.map((pages, i) => ({
    id: `${overrides.id}-f${i}`,
    name: `file-${i + 1}.pdf`,
    contentType: 'application/pdf',
    size: 1024 * (i + 1),
    pages,
    pagesStatus: 'counted',
    state: 'active',
    kind: 'pdf',
    conversion: 'none',
    conversionError: null,
    thumbnail: false,
    options: defaultPrintOptions({ colorDetection: false }),
    printPages: pages,
    pagesClipped: false,
    colorPages: null,
    printedSides: pages,
    sheets: pages,
  }));
  const at = overrides.createdAt ?? '2026-03-02T10:00:00.000Z';
  return {
    number: 1,
    shopId: 'shop-1',
    customerName: 'Asha',
    customerPhone: '98450 12345',
    status: 'queued',
    createdAt: at,
    uploadedAt: at,
    printedAt: null,
    originalFilenames: files.map((f) => f.name),
    files,
    items: sheets.map((n) => ({ name: 'A4 paper 70 gsm', sku: 'A4-70GSM', sheetsUsed: n })),
    paper: { sheets: sheets.reduce((a, b) => a + b, 0), sides: sheets.reduce((a, b) => a + b, 0), uncounted: 0 },
    estimate: makeEstimate(files.filter((f) => f.pages! > 0).map((f) => printLine(f, f.pages!))),
    printingAt: null,
    paymentClaimedAt: null,
    statusPath: null,
    ...overrides,
  };
}

/** A public rate-card service: a B&W A4 page rate unless told otherwise. */
export const makePublicRate = (over: Partial<TPublicRate>): TPublicRate => ({
  id: 'r',
  serviceName: 'Rate',
  basePrice: 1,
  unit: 'per_page',
  category: null,
  description: null,
  paper: 'A4',
  color: 'bw',
  sides: null,
  extra: false,
  ...over,
});
