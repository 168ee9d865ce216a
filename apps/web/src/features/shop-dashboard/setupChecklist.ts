import { PUBLIC_ADDRESS_MESSAGES, type TShopSetup } from '@counterprint/contract';

/** Steps the owner ticks off by hand: nothing on the server can tell the hours are right or the poster is up. */
export type OwnerTick = 'hours' | 'poster' | 'browserPrinting';
export type SetupStep = { id: string; title: string; text: string; to?: string; done: boolean; tick?: OwnerTick };

const TICKS_KEY = (shopId: string) => `counterprint.setup.${shopId}`;

export function readTicks(shopId: string): Set<OwnerTick> {
  try {
    const saved = JSON.parse(localStorage.getItem(TICKS_KEY(shopId)) ?? '[]');
    return new Set(Array.isArray(saved) ? (saved as OwnerTick[]) : []);
  } catch {
    return new Set();
  }
}

export function saveTick(shopId: string, tick: OwnerTick): Set<OwnerTick> {
  const ticks = readTicks(shopId).add(tick);
  localStorage.setItem(TICKS_KEY(shopId), JSON.stringify([...ticks]));
  return ticks;
}

/** The checklist, in the order a new shop does it (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md). */
export function setupSteps(setup: TShopSetup, ticks: Set<OwnerTick>): SetupStep[] {
  const { publicAddress } = setup;
  return [
    {
      id: 'rate-card',
      title: 'Confirm your prices',
      text: 'Until you do, customers see “price at the counter” and jobs carry no total.',
      to: '/settings',
      done: setup.rateCardConfirmed,
    },
    { id: 'upi', title: 'Add your UPI ID', text: 'Customers then pay you from their status page.', to: '/settings', done: setup.upiId },
    {
      id: 'hours',
      title: 'Check your opening hours',
      text: 'Customers see whether you are open, and when files are deleted.',
      to: '/settings',
      done: ticks.has('hours'),
      tick: 'hours',
    },
    {
      id: 'printer',
      title: 'Connect a printer',
      text: 'Pair the print agent on the counter PC to send jobs to a printer in one click, or print from the browser.',
      to: '/settings',
      done: setup.printerChosen || ticks.has('browserPrinting'),
      tick: 'browserPrinting',
    },
    {
      id: 'address',
      title: 'Make links reach phones',
      text: publicAddress.reachableFromPhone
        ? PUBLIC_ADDRESS_MESSAGES.lan(publicAddress.url)
        : PUBLIC_ADDRESS_MESSAGES.unreachable(publicAddress.url),
      done: publicAddress.reachableFromPhone,
    },
    {
      id: 'poster',
      title: 'Put up your QR poster',
      text: 'Download it from the QR code card, print it and put it where customers queue.',
      done: ticks.has('poster'),
      tick: 'poster',
    },
  ];
}

export const TICK_LABEL: Record<OwnerTick, string> = {
  hours: 'They are right',
  poster: 'It is up',
  browserPrinting: 'I print from the browser',
};
