import { rateCardFromPrices, type TOnboardingPrices } from '@counterprint/contract';
import type { ReactNode } from 'react';
import { formatRupees } from '../../lib/format';
import { STEP_TITLES } from './StepIndicator';
import { FIELD_LABEL, type OnboardingField, type OnboardingValues, toShopPayload } from './validation';

const GROUPS: { step: number; fields: OnboardingField[] }[] = [
  { step: 0, fields: ['shopName', 'category', 'address'] },
  { step: 1, fields: ['tagline', 'primaryColor'] },
  { step: 2, fields: ['gstNumber', 'pan', 'shopContactNumber', 'whatsapp', 'hours'] },
];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words font-medium text-slate-800">{children}</dd>
    </div>
  );
}

interface ReviewStepProps {
  values: OnboardingValues;
  prices: TOnboardingPrices | null;
  banners: File[];
  email: string | null;
  onEdit: (step: number) => void;
}

/** Everything the server will receive, as it will receive it (trimmed, defaults filled in). */
export function ReviewStep({ values, prices, banners, email, onEdit }: ReviewStepProps) {
  const payload = toShopPayload(values);
  const shown = (field: OnboardingField) => {
    const value = payload[field];
    if (field === 'primaryColor' && value) {
      return (
        <span className="inline-flex items-center gap-2">
          <span className="h-4 w-4 rounded border border-slate-200" style={{ backgroundColor: value }} />
          {value}
        </span>
      );
    }
    return value || <span className="font-normal text-slate-500">Not given</span>;
  };

  return (
    <div className="space-y-4">
      {email && (
        <p className="rounded-lg bg-slate-50 px-3.5 py-2.5 text-sm text-slate-600">
          Owner account: <span className="font-medium text-slate-800">{email}</span>
        </p>
      )}
      {GROUPS.map(({ step, fields }) => (
        <section key={step} className="rounded-xl border border-slate-200 px-4 py-2">
          <div className="flex items-center justify-between py-1.5">
            <h3 className="text-sm font-semibold text-slate-900">{STEP_TITLES[step]}</h3>
            <button type="button" onClick={() => onEdit(step)} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
              Edit<span className="sr-only"> {STEP_TITLES[step]}</span>
            </button>
          </div>
          <dl className="divide-y divide-slate-100">
            {fields.map((field) => (
              <Row key={field} label={FIELD_LABEL[field]}>
                {shown(field)}
              </Row>
            ))}
            {step === 1 && (
              <Row label="Banners">
                {banners.length > 0 ? banners.map((b) => b.name).join(', ') : <span className="font-normal text-slate-500">None</span>}
              </Row>
            )}
          </dl>
        </section>
      ))}
      <PricesReview prices={prices} onEdit={() => onEdit(STEP_TITLES.indexOf('Prices'))} />
    </div>
  );
}

const rupees = (n: number) => formatRupees(n, 'always');

/** The rate card the shop will quote, as rows, or the plain fact that it quotes none yet. */
function PricesReview({ prices, onEdit }: { prices: TOnboardingPrices | null; onEdit: () => void }) {
  return (
    <section className="rounded-xl border border-slate-200 px-4 py-2">
      <div className="flex items-center justify-between py-1.5">
        <h3 className="text-sm font-semibold text-slate-900">Prices</h3>
        <button type="button" onClick={onEdit} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          Edit<span className="sr-only"> Prices</span>
        </button>
      </div>
      <dl className="divide-y divide-slate-100">
        {prices ? (
          rateCardFromPrices(prices).map((row) => (
            <Row key={row.serviceName} label={row.serviceName}>
              {rupees(row.basePrice)} {row.description}
            </Row>
          ))
        ) : (
          <Row label="Customers see">Price at the counter, until you set prices in Settings</Row>
        )}
      </dl>
    </section>
  );
}
