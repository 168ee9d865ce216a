import {
  CONVERSION_FAILURE_MESSAGES,
  describePrintOptions,
  type TEstimateLine,
  type TJobCreated,
  type TPrintOptions,
  type TPublicJob,
} from '@counterprint/contract';
import { FileThumb } from '../../components/FileThumb';
import { formatRupees } from '../../lib/format';

type LiveFile = TPublicJob['files'][number];

/** Where a file is on its way to the counter, in a customer's words; nothing while there is nothing to say. */
function fileState(file: LiveFile | undefined): { text: string; failed?: boolean } | null {
  if (!file) return null;
  if (file.conversion === 'converting') return { text: 'Preparing…' };
  if (file.conversion === 'failed') {
    return { text: CONVERSION_FAILURE_MESSAGES[file.conversionError ?? 'damaged'], failed: true };
  }
  if (file.pages !== null) return { text: `${file.pages} ${file.pages === 1 ? 'page' : 'pages'}` };
  return null;
}

const money = (rupees: number) => formatRupees(rupees, 'always');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Prints pages 1–3,5 (4 pages) · 2 sheets", exactly as the server counted; nothing while the pages are not known. */
function printedText(file: LiveFile): string | null {
  if (file.printPages === null) return null;
  const count = plural(file.printPages, 'page', 'pages');
  const range = file.options.pages.replace(/\s*[-–]\s*/g, '–').replace(/\s*,\s*/g, ',');
  const ends = file.pagesClipped && file.pages !== null ? `: the file ends at page ${file.pages}` : '';
  const all = file.printPages === 1 ? count : `all ${count}`;
  const which = file.options.pages === 'all' ? all : `pages ${range} (${count}${ends})`;
  return `Prints ${which}${file.sheets === null ? '' : ` · ${plural(file.sheets, 'sheet', 'sheets')}`}`;
}

/** An estimate line as a customer reads it: under its file, without the file's name in front. */
function PriceLine({ line, fileName }: { line: TEstimateLine; fileName?: string }) {
  const prefix = fileName ? `${fileName}: ` : '';
  const what = line.description.startsWith(prefix) ? line.description.slice(prefix.length) : line.description;
  return (
    <li className="flex justify-between gap-3">
      <span className={line.amount === null ? 'text-amber-800' : ''}>
        {what}
        {line.unitPrice !== null && ` · ${line.quantity} × ${money(line.unitPrice)}`}
      </span>
      {line.amount !== null && <span className="shrink-0 font-medium text-slate-800">{money(line.amount)}</span>}
    </li>
  );
}

function FilePrice({ file, lines }: { file: LiveFile; lines: TEstimateLine[] }) {
  const printed = printedText(file);
  const priced = lines.filter((l) => l.amount !== null);
  const sum = priced.reduce((n, l) => n + Math.round((l.amount ?? 0) * 100), 0) / 100;
  return (
    <>
      <span className="block text-xs text-slate-500">{describePrintOptions(file.options as TPrintOptions)}</span>
      {printed && <span className="block text-xs text-slate-600">{printed}</span>}
      {lines.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a job's lines come whole from each answer, in the server's order
            <PriceLine key={i} line={line} fileName={file.name} />
          ))}
          {lines.length > 1 && priced.length > 0 && (
            <li className="flex justify-between gap-3 font-medium text-slate-800">
              <span>{priced.length === lines.length ? 'This file' : 'This file so far'}</span>
              <span>{money(sum)}</span>
            </li>
          )}
        </ul>
      )}
    </>
  );
}

/**
 * The job's total. While `complete` is false the total is what is priced so far, and the lines
 * without a price say so themselves; each answer of the polling replaces it.
 */
function JobTotal({ estimate }: { estimate: TPublicJob['estimate'] }) {
  const jobLines = estimate.lines.filter((l) => l.fileId === null);
  const atCounter = !estimate.complete && estimate.lines.every((l) => l.amount === null);
  return (
    <div className="mt-3 rounded-xl bg-slate-50 px-3 py-2.5 text-left text-sm" data-testid="job-total" aria-live="polite">
      {jobLines.length > 0 && (
        <ul className="mb-1.5 space-y-0.5 text-xs text-slate-600">
          {jobLines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: replaced whole with each answer
            <PriceLine key={i} line={line} />
          ))}
        </ul>
      )}
      <p className="flex justify-between gap-3 font-semibold text-slate-900">
        <span>{estimate.complete || atCounter ? 'Total' : 'Total so far'}</span>
        <span>{atCounter ? 'Price at the counter' : money(estimate.total)}</span>
      </p>
      {!estimate.complete && !atCounter && <p className="mt-0.5 text-xs text-slate-600">The rest is priced at the counter.</p>}
    </div>
  );
}

/**
 * The files just sent, each with what the shop made of it: its first page, its pages, "Preparing…" while a
 * document is converted, or why it could not be. Until the first look at the job, the upload's own answer.
 */
export function SentFiles({ sent, job }: { sent: TJobCreated['files']; job: TPublicJob | null }) {
  const notes = new Map(sent.map((f) => [f.id, f.note]));
  const files: { id: string; name: string; live?: LiveFile }[] = job ? job.files.map((f) => ({ id: f.id, name: f.name, live: f })) : sent;
  if (files.length === 0) return null;
  return (
    <>
      <ul
        aria-label="Your files"
        // What the shop made of each file arrives after the number; a screen reader hears it as it comes.
        aria-live="polite"
        className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200 text-left"
      >
        {files.map((file) => {
          const state = fileState(file.live);
          const note = notes.get(file.id);
          return (
            <li key={file.id} className="flex items-start gap-3 px-3 py-2.5">
              <FileThumb className="h-12 w-12 rounded-md ring-1 ring-slate-200" url={file.live?.thumbnailUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">{file.name}</span>
                {state && <span className={`block text-xs ${state.failed ? 'text-red-700' : 'text-slate-500'}`}>{state.text}</span>}
                {note && <span className="block text-xs text-amber-800">{note}</span>}
                {file.live && job && <FilePrice file={file.live} lines={job.estimate.lines.filter((l) => l.fileId === file.id)} />}
              </span>
            </li>
          );
        })}
      </ul>
      {job && <JobTotal estimate={job.estimate} />}
    </>
  );
}
