import { CONVERSION_FAILURE_MESSAGES, type TJobCreated, type TPublicJob } from '@counterprint/contract';
import { useState } from 'react';
import { Icon } from '../../components/Icon';

type LiveFile = TPublicJob['files'][number];

function Thumb({ url }: { url: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400">
        <Icon name="orders" className="h-5 w-5" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      data-testid="file-thumbnail"
      onError={() => setBroken(true)}
      className="h-12 w-12 shrink-0 rounded-md bg-slate-100 object-cover ring-1 ring-slate-200"
    />
  );
}

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

/**
 * The files just sent, each with what the shop made of it: its first page, its pages, "Preparing…" while a
 * document is converted, or why it could not be. Until the first look at the job, the upload's own answer.
 */
export function SentFiles({ sent, job }: { sent: TJobCreated['files']; job: TPublicJob | null }) {
  const notes = new Map(sent.map((f) => [f.id, f.note]));
  const files: { id: string; name: string; live?: LiveFile }[] = job ? job.files.map((f) => ({ id: f.id, name: f.name, live: f })) : sent;
  if (files.length === 0) return null;
  return (
    <ul
      aria-label="Your files"
      // What the shop made of each file arrives after the number; a screen reader hears it as it comes.
      aria-live="polite"
      className="mt-5 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 text-left"
    >
      {files.map((file) => {
        const state = fileState(file.live);
        const note = notes.get(file.id);
        return (
          <li key={file.id} className="flex items-start gap-3 px-3 py-2.5">
            <Thumb url={file.live?.thumbnailUrl} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-800">{file.name}</span>
              {state && <span className={`block text-xs ${state.failed ? 'text-red-700' : 'text-slate-500'}`}>{state.text}</span>}
              {note && <span className="block text-xs text-amber-800">{note}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
