import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The safe choice, first; it and Escape close the dialog. */
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
  /** While the confirmed action runs the dialog stays put: no keeping, no closing. */
  pending?: boolean;
  tone?: 'neutral' | 'danger';
  confirmVariant?: ButtonVariant;
  children: ReactNode;
}

/** Asks before something that cannot simply be taken back: delete, refund, cancel a job. */
export function ConfirmDialog({
  open,
  title,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
  pending,
  tone = 'danger',
  confirmVariant = 'danger',
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      tone={tone}
      onClose={pending ? undefined : onKeep}
      actions={
        <>
          <Button variant="secondary" onClick={onKeep} disabled={pending}>
            {keepLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
