import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
  /** Escape and the backdrop call this; leave it out to force a choice. */
  onClose?: () => void;
  /** 'alertdialog' for messages that interrupt (errors, confirmations). */
  role?: 'dialog' | 'alertdialog';
  tone?: 'neutral' | 'danger' | 'success';
}

const TONE: Record<NonNullable<ModalProps['tone']>, string> = {
  neutral: 'bg-brand-50 text-brand-700',
  danger: 'bg-red-50 text-red-600',
  success: 'bg-emerald-50 text-emerald-600',
};

export function Modal({ open, title, children, actions, onClose, role = 'dialog', tone = 'neutral' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    // Focus the last action (usually the confirming one) so Enter answers the dialog.
    const buttons = panel.current?.querySelectorAll<HTMLElement>('[data-modal-actions] button');
    (buttons?.[buttons.length - 1] ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose) onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <button
        type="button"
        aria-label="Close dialog"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-slate-900/50 backdrop-blur-[2px]"
        onClick={onClose}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both take aria-modal */}
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl outline-none"
      >
        <h2 id={titleId} className={`-mx-6 -mt-6 mb-4 rounded-t-2xl px-6 py-4 text-lg font-semibold ${TONE[tone]}`}>
          {title}
        </h2>
        <div className="text-sm text-slate-600">{children}</div>
        {actions && (
          <div data-modal-actions className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {actions}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
