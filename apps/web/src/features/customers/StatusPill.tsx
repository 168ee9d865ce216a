const TONE = {
  info: 'border-slate-200 bg-white text-slate-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  error: 'border-red-200 bg-red-50 text-red-800',
} as const;

/** One status line for save and delete (docs/product/screens.md#customers): each message replaces the last. */
export function StatusPill({ status }: { status: { text: string; tone: keyof typeof TONE } | null }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4">
      {status && (
        <p role="status" className={`rounded-lg border px-4 py-2.5 text-sm font-medium shadow-lg ${TONE[status.tone]}`}>
          {status.text}
        </p>
      )}
    </div>
  );
}
