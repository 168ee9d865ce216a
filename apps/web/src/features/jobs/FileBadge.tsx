import { CONVERSION_FAILURE_MESSAGES, CONVERSION_UNAVAILABLE_MESSAGE, type TJob, type TJobFile } from '@counterprint/contract';
import { Icon, type IconName } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';

type Conversion = Pick<TJobFile, 'conversion' | 'conversionError'>;

// A badge is a label, not a sentence.
const UNAVAILABLE = CONVERSION_UNAVAILABLE_MESSAGE.replace(/\.$/, '');
const FAILED = 'This document could not be converted. Download the original to print it.';

/** What staff read about a file's way to a PDF; nothing for PDFs, photos and documents already converted. */
export function conversionText(file: Conversion): string | null {
  switch (file.conversion) {
    case 'converting':
      return 'Converting…';
    case 'failed':
      return file.conversionError ? CONVERSION_FAILURE_MESSAGES[file.conversionError] : FAILED;
    case 'unavailable':
      return UNAVAILABLE;
    default:
      return null;
  }
}

const TONE: Record<TJobFile['conversion'], string> = {
  none: '',
  converted: '',
  converting: 'bg-sky-50 text-sky-800 ring-sky-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  unavailable: 'bg-slate-100 text-slate-700 ring-slate-200',
};

function Turning({ className = 'h-3 w-3' }: { className?: string }) {
  // The words beside it say it already; a second "status" would be read twice.
  return (
    <span aria-hidden="true" className="inline-flex">
      <Spinner className={`${className} text-sky-600`} />
    </span>
  );
}

/** One file's conversion, in full: the viewer's file list. */
export function FileBadge({ file }: { file: Conversion }) {
  const text = conversionText(file);
  if (!text) return null;
  return (
    <span
      data-testid="file-badge"
      className={`mt-1 inline-flex items-start gap-1.5 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[file.conversion]}`}
    >
      {file.conversion === 'converting' && <Turning className="mt-0.5 h-3 w-3" />}
      <span>{text}</span>
    </span>
  );
}

const MARK_ICON: Partial<Record<TJobFile['conversion'], IconName>> = { failed: 'alert', unavailable: 'eyeOff' };

/**
 * A job row's mark for its files' conversions. The row has room for an icon only (the customer's name comes
 * first), so the words are its title and what a screen reader says, as the uncounted-pages mark does.
 */
export function JobConversionNote({ job }: { job: Pick<TJob, 'files'> }) {
  const converting = job.files.filter((f) => f.conversion === 'converting').length;
  const failed = job.files.filter((f) => f.conversion === 'failed');
  const unavailable = job.files.filter((f) => f.conversion === 'unavailable').length;
  const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);
  let mark: { tone: TJobFile['conversion']; words: string };
  if (converting > 0) mark = { tone: 'converting', words: `${files(converting)} converting` };
  else if (failed.length > 0) mark = { tone: 'failed', words: failed.map((f) => `${f.name}: ${conversionText(f)}`).join(' ') };
  else if (unavailable > 0) mark = { tone: 'unavailable', words: `${files(unavailable)}: ${UNAVAILABLE}` };
  else return null;
  const icon = MARK_ICON[mark.tone];
  return (
    <span
      title={mark.words}
      data-mark={mark.tone}
      className={`inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-md ring-1 ring-inset ${TONE[mark.tone]}`}
    >
      {icon ? <Icon name={icon} className="h-3.5 w-3.5" /> : <Turning />}
      <span className="sr-only">{mark.words}</span>
    </span>
  );
}
