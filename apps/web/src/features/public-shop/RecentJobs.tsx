import { jobStatusPath } from '@counterprint/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { timeAgo } from '../../lib/format';
import { recentJobsAt } from '../../lib/recentJobs';

/** The jobs this phone sent to this shop lately: a walk-in customer has no account to find them in. */
export function RecentJobs({ slug }: { slug: string }) {
  const [jobs] = useState(() => recentJobsAt(slug));
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="recent-jobs-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="recent-jobs-title" className="text-base font-semibold text-slate-900">
        Your recent jobs here
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {jobs.map((job) => (
          <li key={job.token}>
            <Link
              to={jobStatusPath(job.token)}
              className="flex min-h-11 items-center justify-between gap-3 py-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              <span>Job #{job.number}</span>
              <span className="text-xs font-normal text-slate-500">{timeAgo(job.at)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
