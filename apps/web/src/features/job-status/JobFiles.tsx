import type { TPublicJob } from '@counterprint/contract';
import { FileThumb } from '../../components/FileThumb';
import { FilePrice, JobTotal } from '../../components/JobPrice';
import { fileStateText } from '../../lib/jobWords';

/** Each file with its first page, its pages or why it could not be prepared, its options in words and its price; then the total. */
export function JobFiles({ job }: { job: TPublicJob }) {
  if (job.files.length === 0) return null;
  return (
    <section aria-labelledby="files-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="files-title" className="text-base font-semibold text-slate-900">
        Your files
      </h2>
      <ul aria-label="Your files" className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {job.files.map((file) => {
          const state = fileStateText(file);
          return (
            <li key={file.id} className="flex items-start gap-3 px-3 py-2.5">
              <FileThumb className="h-14 w-14 rounded-md ring-1 ring-slate-200" url={file.thumbnailUrl} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">{file.name}</span>
                {state && <span className={`block text-xs ${state.failed ? 'text-red-700' : 'text-slate-500'}`}>{state.text}</span>}
                <FilePrice file={file} lines={job.estimate.lines.filter((l) => l.fileId === file.id)} />
              </span>
            </li>
          );
        })}
      </ul>
      <JobTotal estimate={job.estimate} />
    </section>
  );
}
