import { defaultPrintOptions, type TJob, type TJobFile } from '@counterprint/contract';

/** A job as the server sends it; tests override what they care about. */
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
    ...overrides,
  };
}
