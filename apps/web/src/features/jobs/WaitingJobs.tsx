import { Icon } from '../../components/Icon';

/**
 * Says why the queue keeps chiming, and stops it without opening each job: a counter busy with a
 * customer can silence it and come back to the jobs, which stay counted in the tab title.
 */
export function WaitingJobs({ count, onAcknowledge }: { count: number; onAcknowledge: () => void }) {
  if (count === 0) return null;
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
      <Icon name="bell" className="h-4 w-4 shrink-0 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="font-semibold">
          {count} new {count === 1 ? 'job' : 'jobs'} waiting
        </span>{' '}
        <span className="text-brand-800">· chimes every 20 s until opened</span>
      </span>
      <button
        type="button"
        onClick={onAcknowledge}
        className="shrink-0 rounded-md border border-brand-300 bg-white px-2.5 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        Acknowledge
      </button>
    </div>
  );
}
