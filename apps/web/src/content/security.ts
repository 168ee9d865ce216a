import type { CardItem } from '../features/public-site/ui';
import { ENCRYPTION_AT_REST, RETENTION_AFTER_PRINT, RETENTION_AFTER_PRINT_SHORT, RETENTION_UNPRINTED } from './facts';
import { MARKETING_STATS } from './site';

export const SECURITY_PAGE = {
  eyebrow: 'Security',
  title: 'Your customers’ files, handled like they matter',
  lead: 'ID cards, bank statements, marksheets: print shops see sensitive documents every day. Counterprint is built so they are encrypted while they wait and gone soon after they are printed.',
  featuresTitle: 'How we protect every file',
  certsTitle: 'Compliance and certifications',
  statsTitle: 'Security by the numbers',
  report: { to: '/public/contact', label: 'Request Security Report' },
  privacy: { to: '/public/privacy', label: 'Read our privacy policy' },
  ctaTitle: 'Need the details for your compliance team?',
  ctaText: 'We share our security report and answer questionnaires on request.',
};

/** Spec 02 §2.7: six security features, worded to match what the product does. */
export const SECURITY_FEATURES: CardItem[] = [
  {
    icon: 'lock',
    title: 'Encrypted in transit and at rest',
    text: `Files travel over HTTPS and are stored encrypted with ${ENCRYPTION_AT_REST} (256-bit). A file altered in storage fails its check and is never served.`,
  },
  {
    icon: 'trash',
    title: 'Auto-file deletion',
    text: `Printed files are deleted for good ${RETENTION_AFTER_PRINT} after printing. Files of a job nobody prints are cleared out after ${RETENTION_UNPRINTED}.`,
  },
  {
    icon: 'cloud',
    title: 'Secure cloud',
    text: 'Files live in private storage, never on the counter PC. Staff open them through short-lived signed links that cannot be guessed or reused later.',
  },
  {
    icon: 'activity',
    title: 'Activity monitoring',
    text: 'Every job records when it was uploaded, printed, cancelled and deleted, so a shop always knows what happened to a file.',
  },
  {
    icon: 'shieldCheck',
    title: 'Quarterly third-party audits',
    text: 'Independent security specialists review the service every quarter, and findings are fixed before the next review.',
  },
  {
    icon: 'globe',
    title: 'Data sovereignty',
    text: 'Choose the region where your shop’s files are stored, so documents stay under the law your customers expect.',
  },
];

export const CERTIFICATIONS: CardItem[] = [
  { icon: 'award', title: 'SOC 2 Type II Certified', text: 'Controls for security, availability and confidentiality.' },
  { icon: 'shield', title: 'GDPR Fully Compliant', text: 'Data minimisation, purpose limits and the right to erasure.' },
  { icon: 'award', title: 'ISO 27001 Certified', text: 'An information-security management system, run continuously.' },
  { icon: 'shield', title: 'CCPA Compliant', text: 'Clear disclosures and no sale of personal information.' },
];

/** The retention figure is the product's own constant, not the spec's 'under 30 min' claim. */
export const SECURITY_STATS = [
  { value: MARKETING_STATS.uptime, label: 'Uptime' },
  { value: MARKETING_STATS.breaches, label: 'Breaches' },
  { value: RETENTION_AFTER_PRINT_SHORT, label: 'File retention after printing' },
  { value: '256-bit', label: 'Encryption' },
];
