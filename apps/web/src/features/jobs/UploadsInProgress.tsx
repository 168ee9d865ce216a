import type { TUploadInProgress } from '@counterprint/contract';
import { useClearUploadInProgress, useUploadsInProgress } from '../../api/jobs';
import { useToast } from '../../components/Toast';
import { formatBytes } from '../../lib/format';

export const CLEAR_UPLOAD_FAILED = 'That upload could not be cleared. Try again.';

export function progressLine(u: TUploadInProgress): string {
  if (u.received >= u.size) return `${formatBytes(u.size)}, sent: waiting for the customer to send the job`;
  return `${formatBytes(u.received)} of ${formatBytes(u.size)} received`;
}

/**
 * Files customers are sending now, each with a Clear button: what holds the shop's storage before a
 * job arrives, and a way to free it (docs/product/rules.md#resumable-uploads). Hidden when there are none.
 */
export function UploadsInProgress({ shopId }: { shopId: string }) {
  const toast = useToast();
  const uploads = useUploadsInProgress(shopId);
  const clear = useClearUploadInProgress(shopId, { onError: () => toast(CLEAR_UPLOAD_FAILED, 'error') });
  if (!uploads.data?.length) return null;
  return (
    <section aria-label="Uploads in progress" className="rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <h2 className="font-medium text-slate-900">Uploads in progress</h2>
      <ul className="mt-2 space-y-2">
        {uploads.data.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate font-medium">{u.filename}</span>
              <span className="block text-slate-500">{progressLine(u)}</span>
            </span>
            <button
              type="button"
              className="shrink-0 rounded-lg border border-slate-300 px-3 py-1 hover:bg-slate-50 disabled:opacity-50"
              aria-label={`Clear ${u.filename}`}
              disabled={clear.isPending && clear.variables === u.id}
              onClick={() => clear.mutate(u.id)}
            >
              Clear
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
