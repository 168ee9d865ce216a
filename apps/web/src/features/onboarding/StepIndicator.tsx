import { Icon } from '../../components/Icon';

export const STEP_TITLES = ['Shop Info', 'Branding', 'Business Details', 'Prices', 'Review'] as const;

/** Where the owner is in the five steps (docs/product/screens.md#shop-onboarding); the names hide on phones, the numbers stay. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Shop setup steps" className="mb-6 flex items-center gap-2">
      {STEP_TITLES.map((title, i) => {
        const done = i < step;
        const current = i === step;
        return (
          <li key={title} aria-current={current ? 'step' : undefined} className="flex flex-1 items-center gap-2 last:flex-none">
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                done ? 'bg-emerald-100 text-emerald-700' : current ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-500'
              }`}
            >
              {done ? <Icon name="check" className="h-3.5 w-3.5" /> : i + 1}
              <span className="sr-only">{done ? ` ${title}, done` : ` ${title}`}</span>
            </span>
            <span className={`hidden text-xs font-medium lg:inline ${current ? 'text-slate-900' : 'text-slate-500'}`}>{title}</span>
            {i < STEP_TITLES.length - 1 && (
              <span aria-hidden="true" className={`h-px flex-1 ${done ? 'bg-emerald-300' : 'bg-slate-200'}`} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
