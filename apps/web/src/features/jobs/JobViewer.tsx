import type { TJob, TJobFile, TJobFileLinks } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { customerLabel, type PrintSetup, totalSheets, useFileLinks, useSignedUrls } from '../../api/jobs';
import { Button, ICON_BUTTON } from '../../components/Button';
import { FileThumb } from '../../components/FileThumb';
import { Icon } from '../../components/Icon';
import { StatusChip } from '../../components/JobStatus';
import { formatBytes } from '../../lib/format';
import { CustomerStatusLink } from './CustomerStatusLink';
import { EstimateLines, EstimateTotal } from './EstimateLines';
import { FileBadge } from './FileBadge';
import { FilePreview } from './FilePreview';
import { FilePrinting } from './FilePrinting';
import { SheetsBadge } from './JobList';
import { PaymentClaimMark, PrintingMark } from './JobMarks';
import { PrintOptionsDialog } from './PrintOptionsDialog';
import { PrintPanel } from './PrintPanel';
import { jobLines, linesOfFile, optionsSummary } from './price';
import { SendToPrinter } from './SendToPrinter';
import type { Downloads, FileProgress } from './useDownloads';

function ProgressBar({ progress }: { progress: FileProgress[string] | undefined }) {
  if (!progress || progress.done) return null;
  const percent = progress.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  return (
    <div className="mt-1.5 flex items-center gap-2 text-xs text-slate-500">
      <progress
        className="h-1.5 w-full overflow-hidden rounded accent-brand-500"
        max={100}
        value={percent ?? undefined}
        aria-label="Download progress"
      />
      <span className="w-10 text-right tabular-nums">{percent === null ? formatBytes(progress.received) : `${percent}%`}</span>
    </div>
  );
}

function pagesText(file: TJobFile): string {
  if (file.pagesStatus === 'uncountable') return 'pages could not be counted';
  if (file.pages === null) return file.kind === 'pdf' || file.conversion === 'converted' ? 'counting pages…' : '';
  return `${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`;
}

/** "8 sides · 4 sheets" once the pages are counted; a page list past the document's end says where it was cut. */
function printText(file: TJobFile): string {
  const parts: string[] = [];
  if (file.printedSides !== null) parts.push(`${file.printedSides} ${file.printedSides === 1 ? 'side' : 'sides'}`);
  if (file.sheets !== null) parts.push(`${file.sheets} ${file.sheets === 1 ? 'sheet' : 'sheets'}`);
  if (file.pagesClipped && file.pages !== null) parts.push(`pages past ${file.pages} left out`);
  return parts.join(' · ');
}

