import type { TEstimateLine, TPublicJob } from '@counterprint/contract';

type PublicFile = TPublicJob['files'][number];

export const PUBLIC_JOB_TOKEN = 'c2VjcmV0LXRva2VuLTEyMw';

/** A counted PDF of 3 pages with the default options: 3 printed sides, 3 sheets. */
export function publicFile(over: Partial<PublicFile> = {}): PublicFile {
  return {
    id: 'f1',
    name: 'report.pdf',
    kind: 'pdf',
    pages: 3,
    conversion: 'none',
    conversionError: null,
    thumbnailUrl: '/files/t1?sig=1',
    options: { copies: 1, color: 'bw', sides: 'single', pages: 'all', nup: 1, paper: 'A4', extras: [] },
    printPages: 3,
    pagesClipped: false,
    colorPages: null,
    printedSides: 3,
    sheets: 3,
    ...over,
  };
}

/** Each file's printed sides at ₹2 a side (B&W A4), as the server's estimate names its lines. */
export function estimateOf(files: PublicFile[]): TPublicJob['estimate'] {
  const lines: TEstimateLine[] = files.map((f) =>
    f.printedSides === null
      ? {
          fileId: f.id,
          serviceId: null,
          description: `${f.name}: page count not known yet — price at the counter`,
          quantity: 0,
          unitPrice: null,
          amount: null,
          missing: 'pages',
        }
      : {
          fileId: f.id,
          serviceId: 'bw',
          description: `${f.name}: Black & white A4`,
          quantity: f.printedSides,
          unitPrice: 2,
          amount: 2 * f.printedSides,
          missing: null,
        },
  );
  const paise = lines.reduce((n, l) => n + Math.round((l.amount ?? 0) * 100), 0);
  return { total: paise / 100, currency: 'INR', complete: lines.every((l) => l.missing === null), lines };
}

/** Job #12 at Print Hub, ready, one file, no UPI; tests override what they care about. */
export function makePublicJob(over: Partial<TPublicJob> = {}): TPublicJob {
  const files = over.files ?? [publicFile()];
  return {
    number: 12,
    shopName: 'Print Hub',
    shopSlug: 'print-hub',
    shopColor: '#06b6d4',
    status: 'ready',
    files,
    estimate: estimateOf(files),
    uploadedAt: '2026-03-02T09:00:00.000Z',
    printedAt: null,
    deleteAt: '2026-03-03T09:00:00.000Z',
    deletedAt: null,
    payment: { upi: null, reference: 'CP12ABCD', claimedAt: null, recordedMethod: null },
    ...over,
  };
}
