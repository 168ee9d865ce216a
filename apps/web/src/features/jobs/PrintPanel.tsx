import type { TJob, TJobFile } from '@counterprint/contract';
import { useState } from 'react';
import { fetchPrintReadyPdf } from '../../api/jobs';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { alreadyApplied, dialogSettings, printInFrame } from './browserPrint';

type FileState = { busy?: boolean; error?: string; sent?: boolean };

function PrintRow({ job, file, onPrint }: { job: TJob; file: TJobFile; onPrint: () => void }) {
  const [state, setState] = useState<FileState>({});
  const applied = alreadyApplied(file.options);
  const print = async () => {
    onPrint();
    setState({ busy: true });
    try {
      await printInFrame(await fetchPrintReadyPdf(job.id, file.id));
      setState({ sent: true });
    } catch (err) {
      setState({ error: err instanceof Error && err.message ? err.message : 'Could not open the print dialog.' });
    }
  };
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <span className="font-semibold text-slate-700">In the print dialog, set: </span>
          {dialogSettings(file).join(' · ')}
        </p>
        {applied && <p className="text-xs text-slate-500">{applied}</p>}
        {state.error && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-700">
            {state.error}
          </p>
        )}
      </div>
      <Button variant="secondary" onClick={() => void print()} loading={state.busy} aria-label={`Print ${file.name}`}>
        <Icon name={state.sent ? 'check' : 'print'} className="h-4 w-4" />
        {state.sent ? 'Print again' : 'Print'}
      </Button>
    </li>
  );
}

/**
 * Issue 22, printing with no install: each file's print-ready PDF opens in the browser's print dialog,
 * with what the dialog must be told beside it, since a web page cannot set copies, sides or colour.
 */
export function PrintPanel({ job, onPrint, onClose }: { job: TJob; onPrint: () => void; onClose: () => void }) {
  const files = job.files.filter((f) => f.state === 'active');
  return (
    <section aria-label="Print from this browser" className="border-b border-slate-100 bg-slate-50 px-4 py-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Print from this browser</h3>
        <button type="button" onClick={onClose} className="text-xs font-semibold text-brand-700 hover:underline">
          Hide
        </button>
      </div>
      <ul className="divide-y divide-slate-200">
        {files.map((file) => (
          <PrintRow key={file.id} job={job} file={file} onPrint={onPrint} />
        ))}
      </ul>
      {files.length === 0 && <p className="py-2 text-sm text-slate-500">This job has no files left to print.</p>}
    </section>
  );
}
