import { MARK_PRINTED_UNDO_MS, type TJob } from '@counterprint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { customerLabel, jobKeys, useCancelJob, useMarkJobPrinted, useMoveJobBack, useStartPrinting } from '../../api/jobs';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { applyLiveMessage } from './liveJobs';
import { MarkPrintedDialog } from './MarkPrintedDialog';

export const MARK_PRINTED_FAILED = 'Failed to mark job as printed.';
const CANCEL_FAILED = 'Failed to cancel the job.';
const MOVE_BACK_FAILED = 'Could not move the job back to the queue.';
const START_PRINTING_FAILED = 'Could not mark the job as printing, so the customer can still change it.';

/** The server's reason (e.g. 'Job is already printed') after the spec's own message. */
function failure(message: string, err: unknown): string {
  return err instanceof ApiError && err.serverMessage ? `${message} ${err.serverMessage}` : message;
}

interface Props {
  job: TJob;
  /** The job as it now is, or null once it has left the list. */
  onDone: (job: TJob | null) => void;
  /** The p key asked for Mark Printed on this job: open its confirmation, then say it is done. */
  askPrinted?: boolean;
  onAsked?: () => void;
  children: (actions: JobActionsApi) => ReactNode;
}

export interface JobActionsApi {
  markPrinted: () => void;
  cancel: () => void;
  /** Says staff are printing the job (once; later calls do nothing), without waiting for the answer. */
  startPrinting: () => void;
  /** The call startPrinting made for this job is still out. */
  startingPrint: boolean;
  /** Undoes Mark Printed: the job and its files back in the queue, its order and paper given back. */
  moveBack: () => void;
  movingBack: boolean;
}

/** Mark Printed and Cancel job, each behind its confirmation, and Start printing; each answer updates the list at once. */
export function JobActions({ job, onDone, askPrinted = false, onAsked, children }: Props) {
  const client = useQueryClient();
  const toast = useToast();
  const [dialog, setDialog] = useState<'printed' | 'cancel' | null>(null);
  const apply = (action: 'updated' | 'deleted', changed: TJob) =>
    client.setQueryData<TJob[]>(jobKeys.list(changed.shopId), (list) => applyLiveMessage(list ?? [], { action, job: changed }));

  const back = useMoveJobBack({
    onSuccess: (queued) => {
      apply('updated', queued);
      toast(`Job #${queued.number} is back in the queue.`, 'success');
    },
    onError: (err) => toast(failure(MOVE_BACK_FAILED, err), 'error'),
  });
  const printed = useMarkJobPrinted(job.id, {
    onSuccess: (updated) => {
      apply('updated', updated);
      setDialog(null);
      // A wrong job marked printed is undone from here for a few seconds, and from the job itself after.
      toast(`Job #${updated.number} marked as printed.`, 'success', MARK_PRINTED_UNDO_MS, {
        label: 'Undo',
        run: () => back.mutate(updated.id),
      });
      onDone(updated);
    },
  });
  // Job ids whose start was sent: a download of each file in turn must not send it once per file.
  const started = useRef(new Set<string>());
  const printing = useStartPrinting({
    onSuccess: (updated) => apply('updated', updated),
    onError: (err, jobId) => {
      started.current.delete(jobId);
      // 409: printed or cancelled meanwhile; the live feed brings the job as it now is.
      if (err instanceof ApiError && err.status === 409) return;
      toast(failure(START_PRINTING_FAILED, err), 'error');
    },
  });
  const markPrinting = () => {
    if (job.status !== 'queued' || job.printingAt || started.current.has(job.id)) return;
    started.current.add(job.id);
    printing.mutate(job.id);
  };
  const cancel = useCancelJob(job.id, {
    onSuccess: (cancelled) => {
      // The live feed removes a cancelled job ('deleted'); the list does the same without waiting for it.
      apply('deleted', cancelled);
      setDialog(null);
      toast(`Job #${cancelled.number} cancelled. Its files are in the recycle bin.`);
      onDone(null);
    },
  });

  useEffect(() => {
    if (!askPrinted) return;
    setDialog('printed');
    onAsked?.();
  }, [askPrinted, onAsked]);

  const close = () => {
    setDialog(null);
    printed.reset();
    cancel.reset();
  };

  return (
    <>
      {children({
        markPrinted: () => setDialog('printed'),
        cancel: () => setDialog('cancel'),
        startPrinting: markPrinting,
        startingPrint: printing.isPending && printing.variables === job.id,
        moveBack: () => back.mutate(job.id),
        movingBack: back.isPending && back.variables === job.id,
      })}
      <MarkPrintedDialog
        job={dialog === 'printed' ? job : null}
        pending={printed.isPending}
        error={printed.isError ? failure(MARK_PRINTED_FAILED, printed.error) : null}
        onConfirm={(body) => printed.mutate(body)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel this job?"
        keepLabel="Keep job"
        confirmLabel="Cancel job"
        onKeep={close}
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
      >
        <p>
          Job #{job.number} from {customerLabel(job)} leaves the queue and its files move to the recycle bin, where they can be restored for
          an hour.
        </p>
        {cancel.isError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 font-medium text-red-700">
            {failure(CANCEL_FAILED, cancel.error)}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
