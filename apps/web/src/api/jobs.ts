import type {
  TJob,
  TJobFileLinks,
  TJobStatus,
  TMarkPrintedRequest,
  TPrintOptions,
  TPublicShopDetails,
  TUploadRefusals,
  TUploadsInProgress,
} from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiBlob, apiDelete, apiGet, apiPost, apiPut } from './client';
import type { MutationUi } from './mutationUi';

/** How staff screens name a job's customer. */
export const customerLabel = (job: TJob) => job.customerName?.trim() || 'Walk-in customer';

/** The sheets a job takes, as the server counts them for every screen (docs/product/rules.md#sheets-and-sides). */
export const totalSheets = (job: TJob): number => job.paper.sheets;

/** The newest jobs a staff screen shows; the queue, today's prints and recent activity all fit in it. */
export const PRINT_JOBS_LIMIT = 100;

export const jobKeys = {
  list: (shopId: string) => ['print-jobs', shopId] as const,
  signedUrls: (jobId: string, files = '') => ['print-jobs', 'signed-urls', jobId, files] as const,
  fileLinks: (jobId: string, files = '') => ['print-jobs', 'file-links', jobId, files] as const,
  thumbnails: (shopId: string, files: string) => ['print-jobs', 'thumbnails', shopId, files] as const,
  /** Every shop's public details: saving a rate card in settings refreshes the papers staff may choose. */
  rateCards: ['print-jobs', 'rate-card'] as const,
  rateCard: (slug: string) => ['print-jobs', 'rate-card', slug] as const,
  refusals: (shopId: string) => ['print-jobs', 'upload-refusals', shopId] as const,
  uploadsInProgress: (shopId: string) => ['print-jobs', 'uploads-in-progress', shopId] as const,
  /** The bell's list, apart from the queue's so opening it never disturbs the queue. */
  latest: (shopId: string) => ['notifications', shopId] as const,
};

/** `before`: a job id; the page then holds the jobs older than it. */
export function fetchPrintJobs(shopId: string, query: { limit?: number; status?: TJobStatus; before?: string } = {}): Promise<TJob[]> {
  const params = new URLSearchParams({ limit: String(query.limit ?? PRINT_JOBS_LIMIT) });
  if (query.status) params.set('status', query.status);
  if (query.before) params.set('before', query.before);
  return apiGet<TJob[]>(`/shops/${encodeURIComponent(shopId)}/print-jobs?${params}`);
}

/** The PDF to print for one file: its chosen pages and n-up already applied (issue 22). Made afresh: slow for big files. */
export function fetchPrintReadyPdf(jobId: string, fileId: string): Promise<Blob> {
  return apiBlob(`/shops-action/print-jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(fileId)}/print-ready`, {
    timeoutMs: 90_000,
  });
}

/** One URL per file, in `job.files` order; each lives 10 minutes. */
export function fetchSignedUrls(jobId: string): Promise<string[]> {
  return apiGet<string[]>(`/shops-action/print-jobs/${encodeURIComponent(jobId)}/signed-urls`);
}

/** Per file: the original, and the converted PDF, preview JPEG and thumbnail where they exist; each lives 10 minutes. */
export function fetchFileLinks(jobId: string): Promise<TJobFileLinks[]> {
  return apiGet<TJobFileLinks[]>(`/shops-action/print-jobs/${encodeURIComponent(jobId)}/files`);
}

/** The server takes at most this many jobs in one thumbnails request. */
export const THUMBNAIL_JOBS_LIMIT = 100;

/** File id → thumbnail link, for the files of these jobs that have one. */
export async function fetchThumbnails(shopId: string, jobIds: string[]): Promise<Record<string, string>> {
  const batches: string[][] = [];
  for (let i = 0; i < jobIds.length; i += THUMBNAIL_JOBS_LIMIT) batches.push(jobIds.slice(i, i + THUMBNAIL_JOBS_LIMIT));
  const answers = await Promise.all(
    batches.map((ids) =>
      apiGet<Record<string, string>>(
        `/shops/${encodeURIComponent(shopId)}/print-jobs/thumbnails?jobs=${ids.map(encodeURIComponent).join(',')}`,
      ),
    ),
  );
  return Object.assign({}, ...answers);
}

/** Staff change files' options (the customer asked at the counter); the answer is the job, priced again. */
export function updatePrintOptions(jobId: string, files: { fileId: string; options: TPrintOptions }[]): Promise<TJob> {
  return apiPut<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}/options`, { files });
}

/** Mark Printed undone while its files are in the recycle bin; a 409 says why not in staff's words. */
export function moveJobBackToQueue(jobId: string): Promise<TJob> {
  return apiPost<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}/back-to-queue`);
}

