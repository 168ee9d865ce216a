import type { TRecycleItem } from '@counterprint/contract';
import { useState } from 'react';
import { useRecycleStep } from '../../api/recycle';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ToastTone } from '../../components/Toast';
import { RECYCLE_MESSAGES } from './bin';
import type { RecycleAction } from './RecycleCard';

const STEPS: Record<RecycleAction, { progress: string; done: string }> = {
  save: { progress: RECYCLE_MESSAGES.saving, done: RECYCLE_MESSAGES.saved },
  restore: { progress: RECYCLE_MESSAGES.restoring, done: RECYCLE_MESSAGES.restored },
  delete: { progress: RECYCLE_MESSAGES.deleting, done: RECYCLE_MESSAGES.deleted },
};

const DIALOG: Record<RecycleAction, { title: string; confirm: string; body: (name: string) => string }> = {
  save: {
    title: 'Save this file?',
    confirm: 'Save file',
    body: (name) => `${name} moves to Saved Files and is kept until you delete it.`,
  },
  restore: {
    title: 'Restore this file?',
    confirm: 'Restore file',
    body: (name) => `${name} goes back on its job, and the job returns to the print queue on the dashboard.`,
  },
  delete: {
    title: 'Delete this file permanently?',
    confirm: 'Delete permanently',
    body: (name) => `${name} is deleted for good. This cannot be undone.`,
  },
};

/** Save, Restore and Delete, each confirmed first (docs/product/screens.md#recycle-bin), with the spec's progress words. */
export function useRecycleActions(shopId: string, show: (text: string, tone: ToastTone) => void) {
  const [asking, setAsking] = useState<{ action: RecycleAction; item: TRecycleItem } | null>(null);
  const mutation = useRecycleStep(shopId, {
    onMutate: ({ action }) => show(STEPS[action].progress, 'progress'),
    onSuccess: (_answer, { action }) => show(STEPS[action].done, 'success'),
    onError: () => show(RECYCLE_MESSAGES.failed, 'error'),
  });

  const confirm = () => {
    if (!asking) return;
    mutation.mutate(asking);
    setAsking(null);
  };

  const dialog = asking && DIALOG[asking.action];
  const element = (
    <ConfirmDialog
      open={asking !== null}
      title={dialog?.title ?? ''}
      keepLabel="Cancel"
      confirmLabel={dialog?.confirm ?? ''}
      onKeep={() => setAsking(null)}
      onConfirm={confirm}
      tone={asking?.action === 'delete' ? 'danger' : 'neutral'}
      confirmVariant={asking?.action === 'delete' ? 'danger' : 'primary'}
    >
      <p className="break-words">{asking && dialog?.body(asking.item.name)}</p>
    </ConfirmDialog>
  );

  return {
    ask: (action: RecycleAction, item: TRecycleItem) => setAsking({ action, item }),
    busyId: mutation.isPending ? mutation.variables?.item.id : undefined,
    dialog: element,
  };
}
