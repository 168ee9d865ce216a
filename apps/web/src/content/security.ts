import {
  ENCRYPTION_AT_REST,
  RETENTION_AFTER_PRINT,
  RETENTION_AFTER_PRINT_SHORT,
  RETENTION_UNPRINTED,
  RETENTION_UNPRINTED_SHORT,
  SIGNED_LINK_LIFETIME,
  SIGNED_LINK_LIFETIME_SHORT,
} from './facts';
import type { CardItem } from './site';

/**
 * Issue 16: every sentence here describes something the server does (the figures come from facts.ts,
 * which reads the constants the server enforces). No certification, uptime or breach figure is claimed.
 */
export const SECURITY_PAGE = {
  eyebrow: 'Security',
  title: 'Your customers’ files, handled like they matter',
  lead: 'ID cards, bank statements, marksheets: print shops see sensitive documents every day. Counterprint is built so they are encrypted while they wait and gone soon after they are printed.',
  featuresTitle: 'What Counterprint does with every file',
  statsTitle: 'The limits we enforce',
  certsTitle: 'Certifications',
  certsText:
    'Counterprint is not certified under any security or compliance standard. This page lists only what the product does today, and we will tell you plainly if that changes.',
  report: { to: '/public/contact', label: 'Ask a security question' },
  privacy: { to: '/public/privacy', label: 'Read our privacy policy' },
  ctaTitle: 'Need more detail for your records?',
  ctaText: 'Write to us and we will answer your questions about how files are stored, kept and deleted.',
};

export const SECURITY_FEATURES: CardItem[] = [
  {
    icon: 'lock',
    title: 'Encrypted in transit and at rest',
    text: `Files travel over HTTPS and are stored encrypted with ${ENCRYPTION_AT_REST}, each file under its own key. A file altered in storage fails its check and is never served.`,
  },
  {
    icon: 'recycle',
    title: 'Deleted after printing',
    text: `A printed file is deleted for good ${RETENTION_AFTER_PRINT} after it is marked printed. Files of a job nobody prints leave the queue after ${RETENTION_UNPRINTED}, counted from when they were sent (or from the shop’s next opening, when it was closed), and are deleted the same way.`,
  },
  {
    icon: 'cloud',
    title: 'Links that expire',
    text: `Files live in private storage on the server. Staff open them through signed links that cannot be guessed and stop working after ${SIGNED_LINK_LIFETIME}, or as soon as the file is deleted. A file staff download is a copy on the counter PC that Counterprint cannot delete, and the customer’s deletion receipt says that staff took a copy.`,
  },
  {
    icon: 'activity',
    title: 'A record of every job',
    text: 'Every job records when it was uploaded, printed, cancelled and deleted, so a shop always knows what happened to a file.',
  },
  {
    icon: 'shieldCheck',
    title: 'What our logs keep',
    text: 'For each request the server logs the method, the address with secret parts such as file links removed, the status and how long it took. It never logs what was sent: no files, no form contents, no passwords.',
  },
];

/** The figures are the product's own constants, not marketing numbers. */
export const SECURITY_STATS = [
  { value: RETENTION_AFTER_PRINT_SHORT, label: 'File retention after printing' },
  { value: RETENTION_UNPRINTED_SHORT, label: 'Until an unprinted job is cleared' },
  { value: SIGNED_LINK_LIFETIME_SHORT, label: 'Lifetime of a staff file link' },
  { value: '256-bit', label: `${ENCRYPTION_AT_REST}, one key per file` },
];
