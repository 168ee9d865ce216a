import type { TUploadRefusalReason, TUploadRefusals } from '@counterprint/contract';
import { Icon } from '../../components/Icon';

/** Why customers were turned away, and what the staff or the customer can do about it. */
const WHY: Record<TUploadRefusalReason, string> = {
  RATE_LIMITED: 'customers sharing one connection hit the upload limit. They can try again in a few minutes.',
  ADDRESS_UPLOAD_LIMIT:
    'customers sharing one connection already have many files waiting. Print or delete the waiting jobs so they can send more.',
  TOO_MANY_UPLOADS: 'too many uploads came from one connection at once. They can try again when the others finish.',
  SHOP_UPLOADS_BUSY: 'many customers were sending files at once. They can try again in a few minutes.',
  STORAGE_FULL: "your shop's storage is full. Empty the recycle bin or delete old jobs to make room.",
};

export function refusalLine(count: number, reason: TUploadRefusalReason): string {
  const uploads = count === 1 ? '1 upload to your shop was' : `${count} uploads to your shop were`;
  return `${uploads} refused in the last hour: ${WHY[reason]}`;
}

/** Tells staff that uploads are being refused: the customer sees the error, the counter otherwise never would. */
export function RefusedUploadsNotice({ refusals }: { refusals: TUploadRefusals | undefined }) {
  if (!refusals?.length) return null;
  return (
    <section
      aria-label="Refused uploads"
      className="flex gap-2.5 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <Icon name="alert" className="mt-0.5 h-5 w-5 shrink-0" />
      <ul className="space-y-1">
        {refusals.map((r) => (
          <li key={r.reason}>{refusalLine(r.count, r.reason)}</li>
        ))}
      </ul>
    </section>
  );
}
