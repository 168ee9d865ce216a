import { RECEIPT_KEYS_PATH, type TJobCreated, type TPrintOptionsInput, type TPublicJob, type TReceiptKeySet } from '@counterprint/contract';
import { API_BASE, ApiError, apiDelete, apiGet, apiPost, apiPut, request } from './client';
import { jobForm, postForm } from './upload';

/** The customer's own job, named by its token alone (issue 20): no sign-in, nothing but this job. */
const jobPath = (token: string) => `/public/jobs/${encodeURIComponent(token)}`;

export function fetchJobByToken(token: string, signal?: AbortSignal): Promise<TPublicJob> {
  return apiGet<TPublicJob>(jobPath(token), { public: true, signal });
}

/** Each file's whole options, read as at upload (a key left out takes its default). */
export function changeJobOptions(token: string, files: { fileId: string; options: TPrintOptionsInput }[]): Promise<TPublicJob> {
  return apiPut<TPublicJob>(`${jobPath(token)}/options`, { files }, { public: true });
}

/** More files into the same job (same number and token), exactly as the shop page uploads them. */
export function addJobFiles(
  token: string,
  files: File[],
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<TJobCreated> {
  return postForm<TJobCreated>(`${jobPath(token)}/files`, jobForm(files, {}), { onProgress, signal });
}

export const cancelJob = (token: string) => apiPost<TPublicJob>(`${jobPath(token)}/cancel`, undefined, { public: true });

/** "Delete my files now": every copy goes at once, and the receipt exists when this answers. */
export const deleteJobFiles = (token: string) => apiDelete<TPublicJob>(`${jobPath(token)}/files`, { public: true });

/** "I've paid": a claim staff confirm at the counter, never a payment. */
export const claimJobPaid = (token: string) => apiPost<TPublicJob>(`${jobPath(token)}/paid`, undefined, { public: true });

/** The QR of the job's `upi://pay` link, drawn by the server. */
export const upiQrUrl = (token: string) => `${API_BASE}${jobPath(token)}/upi-qr.svg`;

/** The deletion receipt: a compact JWS, as text. */
export async function fetchReceipt(token: string): Promise<string> {
  const res = await request<unknown>(`${jobPath(token)}/receipt`, { public: true, headers: { Accept: 'application/jose' } });
  if (typeof res.data !== 'string') throw new ApiError(res.status, 'BAD_RESPONSE', 'The server sent an unreadable receipt');
  return res.data.trim();
}

/** Every key receipts were ever signed with; outside /api, where a verifier expects it (RFC 8615). */
export async function fetchReceiptKeys(): Promise<TReceiptKeySet> {
  let res: Response;
  try {
    res = await fetch(RECEIPT_KEYS_PATH, { headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (!res.ok) throw new ApiError(res.status, `HTTP_${res.status}`, `Request failed with status ${res.status}`);
  return (await res.json()) as TReceiptKeySet;
}
