import type { IconName } from '../components/Icon';
import { MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT, TRIAL_LONG } from './facts';

export const HOME_HERO = {
  eyebrow: 'For print & xerox shops',
  title: 'From your customer’s phone to your printer in seconds',
  lead: 'Customers scan the QR code at your counter and upload their files. No app, no account, no pen drives. You print from a live queue, and the files delete themselves after printing.',
  emailLabel: 'Your email address',
  emailPlaceholder: 'you@yourshop.in',
  submit: 'Start free trial',
  note: `Free for ${TRIAL_LONG} · No credit card · No app for your customers`,
  secondary: { to: '/public/how', label: 'See how it works' },
};

export const HOME_STEPS: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Show your QR code',
    text: 'Create your shop and print its QR code. Stick it on the counter, the wall or the window.',
    icon: 'qr',
  },
  {
    title: 'Customers scan and upload',
    text: `They open your upload page in the phone’s browser and send up to ${MAX_FILES} files of ${MAX_FILE_SIZE} each.`,
    icon: 'smartphone',
  },
  {
    title: 'Print, and it is gone',
    text: `Jobs appear live in your queue. Print, mark it done, and the files are deleted within ${RETENTION_AFTER_PRINT}.`,
    icon: 'print',
  },
];

export const HOME_PROBLEMS: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Files on your personal WhatsApp',
    text: 'Strangers get your number, your phone fills with other people’s documents, and you forward files one by one.',
    icon: 'chat',
  },
  {
    title: 'Pen drives and viruses',
    text: 'Every USB stick is a risk to the shop computer, and half of them hold the wrong version of the file.',
    icon: 'usb',
  },
  {
    title: 'Private documents left behind',
    text: 'ID cards, bank statements and marksheets pile up in the Downloads folder long after the customer has left.',
    icon: 'eye',
  },
];

export const HOME_SOLUTIONS: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'One QR code for every customer',
    text: 'Your shop’s own upload page. Your number stays private and nobody needs to install anything.',
    icon: 'qr',
  },
  {
    title: 'A live, numbered queue',
    text: 'Each upload arrives with a job number, the customer’s name and phone, and a page count.',
    icon: 'layers',
  },
  {
    title: 'Deleted after printing',
    text: `Printed files are removed from Counterprint for good within ${RETENTION_AFTER_PRINT}. Staff print from the browser, so nothing needs to be saved on the counter PC.`,
    icon: 'recycle',
  },
];

/** Traditional vs Counterprint: rows of [topic, the old way, with Counterprint]. */
export const HOME_COMPARISON = {
  title: 'The old way vs Counterprint',
  columns: ['', 'WhatsApp, email & pen drives', 'Counterprint'] as const,
  rows: [
    ['Getting the file', 'Customer messages your personal number', 'Customer scans the QR code at the counter'],
    ['What the customer needs', 'An app, your number or a USB stick', 'Just a phone browser'],
    ['Finding the right job', 'Scroll through chats and downloads', 'Numbered jobs in a live queue'],
    ['Shop computer', 'Exposed to infected pen drives', 'Nothing is plugged in'],
    ['Customer privacy', 'Files stay on phones and PCs for months', `Deleted within ${RETENTION_AFTER_PRINT} of printing`],
    ['Setup', 'Nothing to set up, nothing under control', 'Sign up, name your shop, print its QR code'],
  ] as const,
};

export const HOME_SECTIONS = {
  how: { eyebrow: 'How it works', title: 'Three steps, no training', lead: 'Your customers already know how to scan a QR code.' },
  problem: { eyebrow: 'The problem', title: 'Taking files at the counter is a mess' },
  solution: { eyebrow: 'The fix', title: 'Counterprint turns it into a queue' },
  proof: {
    eyebrow: 'See for yourself',
    title: 'No testimonials yet, and none made up',
    lead: 'Counterprint is new, so instead of quotes here is what you can check before you sign up.',
  },
  faq: { eyebrow: 'FAQ', title: 'Questions, answered', more: { to: '/public/help', label: 'Visit the help centre' } },
  cta: {
    title: 'Ready to clear the queue at your counter?',
    text: 'Start the free trial today. Your QR code is ready in minutes.',
    primary: { to: '/signup', label: 'Create your shop' },
    secondary: { to: '/login', label: 'I already have an account' },
  },
};
