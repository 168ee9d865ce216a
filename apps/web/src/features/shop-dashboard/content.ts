import type { IconName } from '../../components/Icon';

/** docs/product/screens.md#shop-dashboard: four features rotating every 3 s. Each says what this product really does. */
export const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'target',
    title: 'Customers upload by scanning your QR',
    text: 'No app and no account: a walk-in scans the code at your counter and sends PDFs, Word and PowerPoint files, photos or spreadsheets from the phone.',
  },
  {
    icon: 'bolt',
    title: 'Jobs arrive live',
    text: 'The print queue updates by itself, with a beep for every new job. Nobody needs to press refresh.',
  },
  {
    icon: 'recycle',
    title: 'Files tidy themselves away',
    text: 'Printed files move to the recycle bin and are deleted an hour later, so customer documents do not pile up.',
  },
  {
    icon: 'wallet',
    title: 'See what each job earned',
    text: 'Enter the amount and payment method when you mark a job printed, and your earnings add up on their own.',
  },
];

/** docs/product/screens.md#shop-dashboard: four tips rotating every 3 s, with a New Tip button. */
export const TIPS: string[] = [
  'Put the QR code at eye level by the counter, so customers scan it while they wait.',
  'Ask customers to add their phone number: repeat visits then show up as one customer.',
  'Choose a download folder once; every file lands there named with its job number.',
  'Enter the amount when you mark a job printed. It is what your earnings are made of.',
];

export const ROTATE_MS = 3_000;

/** The wallet shows 99.00 (docs/product/screens.md#shop-dashboard): a welcome balance that is not spendable yet. */
export const WELCOME_BALANCE = 99;
