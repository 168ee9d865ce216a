import { ANNUAL_BADGE, BILLING_LABEL, BILLINGS, type Billing } from '../content/pricing';

/** Monthly/annual switch; the annual side carries the spec's saving badge. */
export function BillingToggle({ value, onChange, label }: { value: Billing; onChange: (b: Billing) => void; label: string }) {
  return (
    <fieldset className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-xs">
      <legend className="sr-only">{label}</legend>
      {BILLINGS.map((b) => (
        <button
          key={b}
          type="button"
          aria-pressed={value === b}
          onClick={() => onChange(b)}
          className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            value === b ? 'bg-slate-900 text-white shadow' : 'text-slate-700 hover:text-slate-900'
          }`}
        >
          {BILLING_LABEL[b]}
          {b === 'annual' && (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-bold ${value === b ? 'bg-brand-400 text-slate-950' : 'bg-brand-100 text-brand-900'}`}
            >
              {ANNUAL_BADGE}
            </span>
          )}
        </button>
      ))}
    </fieldset>
  );
}
