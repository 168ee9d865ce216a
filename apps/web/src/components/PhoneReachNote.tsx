import { PUBLIC_ADDRESS_MESSAGES, type TPublicAddress } from '@counterprint/contract';

/**
 * Says where links and QR codes point: a warning when a customer's phone could not open them (localhost),
 * a quiet note when they use this computer's LAN address, nothing for a PUBLIC_BASE_URL a phone can reach.
 */
export function PhoneReachNote({ address, className = '' }: { address: TPublicAddress | undefined; className?: string }) {
  if (!address || (address.source === 'configured' && address.reachableFromPhone)) return null;
  if (!address.reachableFromPhone) {
    return (
      <p role="status" className={`rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 ${className}`}>
        {PUBLIC_ADDRESS_MESSAGES.unreachable(address.url)}
      </p>
    );
  }
  return <p className={`text-xs text-slate-600 ${className}`}>{PUBLIC_ADDRESS_MESSAGES.lan(address.url)}</p>;
}
