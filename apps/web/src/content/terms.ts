import { MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT, SUPPORT_EMAIL, TRIAL_LONG } from './facts';
import type { LegalDocument } from './legal';

export const TERMS: LegalDocument = {
  title: 'Terms of service',
  lead: 'The agreement between Counterprint and the shops and people who use it.',
  version: '2.1',
  effective: '22 November 2026',
  sections: [
    {
      id: 'service',
      heading: '1. The service',
      paragraphs: [
        'Counterprint gives print shops a public upload page and QR code, a live print queue and tools to run the counter. Customers of a shop use the upload page without an account. By using Counterprint you accept these terms.',
      ],
    },
    {
      id: 'accounts',
      heading: '2. Accounts',
      paragraphs: [
        'Shop accounts are for people running or working at a shop. Give accurate details, keep your password private and tell us if you think someone else has used your account. You are responsible for what happens under your account and your shops.',
      ],
    },
    {
      id: 'uploads',
      heading: '3. Files customers send',
      paragraphs: [
        `Each upload may hold up to ${MAX_FILES} files of up to ${MAX_FILE_SIZE} each, in the formats the upload page lists. Files are deleted ${RETENTION_AFTER_PRINT} after a job is marked printed, and unprinted files are cleared out automatically, unless the shop saves them. Counterprint is not a place to archive documents.`,
        'Customers must only send files they have the right to print. Shops must only use customers’ files and contact details to serve that customer.',
      ],
    },
    {
      id: 'use',
      heading: '4. Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'upload malware or content that is unlawful to possess or print;',
        'try to reach another shop’s files, queue or data;',
        'overload, probe or work around the service’s limits and security;',
        'resell the service without our written agreement.',
      ],
    },
    {
      id: 'plans',
      heading: '5. Plans, trial and payment',
      paragraphs: [
        `The Spark plan includes a ${TRIAL_LONG} free trial with full functionality and needs no card. After the trial, continued use needs the Premium plan, at the monthly or annual price shown on the pricing page when you upgrade. Our team arranges payment with you.`,
        'You can cancel at any time with no cancellation fee. Your plan stays active until the end of the period you paid for; we do not refund part periods unless the law requires it.',
      ],
    },
    {
      id: 'availability',
      heading: '6. Availability and changes',
      paragraphs: [
        'We work to keep Counterprint available and secure, and we may change or improve it. We will give reasonable notice of changes that take away something you rely on.',
      ],
    },
    {
      id: 'liability',
      heading: '7. Liability',
      paragraphs: [
        'Counterprint is provided as it is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability in any year is limited to what you paid us in that year. Nothing here limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'ending',
      heading: '8. Ending the agreement',
      paragraphs: [
        'You can stop using Counterprint and ask us to close your account at any time. We may suspend accounts that break these terms or put others at risk, and will tell you why unless the law prevents it.',
      ],
    },
    {
      id: 'law',
      heading: '9. Law and contact',
      paragraphs: [
        `These terms are governed by the laws of India, and the courts of Bengaluru have jurisdiction. Questions about these terms: ${SUPPORT_EMAIL}.`,
      ],
    },
  ],
};
