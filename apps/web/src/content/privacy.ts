import { ENCRYPTION_AT_REST, RETENTION_AFTER_PRINT, RETENTION_UNPRINTED, SUPPORT_EMAIL } from './facts';
import type { LegalDocument } from './legal';

/** Plain words about what the service really keeps, for how long, and why. */
export const PRIVACY: LegalDocument = {
  title: 'Privacy policy',
  lead: 'What Counterprint stores, why, for how long, and what you can ask us to do with it.',
  effective: '22 November 2026',
  sections: [
    {
      id: 'who',
      heading: 'Who this covers',
      paragraphs: [
        'Counterprint is used by two kinds of people. Shop staff and owners have accounts and manage a shop. Customers of a shop send files from its public upload page and never create an account.',
        'For files a customer sends to a shop, the shop decides what happens to them and we process them on the shop’s behalf. For shop accounts, we are responsible for the data.',
      ],
    },
    {
      id: 'customers',
      heading: 'What we keep when a customer uploads files',
      paragraphs: ['Customers have no account, no password and no profile with us. An upload stores:'],
      list: [
        'The files themselves, encrypted, until they are deleted as described below.',
        'The name and phone number the customer typed, if any, so the shop can call out the job. The shop sees these in its queue and customer list.',
        'For each file: its original name, type, size and page count, and when it was uploaded, printed, cancelled or deleted.',
        'A count of visits to the shop’s page and whether they came from the QR code. We do not store the visitor’s address or device.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long files are kept',
      paragraphs: [
        `When staff mark a job printed, its files move to the shop’s recycle bin and are deleted for good ${RETENTION_AFTER_PRINT} later. Files of a job that is never printed move to the recycle bin ${RETENTION_UNPRINTED} after they were sent, counted from the shop’s next opening when it was closed, and are then deleted the same way.`,
        'A shop can choose to save a file from its recycle bin; a saved file stays until the shop deletes it. Job records (file names, page counts, amounts) stay in the shop’s history so it can keep its accounts, without the files.',
      ],
    },
    {
      id: 'accounts',
      heading: 'What we keep for shop accounts',
      list: [
        'Your name, email address and a password hash (we never store the password itself).',
        'Your shops’ details: name, address, category, contact numbers, GST and PAN if you enter them, banners, print rates and inventory.',
        'Orders you record when marking jobs printed, and customers your shop saves.',
        'Sign-in sessions, so you stay signed in; they expire and can be ended by logging out.',
      ],
      paragraphs: ['We keep these while your account is open, and delete them when you ask us to close it.'],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      paragraphs: [
        `Everything travels over HTTPS. Files are stored encrypted with ${ENCRYPTION_AT_REST}; a file altered in storage fails its check and is never served. Staff open files through short-lived signed links, and uploaded files are always downloaded, never run in the browser.`,
        'Only staff of the shop a customer chose can see that customer’s files. Our own engineers do not open customer files.',
      ],
    },
    {
      id: 'messages',
      heading: 'Contact messages and upgrade requests',
      paragraphs: [
        'When you write to us through the contact form or ask to upgrade, we keep what you sent (name, email, optional company and phone, and your message) so we can reply and arrange payment. We may email it to our support inbox.',
      ],
    },
    {
      id: 'browser',
      heading: 'What your browser stores',
      paragraphs: [
        'Signed-in staff keep their sign-in tokens and chosen shop in the browser’s local storage. The public pages set no advertising or tracking cookies, and we do not sell or share personal data for advertising.',
      ],
    },
    {
      id: 'rights',
      heading: 'Your choices and rights',
      paragraphs: [
        `You can ask to see, correct or delete the personal data we hold about you. Customers who want a file removed before its automatic deletion can ask the shop, or write to us at ${SUPPORT_EMAIL} and we will pass the request on.`,
        'We will tell you here, with a new date, if this policy changes.',
      ],
    },
  ],
};
