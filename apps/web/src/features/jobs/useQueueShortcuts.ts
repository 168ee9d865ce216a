import { useEffect, useRef } from 'react';

export interface QueueShortcutHandlers {
  next(): void;
  previous(): void;
  open(): void;
  printed(): void;
  print(): void;
  send(): void;
  help(): void;
}

export const QUEUE_SHORTCUTS: { keys: string; does: string }[] = [
  { keys: 'j / k', does: 'Next / previous job' },
  { keys: 'Enter', does: 'Open the job' },
  { keys: 'p', does: 'Mark it printed' },
  { keys: 'b', does: 'Print it from this browser' },
  { keys: 's', does: 'Send it to the printer' },
  { keys: '?', does: 'Show these keys' },
];

/** Typing in a field, working in a dialog, or pressing a focused control keeps its own keys. */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select, [aria-modal="true"]')) return true;
  return key === 'Enter' && Boolean(target.closest('button, a[href], summary, [role="tab"]'));
}

/** j/k, Enter, p, b, s and ? on the queue page; nothing fires with Ctrl, Alt or Meta held. */
export function useQueueShortcuts(handlers: QueueShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
      if (ownsKeys(e.target, e.key) || document.querySelector('[aria-modal="true"]')) return;
      const action = { j: 'next', k: 'previous', Enter: 'open', p: 'printed', b: 'print', s: 'send', '?': 'help' }[e.key] as
        | keyof QueueShortcutHandlers
        | undefined;
      if (!action) return;
      e.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
