import type { TPublicAddress } from '@counterprint/contract';
import { useState } from 'react';
import { Button } from './Button';
import { PhoneReachNote } from './PhoneReachNote';

/**
 * The shop's page as a customer's phone reaches it: the server's public address (docs/deploy.md#the-address-phones-use),
 * not this browser's origin, which is often `localhost` on the counter PC; with Copy, and a word on where it points.
 * Without the address (it could not be read) the link falls back to this browser's origin.
 */
export function ShopLink({ slug, address, className = '' }: { slug: string; address: TPublicAddress | undefined; className?: string }) {
  const link = `${address?.url ?? window.location.origin}/public/${slug}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (http, old browser): the link stays selectable on screen.
    }
  };
  return (
    <div className={className}>
      <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 text-left">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="public-link"
          className="min-w-0 flex-1 truncate px-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          {link}
        </a>
        <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <PhoneReachNote address={address} className="mt-2 text-left" />
    </div>
  );
}
