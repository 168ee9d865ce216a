import {
  ENCRYPTION_AT_REST,
  listFormats,
  MAX_FILE_SIZE,
  MAX_FILES,
  RETENTION_AFTER_PRINT,
  RETENTION_UNPRINTED,
  SUPPORT_EMAIL,
  TRIAL_LONG,
} from './facts';

export interface Faq {
  q: string;
  a: string;
}

/** The pricing FAQ (docs/product/screens.md#pricing-page): after the trial, cancellation, volume discounts, payment methods. */
export const PRICING_FAQS: Faq[] = [
  {
    q: 'What happens when my free trial ends?',
    a: `Spark includes every feature for ${TRIAL_LONG}. To keep taking jobs after the trial, move to the Premium plan; it is the same product, billed monthly or yearly.`,
  },
  {
    q: 'Can I cancel anytime?',
    a: 'Yes. Cancel whenever you like with no cancellation fees. Your plan stays active until the end of the period you paid for.',
  },
  {
    q: 'Do you offer discounts for multiple shops?',
    a: 'Yes. Volume discounts are available when you run several shops. Contact our sales team with the number of counters you have.',
  },
  {
    q: 'Which payment methods do you accept?',
    a: 'Major credit cards, debit cards, UPI, net banking and popular wallets. Our team arranges the payment with you when you upgrade.',
  },
];

export const FILE_FAQS: Faq[] = [
  {
    q: 'Which files can customers send?',
    a: `${listFormats()}. Each upload takes up to ${MAX_FILES} files of up to ${MAX_FILE_SIZE} each. Anything else is refused before it reaches your queue.`,
  },
  {
    q: 'Do customers need to save Word or PowerPoint files as PDF first?',
    a: 'No. Word, PowerPoint, Excel, OpenDocument, RTF and text files are converted to PDF when they arrive, so you see a preview and a page count in the queue and print the PDF. The original is always there to download too. A document that is protected by a password or damaged cannot be converted; the customer is told why on their phone.',
  },
  {
    q: 'How long are files kept?',
    a: `When you mark a job printed its files move to the recycle bin and are deleted for good ${RETENTION_AFTER_PRINT} later. Files of a job nobody prints move to the recycle bin ${RETENTION_UNPRINTED} after they were sent, counted from your next opening when the shop was closed. You can keep a file on purpose by saving it from the recycle bin.`,
  },
  {
    q: 'Is it secure?',
    a: `Files travel over HTTPS and are stored encrypted with ${ENCRYPTION_AT_REST}. Staff open them through short-lived signed links and print from the browser, so nothing needs to be saved on the shop computer; a file staff download stays on that computer until they delete it.`,
  },
  {
    q: 'What if a customer sends the wrong file?',
    a: 'They simply upload again from the same QR code. Staff can cancel the wrong job from the queue; its files go to the recycle bin.',
  },
];

export const START_FAQS: Faq[] = [
  {
    q: 'Do my customers need an app or an account?',
    a: 'No. They scan the QR code at your counter, which opens your shop’s upload page in the phone’s browser. No app, no sign-up, no login.',
  },
  {
    q: 'How long does setup take?',
    a: 'Create an account, fill in your shop details, print the QR code and place it at the counter. Then set your rate card and UPI ID in Settings.',
  },
  {
    q: 'Do I need special hardware?',
    a: 'No. Any computer with a browser and your existing printer will do. The print queue updates live, so keep it open at the counter.',
  },
  {
    q: 'Is there a free trial?',
    a: `Yes. The Spark plan gives you ${TRIAL_LONG} with every feature and no credit card.`,
  },
];

export const SUPPORT_FAQS: Faq[] = [
  {
    q: 'How quickly do you reply?',
    a: 'A person reads every message and answers by email.',
  },
  {
    q: 'Can I see a demo first?',
    a: 'Yes. The demo tour on this site shows every screen of a job, and you can send us a message with the subject “Demo” for a walk-through on a call.',
  },
  {
    q: 'Can one account run several shops?',
    a: 'Yes. Each shop gets its own QR code, upload page and queue; switch between them from the top bar.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use “Forgot password?” on the login page. We email you a link to choose a new one.',
  },
  {
    q: 'How do I reach a person?',
    a: `Use the contact form or write to ${SUPPORT_EMAIL}.`,
  },
];

export const HOME_FAQS: Faq[] = [START_FAQS[0]!, FILE_FAQS[0]!, FILE_FAQS[1]!, FILE_FAQS[2]!, START_FAQS[3]!];

export const CONTACT_FAQS: Faq[] = [SUPPORT_FAQS[0]!, START_FAQS[3]!, SUPPORT_FAQS[1]!, SUPPORT_FAQS[2]!];

/** The help centre gathers every FAQ, grouped. */
export const HELP_GROUPS: { id: string; title: string; faqs: Faq[] }[] = [
  { id: 'getting-started', title: 'Getting started', faqs: START_FAQS },
  { id: 'files', title: 'Files, privacy and security', faqs: FILE_FAQS },
  { id: 'billing', title: 'Plans and billing', faqs: PRICING_FAQS },
  { id: 'support', title: 'Account and support', faqs: SUPPORT_FAQS },
];
