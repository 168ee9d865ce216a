import type { TOnboardingResult } from '@counterprint/contract';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ShopLink } from '../../components/ShopLink';

interface OnboardingDoneProps {
  shop: TOnboardingResult;
  signedIn: boolean;
  onContinue: () => void;
}

/** The new shop's public link as a phone reaches it, shown before moving on so the owner can copy or try it at once. */
export function OnboardingDone({ shop, signedIn, onContinue }: OnboardingDoneProps) {
  return (
    <div className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <Icon name="check" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">{shop.shopName} is ready</h2>
      <p className="mt-1 text-sm text-slate-600">Customers upload files to this page. Its QR code is on your dashboard.</p>
      <ShopLink slug={shop.slug} address={shop.address} className="mt-5" />
      <Button className="mt-6 w-full" onClick={onContinue}>
        {signedIn ? 'Go to my shop dashboard' : 'Continue to sign in'}
      </Button>
    </div>
  );
}
