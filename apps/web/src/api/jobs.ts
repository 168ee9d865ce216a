import type { TJob, TJobStatus, TMarkPrintedRequest, TPublicShopDetails, TUploadRefusals } from '@counterprint/contract';
import { apiDelete, apiGet, apiPost } from './client';

/** How staff screens name a job's customer. */
export const customerLabel = (job: TJob) => job.customerName?.trim() || 'Walk-in customer';

/** The newest jobs a staff screen shows; the queue, today's prints and recent activity all fit in it. */
export const PRINT_JOBS_LIMIT = 100;

export const jobKeys = {
  list: (shopId: string) => ['print-jobs', shopId] as const,
  signedUrls: (jobId: string, files = '') => ['print-jobs', 'signed-urls', jobId, files] as const,
  rateCard: (slug: string) => ['print-jobs', 'rate-card', slug] as const,
  refusals: (shopId: string) => ['print-jobs', 'upload-refusals', shopId] as const,
};

/** `before`: a job id; the page then holds the jobs older than it. */
export function fetchPrintJobs(shopId: string, query: { limit?: number; status?: TJobStatus; before?: string } = {}): Promise<TJob[]> {
  const params = new URLSearchParams({ limit: String(query.limit ?? PRINT_JOBS_LIMIT) });
  if (query.status) params.set('status', query.status);
  if (query.before) params.set('before', query.before);
  return apiGet<TJob[]>(`/shops/${encodeURIComponent(shopId)}/print-jobs?${params}`);
}

/** One URL per file, in `job.files` order; each lives 10 minutes. */
export function fetchSignedUrls(jobId: string): Promise<string[]> {
  return apiGet<string[]>(`/shops-action/print-jobs/${encodeURIComponent(jobId)}/signed-urls`);
}

export function markJobPrinted(jobId: string, body: NonNullable<TMarkPrintedRequest> = {}): Promise<TJob> {
  return apiPost<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}/mark-printed`, body);
}

export function cancelJob(jobId: string): Promise<TJob> {
  return apiDelete<TJob>(`/shops/print-jobs/${encodeURIComponent(jobId)}`);
}

/** The public details carry the shop's rate card, which prefills what a printed job cost. */
export function fetchShopDetails(slug: string): Promise<TPublicShopDetails> {
  return apiGet<TPublicShopDetails>(`/public/shops/${encodeURIComponent(slug)}/details`, { public: true });
}

/** Uploads to the shop refused in about the last hour, per reason. */
export function fetchUploadRefusals(shopId: string): Promise<TUploadRefusals> {
  return apiGet<TUploadRefusals>(`/shops/${encodeURIComponent(shopId)}/upload-refusals`);
}
