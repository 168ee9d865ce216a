import type { TPublicRate } from '@counterprint/contract';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { formatRupees } from '../../lib/format';

type Rate = Pick<TPublicRate, 'serviceName' | 'basePrice' | 'unit'> & Partial<Pick<TPublicRate, 'id' | 'description'>>;

export const UNPRICED_SHOP = 'This shop has not published its prices yet. Every price is set at the counter.';

const UNIT_LABEL: Record<TPublicRate['unit'], string> = {
  per_page: 'per page',
  per_order: 'per order',
  per_hour: 'per hour',
  per_item: 'per item',
  per_sqft: 'per sq ft',
};

/** The default rates (docs/product/rules.md#constants) price a photo "per photo"; an item that is a photo reads better that way. */
export function unitLabel(rate: Pick<Rate, 'serviceName' | 'unit'>): string {
  if (rate.unit === 'per_item' && /photo/i.test(rate.serviceName)) return 'per photo';
  return UNIT_LABEL[rate.unit] ?? rate.unit;
}

/**
 * The shop's rate card. A shop that has not confirmed its prices sends none, and the customer is told every
 * price is set at the counter: no typical prices stand in for the shop's (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md).
 */
export function PrintRatesModal({ open, rates, onClose }: { open: boolean; rates: TPublicRate[]; onClose: () => void }) {
  const unpriced = rates.length === 0;
  const shown: Rate[] = rates;
  return (
    <Modal
      open={open}
      title="Print Rates"
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {unpriced && <p className="text-sm text-slate-700">{UNPRICED_SHOP}</p>}
      <ul className="-mx-1 max-h-[60dvh] divide-y divide-slate-100 overflow-y-auto">
        {shown.map((rate) => (
          <li key={rate.id ?? rate.serviceName} className="flex items-start justify-between gap-4 px-1 py-3">
            <span className="min-w-0">
              <span className="block font-medium text-slate-800">{rate.serviceName}</span>
              {rate.description && <span className="block text-xs text-slate-500">{rate.description}</span>}
            </span>
            <span className="shrink-0 text-right">
              <span className="block font-semibold text-slate-900">{formatRupees(rate.basePrice)}</span>
              <span className="block text-xs text-slate-500">{unitLabel(rate)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
