import { ENCRYPTION_AT_REST, MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT_SHORT, RETENTION_UNPRINTED_SHORT } from './facts';
import type { CardItem } from './site';

/**
 * The reviews page shows no testimonial and no rating: Counterprint has none it could show truthfully
 * (docs/decisions/058-public-site-claims-only-what-is-proven.md). It offers what a visitor can check instead.
 */
export const REVIEWS_PAGE = {
  eyebrow: 'Reviews',
  title: 'No reviews yet, and none made up',
  lead: 'Counterprint is new. When shops that use it write to us, we will show their words here with their permission. Until then, here is what you can check for yourself.',
  checksTitle: 'Check it yourself before you sign up',
  cta: {
    title: 'Try it at your own counter',
    text: 'Create a shop, scan its QR code with your phone and send yourself a file.',
    action: { to: '/signup', label: 'Start free trial' },
  },
};

/** Figures the server enforces, read from the contract through facts.ts. */
export const REVIEW_FACTS = [
  { value: RETENTION_AFTER_PRINT_SHORT, label: 'Until a printed file is deleted' },
  { value: RETENTION_UNPRINTED_SHORT, label: 'Until an unprinted job is cleared' },
  { value: `${MAX_FILES}`, label: `Files per upload, up to ${MAX_FILE_SIZE} each` },
  { value: '256-bit', label: `${ENCRYPTION_AT_REST} for every stored file` },
];

export const REVIEW_CHECKS: (CardItem & { to: string; label: string })[] = [
  {
    icon: 'smartphone',
    title: 'Walk through a job',
    text: 'The demo tour shows each screen a customer and your staff see, from the QR code to the deletion receipt.',
    to: '/public/demo',
    label: 'Open the demo tour',
  },
  {
    icon: 'shieldCheck',
    title: 'Read what happens to a file',
    text: 'The security page lists what is encrypted, how long files are kept and what our logs record, and nothing more.',
    to: '/public/security',
    label: 'Read the security page',
  },
  {
    icon: 'chat',
    title: 'Ask us anything',
    text: 'Write to us about your shop. A person reads every message.',
    to: '/public/contact',
    label: 'Contact us',
  },
];
