import { PAYMENT_METHODS, type TJob, type TMarkPrintedRequest } from '@counterprint/contract';
import { useEffect, useId, useState } from 'react';
import { customerLabel, totalSheets } from '../../api/jobs';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { formatRupees } from '../../lib/format';
import { EstimateLines, EstimateTotal } from './EstimateLines';
import { adjustmentOf, parseAmount } from './price';

type Method = (typeof PAYMENT_METHODS)[number] | 'none';
const METHOD_LABEL: Record<Method, string> = { cash: 'Cash', upi: 'UPI', card: 'Card', none: 'None' };
const METHODS: Method[] = [...PAYMENT_METHODS, 'none'];
/** Issue 20: the customer pressed "I've paid" on their status page; only staff's own check makes it a payment. */
export const PAYMENT_CLAIM_NOTE = 'The customer says they paid by UPI: check your UPI app before confirming.';

interface Props {
  job: TJob | null;
  pending: boolean;
  error: string | null;
  onConfirm: (body: NonNullable<TMarkPrintedRequest>) => void;
  onCancel: () => void;
}

/**
 * 'Mark as Printed?' (docs/product/screens.md#live-print-jobs), with the amount and payment that become an order
 * (docs/product/rules.md#orders-and-earnings). The amount starts at the estimate's total; the server records the
 * estimate's lines, and any difference staff make as a discount or surcharge line, which the dialog shows first.
 */
export function MarkPrintedDialog({ job, pending, error, onConfirm, onCancel }: Props) {
  const amountId = useId();
  const [amountText, setAmountText] = useState('');
  // Staff's own choice, else the default: UPI when the customer says they paid by it, cash otherwise.
  const [chosen, setChosen] = useState<Method | null>(null);
  const prefilled = job?.estimate.total;

  // A new job, or its estimate changing while the dialog is open (a live update), resets the suggestion.
  useEffect(() => {
    if (prefilled !== undefined) setAmountText(prefilled.toFixed(2));
  }, [prefilled]);

  const jobId = job?.id;
  useEffect(() => {
    if (jobId) setChosen(null);
  }, [jobId]);

  if (!job) return null;
  const claimed = Boolean(job.paymentClaimedAt);
  const method: Method = chosen ?? (claimed ? 'upi' : 'cash');
  const amount = parseAmount(amountText);
  const invalid = amount === 'invalid';
  const adjustment = typeof amount === 'number' ? adjustmentOf(job.estimate, amount) : null;
  const sheets = totalSheets(job);

  const confirm = () => {
    if (invalid) return;
    const body: NonNullable<TMarkPrintedRequest> = {};
    // An empty amount records no order, only that the job was printed.
    if (amount !== null) body.amount = amount;
    if (method !== 'none') body.paymentMethod = method;
    onConfirm(body);
  };

  return (
    <Modal
      open
      title="Mark as Printed?"
      role="alertdialog"
      tone="success"
      onClose={pending ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={pending} disabled={invalid}>
            Confirm
          </Button>
        </>
      }
    >
      <p>
        Job <strong className="text-slate-900">#{job.number}</strong> from {customerLabel(job)} · {sheets}{' '}
        {sheets === 1 ? 'sheet' : 'sheets'}. Its files move to the recycle bin.
      </p>
      {job.estimate.lines.length > 0 && (
        <div className="mt-3 space-y-1.5 rounded-lg bg-slate-50 px-3 py-2">
          <div className="max-h-40 overflow-y-auto">
            <EstimateLines lines={job.estimate.lines} label="Estimate" />
          </div>
          <EstimateTotal estimate={job.estimate} />
          {!job.estimate.complete && <p className="text-xs text-amber-800">Add what is priced at the counter to the amount.</p>}
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={amountId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Amount (₹)
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">₹</span>
          <input
            id={amountId}
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${amountId}-hint`}
            className={`block w-full rounded-lg border bg-white py-2.5 pr-3 pl-7 text-base text-slate-900 tabular-nums focus:ring-2 focus:outline-none sm:text-sm ${invalid ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'}`}
          />
        </div>
        <p id={`${amountId}-hint`} className={`mt-1.5 text-xs ${invalid ? 'font-medium text-red-600' : 'text-slate-500'}`}>
          {adjustment && (
            <strong data-testid="adjustment" className="font-semibold text-slate-800">
              {adjustment.word} {formatRupees(adjustment.amount, 'always')}.{' '}
            </strong>
          )}
          {invalid ? 'Enter rupees, e.g. 24 or 24.50.' : 'Leave empty to record no sale.'}
        </p>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Payment method</legend>
        <div className="grid grid-cols-4 gap-1.5">
          {METHODS.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={method === m}
              onClick={() => setChosen(m)}
              className={`rounded-lg border px-2 py-2 text-sm font-semibold transition ${method === m ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50'}`}
            >
              {METHOD_LABEL[m]}
            </button>
          ))}
        </div>
        {claimed && (
          <p data-testid="payment-claim-note" className="mt-2 rounded-lg bg-violet-50 px-3 py-2 text-xs font-medium text-violet-900">
            {PAYMENT_CLAIM_NOTE}
          </p>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}
