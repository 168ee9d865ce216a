import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from './Spinner';

/** `progress` stays until something replaces it, with a spinner; `warning` is news the person did not ask for. */
export type ToastTone = 'info' | 'success' | 'error' | 'warning' | 'progress';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  /** Set for a slot's message: a slot shows one message at a time, the newest. */
  slot?: string | undefined;
  action?: ToastAction | undefined;
}

/** A button on the toast (Undo): pressing it runs `run` and closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

const TONE: Record<ToastTone, string> = {
  info: 'border-brand-200 bg-white text-slate-800',
  progress: 'border-brand-200 bg-white text-slate-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

export const TOAST_MS = 3_000;
/** Settings and the recycle bin clear their messages sooner (2 to 2.5 s). */
export const SHORT_TOAST_MS = 2_500;

interface ToastActions {
  /** Shows a message; `ms` null keeps it until replaced or dismissed. */
  put(message: string, tone: ToastTone, ms: number | null, slot?: string, action?: ToastAction): void;
  dismiss(slot: string): void;
}

// Two contexts: showing a toast must not re-render every screen that can show one.
const ActionsContext = createContext<ToastActions>({ put: () => {}, dismiss: () => {} });
const ItemsContext = createContext<ToastItem[]>([]);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const slots = useRef(new Map<string, number>());
  // A toast's timer must not outlive the provider: it would set state on a page that is gone.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const drop = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setItems((list) => list.filter((t) => t.id !== id));
  }, []);

  const dismiss = useCallback(
    (slot: string) => {
      const id = slots.current.get(slot);
      slots.current.delete(slot);
      if (id !== undefined) drop(id);
    },
    [drop],
  );

  const put = useCallback<ToastActions['put']>(
    (message, tone, ms, slot, action) => {
      const id = ++next.current;
      if (slot) {
        dismiss(slot);
        slots.current.set(slot, id);
      }
      setItems((list) => [...list, { id, message, tone, slot, action }]);
      if (ms === null) return;
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          if (slot && slots.current.get(slot) === id) slots.current.delete(slot);
          setItems((list) => list.filter((t) => t.id !== id));
        }, ms),
      );
    },
    [dismiss],
  );

  const actions = useMemo(() => ({ put, dismiss }), [put, dismiss]);
  return (
    <ActionsContext.Provider value={actions}>
      <ItemsContext.Provider value={items}>
        {children}
        <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
          {items.map((t) => (
            <div
              key={t.id}
              role="status"
              className={`pointer-events-auto flex items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-medium shadow-lg ${TONE[t.tone]}`}
            >
              {t.tone === 'progress' && <Spinner className="h-4 w-4 text-brand-500" label="Working" />}
              {t.message}
              {t.action && (
                <button
                  type="button"
                  onClick={() => {
                    drop(t.id);
                    t.action!.run();
                  }}
                  className="ml-1 rounded-md px-2 py-0.5 font-semibold underline hover:bg-black/5"
                >
                  {t.action.label}
                </button>
              )}
            </div>
          ))}
        </div>
      </ItemsContext.Provider>
    </ActionsContext.Provider>
  );
}

export type ShowToast = (message: string, tone?: ToastTone, ms?: number, action?: ToastAction) => void;

/** Short confirmations that need no answer ("Saved", "Message sent"); each clears after `ms` (default `defaultMs`). */
export function useToast(defaultMs = TOAST_MS): ShowToast {
  const { put } = useContext(ActionsContext);
  return useCallback<ShowToast>(
    (message, tone = 'info', ms = defaultMs, action) => put(message, tone, tone === 'progress' ? null : ms, undefined, action),
    [put, defaultMs],
  );
}

export interface ToastSlot {
  status: { text: string; tone: ToastTone } | null;
  /** `final` messages clear after the slot's time; by default all but `info` and `progress` are final. */
  show(text: string, tone?: ToastTone, final?: boolean): void;
}

/**
 * One message line for a screen's running work (Saving… → Saved): each message replaces the last, and
 * the line goes when the screen does.
 */
export function useToastSlot(clearMs: number): ToastSlot {
  const { put, dismiss } = useContext(ActionsContext);
  const items = useContext(ItemsContext);
  const slot = useId();
  useEffect(() => () => dismiss(slot), [dismiss, slot]);
  const show = useCallback(
    (text: string, tone: ToastTone = 'info', final = tone !== 'info' && tone !== 'progress') =>
      put(text, tone, final ? clearMs : null, slot),
    [put, clearMs, slot],
  );
  const current = items.find((t) => t.slot === slot);
  const status = useMemo(() => (current ? { text: current.message, tone: current.tone } : null), [current]);
  return { status, show };
}