export function markJobPrinted(jobId: string, body: NonNullable<TMarkPrintedRequest> = {}): Promise<TJob> {
  return apiPost<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}/mark-printed`, body);
}

/**
 * Staff start printing (a download, or Start printing): from then the customer can no longer change the job.
 * Idempotent; a 409 JOB_NOT_QUEUED once the job is printed or cancelled.
 */
export function startPrinting(jobId: string): Promise<TJob> {
  return apiPost<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}/printing`);
}

export function cancelJob(jobId: string): Promise<TJob> {
  return apiDelete<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}`);
}

/** The public details carry the papers a file may print on and whether the shop detects colour. */
export function fetchShopDetails(slug: string): Promise<TPublicShopDetails> {
  return apiGet<TPublicShopDetails>(`/public/shops/${encodeURIComponent(slug)}/details`, { public: true });
}

/** Uploads to the shop refused in about the last hour, per reason. */
export function fetchUploadRefusals(shopId: string): Promise<TUploadRefusals> {
  return apiGet<TUploadRefusals>(`/shops/${encodeURIComponent(shopId)}/upload-refusals`);
}

/** Files customers are sending to the shop (or sent, for a job not yet made). */
export function fetchUploadsInProgress(shopId: string): Promise<TUploadsInProgress> {
  return apiGet<TUploadsInProgress>(`/shops/${encodeURIComponent(shopId)}/uploads-in-progress`);
}

/** Ends one of them, with its bytes: the customer's phone will have to send that file again. */
export function clearUploadInProgress(shopId: string, id: string): Promise<void> {
  return apiDelete<void>(`/shops/${encodeURIComponent(shopId)}/uploads-in-progress/${encodeURIComponent(id)}`);
}

/**
 * A reload (first load, reconnect) replaces the list, but jobs that arrived live while the
 * request was out are newer than anything in its answer; they are kept rather than lost.
 */
export function mergeLoaded(fresh: TJob[], current: TJob[] | undefined): TJob[] {
  if (!current?.length) return fresh;
  const newest = fresh[0]?.createdAt ?? '';
  const known = new Set(fresh.map((j) => j.id));
  const arrived = current.filter((j) => !known.has(j.id) && j.createdAt > newest);
  return arrived.length ? [...arrived, ...fresh] : fresh;
}

/** A page of older jobs goes after the list; a job already shown (it moved while paging) is not repeated. */
export function appendOlder(current: TJob[], page: TJob[]): TJob[] {
  const known = new Set(current.map((j) => j.id));
  const older = page.filter((j) => !known.has(j.id));
  return older.length ? [...current, ...older] : current;
}

/** The shop's newest jobs. Live messages edit this same cache, so every screen sees them. */
export function usePrintJobs(shopId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: jobKeys.list(shopId ?? ''),
    queryFn: async () => {
      const fresh = await fetchPrintJobs(shopId!);
      return mergeLoaded(fresh, client.getQueryData<TJob[]>(jobKeys.list(shopId!)));
    },
    enabled: Boolean(shopId),
  });
}

export interface OlderJobs {
  /** Whether the list may go further back: it is at least a page long and no page has come back short. */
  canLoad: boolean;
  loading: boolean;
  error: string | null;
  load(): void;
}

/** 'Load older jobs': pages before the oldest job shown, appended to the same cache the live feed edits. */
export function useOlderJobs(shopId: string, shown: number): OlderJobs {
  const client = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const load = async () => {
    const key = jobKeys.list(shopId);
    const oldest = client.getQueryData<TJob[]>(key)?.at(-1);
    if (!oldest || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchPrintJobs(shopId, { before: oldest.id });
      client.setQueryData<TJob[]>(key, (list) => appendOlder(list ?? [], page));
      setExhausted(page.length < PRINT_JOBS_LIMIT);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not load older jobs');
    } finally {
      setLoading(false);
    }
  };
  return { canLoad: !exhausted && shown >= PRINT_JOBS_LIMIT, loading, error, load: () => void load() };
}

/**
 * Signed URLs live 10 minutes; they are asked for again well before that, and whenever the job's
 * files change (one URL per file, in order).
 */
export function useSignedUrls(job: TJob | null) {
  const files = job?.files.map((f) => f.id).join(',') ?? '';
  return useQuery({
    queryKey: jobKeys.signedUrls(job?.id ?? '', files),
    queryFn: () => fetchSignedUrls(job!.id),
    enabled: Boolean(job),
    staleTime: 5 * 60_000,
    gcTime: 8 * 60_000,
  });
}

/** A file's state as far as its links go: a conversion or thumbnail that finishes adds a link. */
const linkState = (job: TJob) => job.files.map((f) => `${f.id}:${f.conversion}:${f.thumbnail ? 't' : ''}`).join(',');

/** The viewer's links; asked for again when a live update says a file's PDF or thumbnail is ready. */
export function useFileLinks(job: TJob | null) {
  return useQuery({
    queryKey: jobKeys.fileLinks(job?.id ?? '', job ? linkState(job) : ''),
    queryFn: () => fetchFileLinks(job!.id),
    enabled: Boolean(job),
    staleTime: 5 * 60_000,
    gcTime: 8 * 60_000,
    // The old links keep the preview on screen while the new ones load.
    placeholderData: (previous) => previous,
  });
}

/**
 * Thumbnails of the jobs shown, in one request per 100 jobs. Keyed by the files that have one, so a
 * live update that adds a thumbnail asks again; only jobs with a thumbnail are asked about.
 */
export function useThumbnails(shopId: string, jobs: TJob[]) {
  const files = jobs.flatMap((j) => j.files.filter((f) => f.thumbnail).map((f) => f.id));
  const jobIds = jobs.filter((j) => j.files.some((f) => f.thumbnail)).map((j) => j.id);
  return useQuery({
    queryKey: jobKeys.thumbnails(shopId, [...files].sort().join(',')),
    queryFn: () => fetchThumbnails(shopId, jobIds),
    enabled: jobIds.length > 0,
    staleTime: 5 * 60_000,
    gcTime: 8 * 60_000,
    placeholderData: (previous) => previous,
  });
}

/** What the options editor offers: the shop's papers and whether `auto` colour is on. */
export type PrintSetup = Pick<TPublicShopDetails, 'papers' | 'colorDetection'>;

export function usePrintSetup(slug: string | null) {
  return useQuery({
    queryKey: jobKeys.rateCard(slug ?? ''),
    queryFn: async (): Promise<PrintSetup> => {
      const { papers, colorDetection } = await fetchShopDetails(slug!);
      return { papers, colorDetection };
    },
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
  });
}

/** Refused uploads are counted by the server as they happen; a minute's lag is fine for a notice. */
export function useUploadsInProgress(shopId: string) {
  return useQuery({ queryKey: jobKeys.uploadsInProgress(shopId), queryFn: () => fetchUploadsInProgress(shopId), refetchInterval: 30_000 });
}

export function useUploadRefusals(shopId: string) {
  return useQuery({ queryKey: jobKeys.refusals(shopId), queryFn: () => fetchUploadRefusals(shopId), refetchInterval: 60_000 });
}

/** The bell's newest jobs, fetched afresh each time it opens. */
export const useLatestJobs = (shopId: string, limit: number) =>
  useQuery({ queryKey: jobKeys.latest(shopId), queryFn: () => fetchPrintJobs(shopId, { limit }), staleTime: 0 });

/** A cleared upload leaves the list at once. */
export function useClearUploadInProgress(shopId: string, ui: MutationUi<unknown, string>) {
  const client = useQueryClient();
  return useMutation({
    ...ui,
    mutationFn: (id: string) => clearUploadInProgress(shopId, id),
    onSuccess: (...args) => {
      client.setQueryData<TUploadsInProgress>(jobKeys.uploadsInProgress(shopId), (list) => (list ?? []).filter((u) => u.id !== args[1]));
      return ui.onSuccess?.(...args);
    },
  });
}

// The staff's changes to one job: each answers the job as it now is, which the screen puts in its list.
export const useMoveJobBack = (ui: MutationUi<TJob, string>) =>
  useMutation({ ...ui, mutationFn: (jobId: string) => moveJobBackToQueue(jobId) });
export const useMarkJobPrinted = (jobId: string, ui: MutationUi<TJob, NonNullable<TMarkPrintedRequest>>) =>
  useMutation({ ...ui, mutationFn: (body: NonNullable<TMarkPrintedRequest>) => markJobPrinted(jobId, body) });
export const useStartPrinting = (ui: MutationUi<TJob, string>) =>
  useMutation({ ...ui, mutationFn: (jobId: string) => startPrinting(jobId) });
export const useCancelJob = (jobId: string, ui: MutationUi<TJob>) => useMutation({ ...ui, mutationFn: () => cancelJob(jobId) });
export const useUpdatePrintOptions = (jobId: string, fileId: string, ui: MutationUi<TJob, TPrintOptions>) =>
  useMutation({ ...ui, mutationFn: (options: TPrintOptions) => updatePrintOptions(jobId, [{ fileId, options }]) });
