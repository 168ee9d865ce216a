import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
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
  // 600 on its 50 was 4.36:1 (red) and 3.46:1 (emerald); WCAG AA text needs 4.5:1.
  danger: 'bg-red-50 text-red-700',
  success: 'bg-emerald-50 text-emerald-700',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * Where focus starts: the first field, so the person can type at once (Amount in Mark as Printed);
 * else the last action that is not destructive, so Enter never deletes or cancels anything.
 */
function firstFocus(panel: HTMLElement): HTMLElement {
  const field = panel.querySelector<HTMLElement>(`[data-modal-body] :is(${FIELD})`);
  if (field) return field;
  const safe = [...panel.querySelectorAll<HTMLElement>('[data-modal-actions] button:not([disabled])')].filter(
    (b) => b.dataset.variant !== 'danger',
  );
  return safe[safe.length - 1] ?? panel;
}

/** Tab and Shift+Tab wrap inside the dialog (WAI-ARIA dialog pattern); the page behind stays out of reach. */
function trapTab(e: KeyboardEvent, panel: HTMLElement) {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0);
  if (items.length === 0) {
    e.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && panel.contains(active);
  if (e.shiftKey && (active === first || !inside || active === panel)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}

function useDialogKeys(open: boolean, panel: RefObject<HTMLDivElement | null>, onClose: (() => void) | undefined) {
  // Held in a ref: callers pass a new arrow each render, and re-running the effect would move focus.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open || !panel.current) return;
    const node = panel.current;
    const before = document.activeElement as HTMLElement | null;
    firstFocus(node).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && close.current) {
        e.stopPropagation();
        close.current();
      } else if (e.key === 'Tab') trapTab(e, node);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open, panel]);
}

export function Modal({ open, title, children, actions, onClose, role = 'dialog', tone = 'neutral' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useDialogKeys(open, panel, onClose);

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
        <div data-modal-body className="text-sm text-slate-600">
          {children}
        </div>
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