/** Under a file: how it prints, its priced line(s), and, while the job is queued, a way to change how it prints. */
function FileOrder({ job, file, onEdit }: { job: TJob; file: TJobFile; onEdit: (() => void) | null }) {
  const counts = printText(file);
  return (
    <div className="mt-1.5 space-y-1 pl-12">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-xs text-slate-700">
          <span data-testid="file-options" className="font-medium">
            {optionsSummary(file.options)}
          </span>
          {counts && <span className="text-slate-500"> · {counts}</span>}
        </p>
        {onEdit && (
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit print options of ${file.name}`}
            className="-my-1 shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 hover:underline"
          >
            Edit
          </button>
        )}
      </div>
      <EstimateLines lines={linesOfFile(job.estimate, file.id)} file={file} label={`Price of ${file.name}`} />
    </div>
  );
}

/** The converted PDF is saved under the document's name, as a PDF, beside the original. */
export function asConvertedPdf(file: TJobFile): TJobFile {
  const base = file.name.includes('.') ? file.name.slice(0, file.name.lastIndexOf('.')) : file.name;
  return { ...file, id: `${file.id}:pdf`, name: `${base}.pdf`, contentType: 'application/pdf', kind: 'pdf' };
}

/** Above the preview: the original always, and the PDF a document was converted to when there is one. */
function PreviewDownloads({
  file,
  original,
  links,
  downloads,
  save,
}: {
  file: TJobFile;
  original: string | undefined;
  links: TJobFileLinks | undefined;
  downloads: Downloads;
  save: (file: TJobFile, url: string) => void;
}) {
  const pdf = file.conversion === 'converted' ? links?.pdfDownload : null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 px-3 py-2">
      <Button variant="secondary" onClick={() => original && save(file, original)} disabled={!original || downloads.busy}>
        <Icon name="download" className="h-4 w-4" />
        Download original
      </Button>
      {pdf && (
        <Button variant="secondary" onClick={() => save(asConvertedPdf(file), pdf)} disabled={downloads.busy}>
          <Icon name="download" className="h-4 w-4" />
          Download PDF
        </Button>
      )}
    </div>
  );
}

interface Props {
  job: TJob;
  /** The shop's papers and colour detection, for the options editor; undefined until loaded. */
  printSetup: PrintSetup | undefined;
  downloads: Downloads;
  onMarkPrinted: () => void;
  onCancelJob: () => void;
  /** Staff are printing the job: sent by Print and Start printing. */
  onStartPrinting: () => void;
  startingPrint: boolean;
  /** Move back to queue: offered on a printed job while its files are in the recycle bin. */
  onMoveBack?: () => void;
  movingBack?: boolean;
  onClose: () => void;
  /** A key asked for the print panel or Send to printer; onAsked says it was taken. */
  ask?: ViewerAsk | null;
  onAsked?: () => void;
}

export type ViewerAsk = 'print' | 'send';

/** docs/product/screens.md#live-print-jobs: file list, preview, Download, Mark Printed, Close. */
export function JobViewer({
  job,
  printSetup,
  downloads,
  onMarkPrinted,
  onCancelJob,
  onStartPrinting,
  startingPrint,
  onMoveBack,
  movingBack = false,
  onClose,
  ask = null,
  onAsked,
}: Props) {
  const urls = useSignedUrls(job);
  const links = useFileLinks(job);
  const [previewId, setPreviewId] = useState(job.files[0]?.id ?? null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const fileIds = job.files.map((f) => f.id).join();

  useEffect(() => {
    setPreviewId((current) => (current && fileIds.split(',').includes(current) ? current : (fileIds.split(',')[0] ?? null)));
  }, [fileIds]);

  const urlOf = (file: TJobFile) => urls.data?.[job.files.indexOf(file)];
  const withUrls = () => job.files.flatMap((file) => (urlOf(file) ? [{ file, url: urlOf(file)! }] : []));
  const linksOf = (file: TJobFile) => links.data?.find((l) => l.fileId === file.id);
  // A download is staff looking at the files, not printing them: the customer may still change the job
  // (docs/product/rules.md#downloads-and-printing). Print, Send to printer, Start printing and Mark Printed lock it.
  const fetchFiles = (files: { file: TJobFile; url: string }[]) => void downloads.download(job, files);
  const save = (file: TJobFile, url: string) => fetchFiles([{ file, url }]);
  const previewFile = job.files.find((f) => f.id === previewId) ?? null;
  const queued = job.status === 'queued';
  const editing = queued ? job.files.find((f) => f.id === editingId) : undefined;
  const ready = Boolean(urls.data) && job.files.length > 0;
  // Once printed or cancelled the files are in the recycle bin or gone: there is nothing to print, so nothing offers to.
  const printable = job.files.some((f) => f.state === 'active');
  // Mark Printed can be undone while the files it binned are still there (docs/product/rules.md#orders-and-earnings).
  const inBin = job.status === 'done' && job.files.some((f) => f.state === 'recycled');

  useEffect(() => {
    // Send to printer takes its own ask; where it is not offered, the ask has nothing to do.
    if (!ask || (ask === 'send' && queued && printable)) return;
    if (ask === 'print' && printable) setPrinting(true);
    onAsked?.();
  }, [ask, queued, printable, onAsked]);

  return (
    <section aria-label={`Job #${job.number}`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start gap-3 border-b border-slate-100 p-4">
        <span className="flex h-11 min-w-11 items-center justify-center rounded-lg bg-slate-900 px-2 text-base font-bold text-white tabular-nums">
          #{job.number}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{customerLabel(job)}</h2>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {job.customerPhone && (
              <a href={`tel:${job.customerPhone}`} className="hover:underline">
                {job.customerPhone}
              </a>
            )}
            <span>{new Date(job.uploadedAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}</span>
            <StatusChip status={job.status} />
            <SheetsBadge sheets={totalSheets(job)} />
            <PrintingMark job={job} />
            <PaymentClaimMark job={job} />
          </div>
        </div>
        <button type="button" onClick={onClose} aria-label="Close" className={`${ICON_BUTTON} -mt-1 -mr-2`}>
          <Icon name="close" />
        </button>
      </header>

      <div className="flex flex-wrap gap-2 border-b border-slate-100 p-4">
        {printable && (
          <Button onClick={() => setPrinting((p) => !p)} aria-expanded={printing}>
            <Icon name="print" className="h-4 w-4" />
            Print
          </Button>
        )}
        {queued && printable && <SendToPrinter job={job} asked={ask === 'send'} onAsked={onAsked} />}
        <Button variant="secondary" onClick={() => fetchFiles(withUrls())} disabled={!ready} loading={downloads.busy}>
          <Icon name="download" className="h-4 w-4" />
          Download all
        </Button>
        {queued && !job.printingAt && (
          // For shops that print from the preview: nothing is downloaded, so staff say it themselves.
          <Button variant="secondary" onClick={onStartPrinting} loading={startingPrint}>
            <Icon name="print" className="h-4 w-4" />
            Start printing
          </Button>
        )}
        {queued && (
          <Button variant="secondary" onClick={onMarkPrinted}>
            <Icon name="check" className="h-4 w-4" />
            Mark Printed
          </Button>
        )}
        {queued && (
          <Button variant="ghost" onClick={onCancelJob} className="text-red-600 hover:bg-red-50 sm:ml-auto">
            Cancel job
          </Button>
        )}
        {inBin && onMoveBack && (
          <Button variant="secondary" onClick={onMoveBack} loading={movingBack}>
            Move back to queue
          </Button>
        )}
        <Button variant="ghost" onClick={onClose} className={queued ? '' : 'sm:ml-auto'}>
          Close
        </Button>
      </div>

      {/* Printing is staff at work on the job: the customer's changes stop first. */}
      {printing && printable && <PrintPanel job={job} onPrint={onStartPrinting} onClose={() => setPrinting(false)} />}

      {job.statusPath && <CustomerStatusLink path={job.statusPath} />}

      {(downloads.error || downloads.notice || urls.isError) && (
        <div className="space-y-2 border-b border-slate-100 px-4 py-3 text-sm">
          {(urls.isError || links.isError) && (
            <p role="alert" className="text-red-700">
              Could not get the file links.{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => {
                  if (urls.isError) void urls.refetch();
                  if (links.isError) void links.refetch();
                }}
              >
                Try again
              </button>
            </p>
          )}
          {downloads.error && (
            <p role="alert" className="font-medium text-red-700">
              {downloads.error}
            </p>
          )}
          {downloads.notice && <p className="text-emerald-700">{downloads.notice}</p>}
        </div>
      )}

      {/* The preview gets the full width until the screen is wide enough for a file column beside it. */}
      <div className="grid min-w-0 gap-0 2xl:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <ul
            className="max-h-80 divide-y divide-slate-100 overflow-y-auto border-b border-slate-100 2xl:max-h-[60vh] 2xl:border-r"
            aria-label="Files"
          >
            {job.files.map((file) => (
              <li key={file.id} className={`px-3 py-2.5 ${file.id === previewId ? 'bg-brand-50' : ''}`}>
                <div className="flex items-start gap-2">
                  <FileThumb url={linksOf(file)?.thumbnail} className="h-10 w-10 rounded-md ring-1 ring-slate-200" />
                  <button
                    type="button"
                    onClick={() => setPreviewId(file.id)}
                    aria-current={file.id === previewId || undefined}
                    className="min-w-0 flex-1 text-left"
                  >
                    <span className="block truncate text-sm font-medium text-slate-900" title={file.name}>
                      {file.name}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {[formatBytes(file.size), pagesText(file)].filter(Boolean).join(' · ')}
                    </span>
                    <FileBadge file={file} />
                    <FilePrinting printing={file.printing} />
                    <ProgressBar progress={downloads.progress[file.id]} />
                  </button>
                  <button
                    type="button"
                    onClick={() => urlOf(file) && save(file, urlOf(file)!)}
                    disabled={!urlOf(file) || downloads.busy}
                    aria-label={`Download ${file.name}`}
                    className={`${ICON_BUTTON} h-9 w-9 shrink-0 disabled:opacity-40`}
                  >
                    {downloads.progress[file.id]?.done ? (
                      <Icon name="check" className="h-4 w-4 text-emerald-600" />
                    ) : (
                      <Icon name="download" className="h-4 w-4" />
                    )}
                  </button>
                </div>
                <FileOrder job={job} file={file} onEdit={queued ? () => setEditingId(file.id) : null} />
              </li>
            ))}
            {job.files.length === 0 && <li className="px-3 py-6 text-center text-sm text-slate-500">This job has no files left.</li>}
          </ul>
          <div className="space-y-1 border-b border-slate-100 px-3 py-2.5 2xl:border-r">
            <EstimateLines lines={jobLines(job.estimate)} label="Price of the whole job" />
            <EstimateTotal estimate={job.estimate} />
          </div>
        </div>
        <div className="min-h-60 min-w-0 rounded-b-2xl bg-slate-50 2xl:rounded-bl-none">
          {previewFile ? (
            <>
              <PreviewDownloads
                file={previewFile}
                original={urlOf(previewFile)}
                links={linksOf(previewFile)}
                downloads={downloads}
                save={save}
              />
              <FilePreview key={previewFile.id} file={previewFile} links={linksOf(previewFile)} />
            </>
          ) : null}
        </div>
      </div>
      {editing && <PrintOptionsDialog key={editing.id} job={job} file={editing} setup={printSetup} onClose={() => setEditingId(null)} />}
    </section>
  );
}
