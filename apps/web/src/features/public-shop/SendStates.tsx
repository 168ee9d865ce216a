import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useNow } from '../../components/useNow';
import { formatBytes } from '../../lib/format';
import { bytesPerSecond, progressText } from '../../lib/transferRate';
import type { FileProgress } from './useFileSends';

/**
 * Under a file while it is sent: how far, how fast, how long; or why it stopped, with Retry where trying
 * again may help (a file refused for its type or size is only removed, with the row's own button).
 */
export function FileSendStatus({
  name,
  progress,
  online,
  onRetry,
}: {
  name: string;
  progress: FileProgress;
  online: boolean;
  onRetry: () => void;
}) {
  // Re-read every second: a speed measured to now falls when the bytes stop.
  const now = useNow(1_000);
  const { phase, sent, total } = progress;
  if (phase === 'failed') {
    return (
      <div className="mt-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800 ring-1 ring-red-200">
        <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0 text-red-500" />
        <p role="alert" className="min-w-0 flex-1 break-words">
          {progress.error}
        </p>
        {progress.retryable && (
          <Button size="sm" variant="secondary" className="-my-1 shrink-0" onClick={onRetry} aria-label={`Retry ${name}`}>
            Retry
          </Button>
        )}
      </div>
    );
  }
  if (phase === 'done') {
    return (
      <p className="mt-1 flex items-center gap-1 text-xs font-medium text-emerald-700">
        <Icon name="check" className="h-3.5 w-3.5" /> Sent
      </p>
    );
  }
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  // The last progress may be newer than the last tick.
  const at = Math.max(now, progress.samples.at(-1)?.at ?? 0);
  const rate = online ? bytesPerSecond(progress.samples, at) : null;
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={`${name} sent`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs tabular-nums text-slate-500" data-testid="file-send-text">
        {phase === 'queued' ? 'Waiting to send' : progressText(sent, total, rate)}
      </p>
    </div>
  );
}

export function OfflineBanner() {
  return (
    <div
      role="status"
      className="flex gap-2.5 rounded-lg bg-amber-50 px-3.5 py-2.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      <Icon name="cloud" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" />
      <p>You're offline. Your upload will continue when you're back online.</p>
    </div>
  );
}

/** Names shown in the offer before the rest are counted: a 50-file send should not push its button off the screen. */
const NAMED = 3;

/** After a reload cut a send short: its files are still on this phone, so it carries on without picking them again. */
export function ResumeOffer({
  files,
  onResume,
  onStartOver,
}: {
  files: readonly { name: string; size: number }[];
  onResume: () => void;
  onStartOver: () => void;
}) {
  const count = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;
  // "and 1 more" would take the line the name itself needs.
  const named = files.length === NAMED + 1 ? files.length : NAMED;
  const more = files.length - named;
  return (
    <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="resume-offer">
      <p className="text-sm font-semibold text-slate-900">Your upload did not finish</p>
      <p className="mt-1 text-sm text-slate-600">
        The page was closed or reloaded while your files were being sent. They are still on this phone.
      </p>
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700" aria-label="Files to resume">
        {files.slice(0, named).map((file, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two kept files may share a name; the order is fixed.
          <li key={i} className="flex justify-between gap-3">
            <span className="truncate">{file.name}</span>
            <span className="shrink-0 text-slate-500">{formatBytes(file.size)}</span>
          </li>
        ))}
        {more > 0 && <li className="text-slate-500">and {more} more</li>}
      </ul>
      <Button className="mt-3 w-full py-3 text-base" onClick={onResume}>
        Resume your upload ({count})
      </Button>
      <Button variant="ghost" className="mt-2 w-full" onClick={onStartOver}>
        Start over
      </Button>
    </div>
  );
}
