import type { IconName } from '../components/Icon';
import { MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT } from './facts';
import type { SiteLink } from './site';

export const SETUP_PAGE = {
  eyebrow: 'Setup guide',
  title: 'Take your first job in four steps',
  lead: 'From sign-up to your first printed file. All you need is a computer at the counter and a printer.',
  tipTitle: 'Tip',
  cta: {
    title: 'Ready when you are',
    text: 'Create your account now and follow along.',
    primary: { to: '/signup', label: 'Create your account' },
    secondary: { to: '/public/help', label: 'Browse the help centre' },
  },
};

export interface SetupStep {
  icon: IconName;
  title: string;
  text: string;
  items: string[];
  tip?: string;
  link?: SiteLink;
}

export const SETUP_STEPS: SetupStep[] = [
  {
    icon: 'users',
    title: 'Sign up',
    text: 'Create your account with your name, email and a password.',
    items: ['Use an email you check: we send a verification link', 'Pick a password with both letters and numbers'],
    link: { to: '/signup', label: 'Create an account' },
  },
  {
    icon: 'store',
    title: 'Create your shop',
    text: 'Right after sign-up, choose “Yes, create my shop” (or later, “Create your shop” on your dashboard) and fill in the four short steps.',
    items: [
      'Shop info: name, category and address',
      'Branding: tagline and your colour',
      'Business details: GST, PAN and contact phone (optional)',
      'Review and create: your shop gets its own public upload page',
    ],
    tip: 'Add your print rates in Settings so customers see them before they upload.',
  },
  {
    icon: 'qr',
    title: 'Print the QR code',
    text: 'Open your shop dashboard and download the QR code. Print it large and place it where customers wait.',
    items: [
      'At the counter, on the wall and on the door',
      'Add a line like “Scan to send your files”',
      'The code never changes, so print it once',
    ],
    link: { to: '/login', label: 'Sign in to your dashboard' },
  },
  {
    icon: 'print',
    title: 'Take the first job',
    text: 'Keep the Print page open. When a customer uploads, the job appears live with a number they quote at the counter.',
    items: [
      `Customers send up to ${MAX_FILES} files of ${MAX_FILE_SIZE} each`,
      'Open, preview and print, then mark the job printed with the amount',
      `Printed files are deleted ${RETENTION_AFTER_PRINT} later`,
    ],
    tip: 'Try it yourself first: scan your own code with your phone and send a test page.',
  },
];
