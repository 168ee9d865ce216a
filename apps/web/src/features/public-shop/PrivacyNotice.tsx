import type { TPublicShopDetails } from '@counterprint/contract';
import { Icon } from '../../components/Icon';
import { durationText } from '../../lib/format';

/** The upload card's promise, from the retention the server enforces for this shop: what is kept, how long, and the proof. */
export function PrivacyNotice({ shopName, retention }: { shopName: string; retention: TPublicShopDetails['retention'] }) {
  return (
    <p data-testid="privacy-notice" className="flex gap-2 text-xs text-slate-600">
      <Icon name="lock" className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" />
      <span>
        Your files are kept only for {shopName} to print. They are deleted within {durationText(retention.afterPrintSeconds)} after
        printing, or {durationText(retention.unprintedSeconds)} after sending if never printed (counted from opening time if the shop is
        closed), and you get a signed proof of deletion; it keeps only each file's name, size and fingerprint. A phone number, if you give
        one, joins the shop's customer list.
      </span>
    </p>
  );
}
