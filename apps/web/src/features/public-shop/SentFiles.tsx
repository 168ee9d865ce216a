import type { TJobCreated, TPublicJob } from '@counterprint/contract';
import { FileThumb } from '../../components/FileThumb';
import { FilePrice, JobTotal } from '../../components/JobPrice';
import { fileStateText, type PublicJobFile } from '../../lib/jobWords';

/**
 * The files just sent, each with what the shop made of it: its first page, its pages, "Preparing…" while a
 * document is converted, or why it could not be. Until the first look at the job, the upload's own answer.
 */
export function SentFiles({ sent, job }: { sent: TJobCreated['files']; job: TPublicJob | null }) {
  const notes = new Map(sent.map((f) => [f.id, f.note]));
  const files: { id: string; name: string; live?: PublicJobFile }[] = job
    ? job.files.map((f) => ({ id: f.id, name: f.name, live: f }))
    : sent;
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
          const state = fileStateText(file.live);
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
