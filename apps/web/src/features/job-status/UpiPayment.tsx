import { rupeesToPaise, type TPublicJob, upiNote, upiPayLink } from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { claimJobPaid, upiQrUrl } from '../../api/publicJobs';
import { Button, buttonClass } from '../../components/Button';
import { FormError } from '../../components/FormMessage';
import { Icon } from '../../components/Icon';
import { formatRupees } from '../../lib/format';

/** A thumb on a touch screen, or a narrow one: there the UPI app opens from a link; elsewhere a phone scans the QR. */
const PHONE_QUERY = '(pointer: coarse), (max-width: 640px)';

function useOnPhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return phone;
}

const METHOD_WORDS = { upi: 'UPI', cash: 'cash', card: 'card' } as const;

/**
 * UPI is offered only for a price that is whole (no line left to the counter), to a shop with a UPI
 * ID, for a job still alive and not yet paid: anything less would ask the customer to pay a wrong amount.
 */
export function upiPayable(job: TPublicJob): boolean {
  return (
    job.payment.upi !== null &&
    job.estimate.complete &&
    job.estimate.total > 0 &&
    job.status !== 'deleted' &&
    job.status !== 'cancelled' &&
    job.payment.recordedMethod === null
  );
}

export function UpiPayment({ job, token, onChanged }: { job: TPublicJob; token: string; onChanged: (job: TPublicJob) => void }) {
  const phone = useOnPhone();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { payment } = job;

  if (payment.recordedMethod) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
      >
        <Icon name="check" className="h-4 w-4" />
        Paid by {METHOD_WORDS[payment.recordedMethod]} — recorded by the shop
      </p>
    );
  }
  if (!upiPayable(job) || !payment.upi) return null;

  const amount = formatRupees(job.estimate.total, 'always');
  const claimed = payment.claimedAt !== null;

  const link = upiPayLink({
    vpa: payment.upi.vpa,
    payee: payment.upi.payee,
    amountPaise: rupeesToPaise(job.estimate.total),
    reference: payment.reference,
    note: upiNote(job.number, job.shopName),
  });
  const claim = async () => {
    setPending(true);
    setFailure(null);
    try {
      onChanged(await claimJobPaid(token));
    } catch (err) {
      setFailure(serverMessageOr(err, 'Could not tell the shop. Check your connection and try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="pay-title" className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
      <h2 id="pay-title" className="text-base font-semibold text-slate-900">
        Pay {amount} to {payment.upi.payee}
      </h2>
      {phone ? (
        <a href={link} className={buttonClass('primary', 'mt-3 w-full py-3 text-base')}>
          Pay {amount} by UPI
        </a>
      ) : (
        <figure className="mt-3">
          <img src={upiQrUrl(token)} alt={`UPI QR code to pay ${amount}`} width={200} height={200} className="mx-auto h-50 w-50" />
          <figcaption className="mt-2 text-sm text-slate-600">Scan with any UPI app</figcaption>
        </figure>
      )}
      <p className="mt-2 text-xs text-slate-500">Paid to the shop's own UPI ID, {payment.upi.vpa}.</p>
      {claimed ? (
        // The pay link stays: a refused or failed UPI payment is paid again here until staff record it.
        <p role="status" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
          You told the shop you've paid. Staff will confirm at the counter. If the payment did not go through, pay again above.
        </p>
      ) : (
        <Button variant="secondary" className="mt-4 w-full" loading={pending} onClick={claim}>
          I've paid
        </Button>
      )}
      {failure && (
        <div className="mt-3 text-left">
          <FormError>{failure}</FormError>
        </div>
      )}
    </section>
  );
}
