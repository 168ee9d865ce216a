import { canChangeJob, canDeleteFilesNow, type TPublicJob, UPLOAD_ACCEPT } from '@counterprint/contract';
import { lazy, Suspense, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { addJobFiles, cancelJob, deleteJobFiles } from '../../api/publicJobs';
import { Button, buttonClass } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormMessage';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { plural } from '../../lib/jobWords';
import { addToSelection } from '../../lib/uploadRules';

const OptionsEditor = lazy(() => import('./OptionsEditor'));

/**
 * What "Delete my files now" can promise: the server's copies go at once, but a download is on the
 * shop's computer, out of Counterprint's reach; the receipt counts those (docs/decisions/063-copies-counted-by-kind.md).
 */
export const DELETE_NOW_WORDS =
  'Counterprint deletes your files and every copy it made of them at once, and you get a signed receipt. A copy staff downloaded is on the shop’s computer, where Counterprint cannot delete it; the receipt counts every copy that left it. This cannot be undone.';

type Asking = 'cancel' | 'delete' | null;

function AddFiles({ token, busy, onAdded }: { token: string; busy: boolean; onAdded: (count: number) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);

  const send = async (picked: File[]) => {
    const { files, notices } = addToSelection([], picked);
    setFailures(notices.map((n) => n.message));
    if (files.length === 0) return;
    setProgress(0);
    try {
      const added = await addJobFiles(token, files, { onProgress: setProgress });
      onAdded(added.files.length);
    } catch (err) {
      setFailures((list) => [...list, serverMessageOr(err, 'The files could not be sent. Check your connection and try again.')]);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div>
      <label
        className={buttonClass(
          'secondary',
          `w-full cursor-pointer focus-within:outline-2 focus-within:outline-brand-500 ${busy || progress !== null ? 'pointer-events-none opacity-50' : ''}`,
        )}
      >
        <Icon name="upload" className="h-4 w-4" />
        {progress === null ? 'Add files' : `Sending… ${progress}%`}
        <input
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={busy || progress !== null}
          className="sr-only"
          onChange={(e) => {
            void send(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      )}
      {failures.length > 0 && (
        <div className="mt-2 space-y-2">
          {failures.map((message) => (
            <FormError key={message}>{message}</FormError>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * What the customer may still do: change options, add files or cancel until staff start printing;
 * delete the files at once when the job is printed or cancelled. A refusal is the server's words.
 */
export function JobActions({
  job,
  token,
  onChanged,
  onRefetch,
}: {
  job: TPublicJob;
  token: string;
  onChanged: (job: TPublicJob) => void;
  onRefetch: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const changeable = canChangeJob(job.status);
  const deletable = canDeleteFilesNow(job.status) && (job.status === 'printed' || job.status === 'cancelled');
  if (!changeable && !deletable) return null;

  const run = async (action: () => Promise<TPublicJob>) => {
    setPending(true);
    setFailure(null);
    try {
      onChanged(await action());
    } catch (err) {
      setFailure(serverMessageOr(err, 'That did not work. Check your connection and try again.'));
    } finally {
      setPending(false);
      setAsking(null);
    }
  };

  if (changeable && editing) {
    return (
      <Suspense
        fallback={
          <div className="flex justify-center py-6">
            <Spinner label="Loading options" />
          </div>
        }
      >
        <OptionsEditor
          job={job}
          token={token}
          onSaved={(answer) => {
            setEditing(false);
            onChanged(answer);
          }}
          onClose={() => setEditing(false)}
        />
      </Suspense>
    );
  }

  return (
    <section aria-label="Change your job" className="space-y-3">
      {changeable && (
        <div className="grid gap-2 sm:grid-cols-3">
          <Button variant="secondary" onClick={() => setEditing(true)} disabled={pending}>
            Change options
          </Button>
          <AddFiles
            token={token}
            busy={pending}
            onAdded={(count) => {
              setAdded(`${plural(count, 'file', 'files')} added.`);
              onRefetch();
            }}
          />
          <Button variant="dangerText" onClick={() => setAsking('cancel')} disabled={pending}>
            Cancel job
          </Button>
        </div>
      )}
      {deletable && (
        <Button variant="secondary" className="w-full" onClick={() => setAsking('delete')} disabled={pending}>
          <Icon name="recycle" className="h-4 w-4" />
          Delete my files now
        </Button>
      )}
      {added && (
        <p role="status" className="text-sm text-emerald-700">
          {added}
        </p>
      )}
      {failure && <FormError>{failure}</FormError>}
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel this job?"
        keepLabel="Keep my job"
        confirmLabel="Cancel job"
        pending={pending}
        onKeep={() => setAsking(null)}
        onConfirm={() => void run(() => cancelJob(token))}
      >
        The shop will not print it. Your files will be deleted, and you can delete them at once if you like.
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete your files now?"
        keepLabel="Keep them for now"
        confirmLabel="Delete my files"
        pending={pending}
        onKeep={() => setAsking(null)}
        onConfirm={() => void run(() => deleteJobFiles(token))}
      >
        {DELETE_NOW_WORDS}
      </ConfirmDialog>
    </section>
  );
}
