import type { TOnboardingResult } from '@counterprint/contract';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';

interface OnboardingDoneProps {
  shop: TOnboardingResult;
  signedIn: boolean;
  onContinue: () => void;
}

/** The new shop's public link, shown before moving on so the owner can copy or try it at once. */
export function OnboardingDone({ shop, signedIn, onContinue }: OnboardingDoneProps) {
  const link = `${window.location.origin}/public/${shop.slug}`;
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
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <Icon name="check" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">{shop.shopName} is ready</h2>
      <p className="mt-1 text-sm text-slate-600">Customers upload files to this page. Its QR code is on your dashboard.</p>
      <div className="mt-5 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 text-left">
        <a
          href={`/public/${shop.slug}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="public-link"
          className="min-w-0 flex-1 truncate px-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          {link}
        </a>
        <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Button className="mt-6 w-full" onClick={onContinue}>
        {signedIn ? 'Go to my shop dashboard' : 'Continue to sign in'}
      </Button>
    </div>
  );
}
