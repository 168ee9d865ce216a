import type { TJobCreated } from '@counterprint/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import type { UploadNotice } from '../../lib/uploadRules';
import { useJobProgress } from './jobProgress';
import { SentFiles } from './SentFiles';

/** Refusals and failures, each with its title (docs/product/screens.md#public-shop-page-and-upload) so the customer knows which file and why. */
export function UploadNotices({ notices }: { notices: UploadNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="alert" className="space-y-2">
      {notices.map((n, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: notices are replaced as a whole, never reordered
          key={i}
          className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0 text-red-500" />
          <p className="min-w-0 break-words">
            <strong className="font-semibold">{n.title}</strong>
            <span className="block">{n.message}</span>
          </p>
        </div>
      ))}
    </div>
  );
}

/** All the files together; `screenKeptOn` false where the page could not keep the screen on by itself. */
export function UploadProgress({ percent, screenKeptOn = true }: { percent: number | null; screenKeptOn?: boolean }) {
  const value = percent ?? 0;
  const keepOpen = screenKeptOn ? 'Keep this page open until the upload finishes.' : 'Keep this screen on until your files are sent.';
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-200" style={{ width: `${value}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-slate-500">{value < 100 ? keepOpen : 'Almost done: the shop is checking your files…'}</p>
    </div>
  );
}

/** The number is what the customer says at the counter, so it is the biggest thing on the screen. */
export function UploadSuccess({
  job,
  shopName,
  waiting = null,
  onMore,
}: {
  job: TJobCreated;
  shopName: string;
  waiting?: string | null;
  onMore: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const progress = useJobProgress(job.token);
  // The card changes under the customer's thumb; moving focus lets a screen reader announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="upload-done" className="rounded-2xl border border-emerald-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <Icon name="check" className="h-7 w-7" />
      </span>
      <h2 id="upload-done" ref={heading} tabIndex={-1} className="mt-4 text-xl font-bold text-slate-900 outline-none">
        Files sent!
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        {job.fileCount} {job.fileCount === 1 ? 'file' : 'files'} sent to {shopName}.
      </p>
      <p className="mt-5 rounded-xl bg-emerald-50 px-4 py-5 text-sm font-medium text-emerald-800">
        Your job number is{' '}
        <span className="my-1 block text-5xl font-extrabold tracking-tight text-emerald-700" data-testid="job-number">
          #{job.number}
        </span>{' '}
        <span className="block">Quote it at the counter.</span>
      </p>
      {waiting && <p className="mt-3 text-sm font-medium text-amber-800">{waiting}</p>}
      <SentFiles sent={job.files} job={progress} />
      <Button variant="secondary" className="mt-6 w-full" onClick={onMore}>
        Upload more
      </Button>
    </section>
  );
}
