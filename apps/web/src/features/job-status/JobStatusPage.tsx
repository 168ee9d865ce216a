import type { TPublicJob } from '@counterprint/contract';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, serverMessageOr } from '../../api/client';
import { Button, buttonClass } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { PoweredBy } from '../../components/PoweredBy';
import { Spinner } from '../../components/Spinner';
import { useShopAccent } from '../../lib/accent';
import { type JustSent, justSentFrom } from '../../lib/jobStatusLink';
import { rememberJob } from '../../lib/recentJobs';
import { DeletionReceipt } from './DeletionReceipt';
import { JobActions } from './JobActions';
import { JobFiles } from './JobFiles';
import { StatusSteps } from './StatusSteps';
import { UpiPayment } from './UpiPayment';
import { useLiveJob } from './useLiveJob';

/** "Your files will be waiting" is true only until the shop prints, cancels or deletes them. */
const STILL_WAITING = new Set<TPublicJob['status']>(['received', 'converting', 'ready']);

function Header({ job, sent }: { job: TPublicJob; sent: JustSent | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Straight from the upload, a screen reader hears where the files went.
  const justSent = sent !== null;
  useEffect(() => {
    if (justSent) heading.current?.focus();
  }, [justSent]);
  return (
    <header className="text-center">
      <Link to={`/public/${job.shopSlug}`} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        {job.shopName}
      </Link>
      {sent && (
        <p className="mx-auto mt-3 flex max-w-sm items-center justify-center gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          <Icon name="check" className="h-4 w-4" />
          Files sent! {sent.fileCount} {sent.fileCount === 1 ? 'file' : 'files'} sent to {job.shopName}.
        </p>
      )}
      <h1 ref={heading} tabIndex={-1} className="mt-3 text-5xl font-extrabold tracking-tight text-slate-900 outline-none sm:text-6xl">
        Job #{job.number}
      </h1>
      {job.status !== 'deleted' && <p className="mt-1 text-sm text-slate-500">Quote this number at the counter.</p>}
      {sent?.waiting && STILL_WAITING.has(job.status) && <p className="mt-2 text-sm font-medium text-amber-800">{sent.waiting}</p>}
    </header>
  );
}

function Unavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const unknown = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <Icon name="alert" className="h-6 w-6" />
      </span>
      <p role="alert" className="mt-4 text-base font-medium text-slate-900">
        {serverMessageOr(error, 'Could not reach the shop’s server. Check your connection.')}
      </p>
      {!unknown && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

function JobStatus({ token }: { token: string }) {
  const { job, error, refetch, replace } = useLiveJob(token);
  const sent = justSentFrom(useLocation().state);
  // The shop's colour, as its own page wears it.
  useShopAccent(job?.shopColor);

  useEffect(() => {
    if (!job) return;
    document.title = `Job #${job.number} · ${job.shopName}`;
  }, [job]);

  const number = job?.number;
  const shopName = job?.shopName;
  const shopSlug = job?.shopSlug;
  useEffect(() => {
    if (number !== undefined && shopName !== undefined && shopSlug !== undefined) rememberJob({ token, number, shopName, shopSlug });
  }, [token, number, shopName, shopSlug]);

  if (!job) {
    if (error) return <Unavailable error={error} onRetry={refetch} />;
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-8 w-8 text-brand-500" label="Loading your job" />
      </div>
    );
  }

  if (job.status === 'deleted') {
    return (
      <div className="space-y-5">
        <Header job={job} sent={null} />
        <DeletionReceipt token={token} jobNumber={job.number} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <Header job={job} sent={sent} />
      {error !== null && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-center text-sm text-amber-800">
          Offline: this is what was last known.
        </p>
      )}
      <StatusSteps job={job} />
      <UpiPayment job={job} token={token} onChanged={replace} />
      <JobFiles job={job} />
      <JobActions job={job} token={token} onChanged={replace} onRefetch={refetch} />
      <Link to={`/public/${job.shopSlug}`} className={buttonClass('ghost', 'w-full')}>
        <Icon name="files" className="h-4 w-4" />
        Send more files
      </Link>
    </div>
  );
}

/**
 * The walk-in customer's job (issue 20), at /j/{token}: its number to quote, where it stands, live,
 * what it costs and how to pay, what may still change, and after deletion the signed receipt.
 * A phone page first: its own code is kept small and nothing loads that a customer does not use.
 */
export default function JobStatusPage() {
  const { token = '' } = useParams();
  return (
    <div className="min-h-dvh bg-slate-50 px-4 pt-6 pb-10 sm:pt-10">
      <main className="mx-auto max-w-xl">
        <JobStatus key={token} token={token} />
      </main>
      <PoweredBy />
    </div>
  );
}
