import type { IconName } from '../components/Icon';
import { listFormats, MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT } from './facts';

export const HOW_PAGE = {
  eyebrow: 'How it works',
  title: 'Three steps from phone to paper',
  lead: 'No app for your customers, no pen drives for you. Here is what happens from the moment a customer walks in.',
  detailsTitle: 'What happens behind the scenes',
  ctaTitle: 'See it working at your counter',
  ctaText: 'Start a free trial, or ask us for a walkthrough.',
  primary: { to: '/signup', label: 'Start Free Trial' },
  secondary: { to: '/public/demo', label: 'Watch Demo' },
};

/** docs/product/screens.md#other-pages: generate a QR code; customers scan and upload; print and auto-delete. */
export const HOW_STEPS: { title: string; text: string; icon: IconName; points: string[] }[] = [
  {
    title: 'Generate your unique QR code',
    text: 'Create your shop from the dashboard and download its QR code. It opens your own upload page, with your name, address and print rates.',
    icon: 'qr',
    points: ['One code per shop, ready to print', 'Works with any phone camera', 'Your personal number stays private'],
  },
  {
    title: 'Customers scan and upload',
    text: 'The customer scans, adds their name and phone, picks files and taps upload. They get a job number to quote at the counter.',
    icon: 'smartphone',
    points: [`Up to ${MAX_FILES} files of ${MAX_FILE_SIZE} each`, `${listFormats()}`, 'No app, no account, no login'],
  },
  {
    title: 'Print and auto-delete',
    text: 'The job appears instantly in your live queue. Preview, print, mark it printed with the amount, and move on.',
    icon: 'print',
    points: ['Live queue, no refreshing', 'Page counts for PDFs and documents', `Files deleted ${RETENTION_AFTER_PRINT} after printing`],
  },
];
