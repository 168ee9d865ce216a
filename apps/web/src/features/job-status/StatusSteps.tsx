import type { TPublicJob, TPublicJobStatus } from '@counterprint/contract';
import { Icon } from '../../components/Icon';
import { clockText } from '../../lib/format';

type Step = { status: TPublicJobStatus; label: string };

const RECEIVED: Step = { status: 'received', label: 'Received' };
const CONVERTING: Step = { status: 'converting', label: 'Converting' };
const LATER: Step[] = [
  { status: 'ready', label: 'Ready' },
  { status: 'printing', label: 'Printing' },
  { status: 'printed', label: 'Printed' },
  { status: 'deleted', label: 'Files deleted' },
];

/** What the customer reads under the number, in the order a job moves. */
export const STATUS_SENTENCES: Record<TPublicJobStatus, string> = {
  received: 'The shop has your files.',
  converting: 'Your documents are being prepared for printing.',
  ready: 'Ready to print. Quote your job number at the counter.',
  printing: 'The shop is printing your job.',
  printed: 'Printed. Collect it at the counter.',
  deleted: 'Your files are deleted.',
  cancelled: 'This job is cancelled. The shop will not print it.',
};

/** Converting is a step only for a job with a document to convert; a PDF or a photo goes straight to Ready. */
function stepsOf(job: TPublicJob): Step[] {
  if (job.status === 'cancelled') return [RECEIVED, { status: 'cancelled', label: 'Cancelled' }, LATER[3]!];
  const converts = job.status === 'converting' || job.files.some((f) => f.conversion !== 'none');
  return converts ? [RECEIVED, CONVERTING, ...LATER] : [RECEIVED, ...LATER];
}

/** "Your files will be deleted by 14:32": the promise of the retention, with the time it holds until. */
export function deletionText(job: TPublicJob, now = new Date()): string | null {
  if (job.deletedAt) return `Your files were deleted at ${clockText(job.deletedAt, now)}.`;
  if (job.deleteAt) return `Your files will be deleted by ${clockText(job.deleteAt, now)}.`;
  return null;
}

export function StatusSteps({ job }: { job: TPublicJob }) {
  const steps = stepsOf(job);
  const current = steps.findIndex((s) => s.status === job.status);
  const cancelled = job.status === 'cancelled';
  const deletion = deletionText(job);
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="status-title" className="sr-only">
        Status
      </h2>
      <p
        aria-live="polite"
        data-testid="status-sentence"
        className={`text-base font-semibold ${cancelled ? 'rounded-lg bg-red-50 px-3 py-2 text-red-800 ring-1 ring-red-200' : 'text-slate-900'}`}
      >
        {STATUS_SENTENCES[job.status]}
      </p>
      <ol aria-label="Job progress" className="mt-4 grid gap-2 sm:flex sm:gap-0">
        {steps.map((step, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          const bad = step.status === 'cancelled';
          return (
            <li
              key={step.status}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              className="flex items-center gap-2.5 sm:flex-1 sm:flex-col sm:gap-1.5 sm:text-center"
            >
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  bad
                    ? 'bg-red-600 text-white'
                    : state === 'done'
                      ? 'bg-emerald-600 text-white'
                      : state === 'current'
                        ? 'bg-brand-600 text-white ring-4 ring-brand-100'
                        : 'bg-slate-100 text-slate-500'
                }`}
              >
                {bad ? <Icon name="close" className="h-4 w-4" /> : state === 'done' ? <Icon name="check" className="h-4 w-4" /> : i + 1}
              </span>
              <span
                className={`text-sm ${bad ? 'font-semibold text-red-700' : state === 'todo' ? 'text-slate-500' : 'font-medium text-slate-900'}`}
              >
                {step.label}
                <span className="sr-only">{state === 'done' ? ' (done)' : state === 'current' ? ' (now)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {deletion && (
        <p className="mt-4 flex items-start gap-2 text-sm text-slate-600" data-testid="deletion-time">
          <Icon name="clock" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          {deletion}
        </p>
      )}
    </section>
  );
}
