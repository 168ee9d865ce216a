import { CONTACT_MESSAGES } from '@counterprint/contract';
import type { IconName } from '../components/Icon';
import { OFFICE_CITY, SUPPORT_EMAIL } from './facts';

export const CONTACT_PAGE = {
  eyebrow: 'Contact',
  title: 'Talk to the Counterprint team',
  lead: 'Questions about setup, pricing or security? Want a demo for your shop? Send us a message.',
  formTitle: 'Send us a message',
  formLead: 'Fields marked * are required.',
  faqTitle: 'Before you write',
};

export const CONTACT_CARDS: { icon: IconName; title: string; value: string; note: string; href?: string }[] = [
  { icon: 'phone', title: 'Call us', value: 'Coming Soon', note: 'Phone support is on its way.' },
  { icon: 'mail', title: 'Email us', value: SUPPORT_EMAIL, note: 'A person reads every message.', href: `mailto:${SUPPORT_EMAIL}` },
  { icon: 'mapPin', title: 'Visit us', value: OFFICE_CITY, note: 'By appointment, Monday to Saturday.' },
];

/** docs/product/screens.md#contact-page, verbatim from the contract the server validates with. */
export const CONTACT_TEXT = {
  ...CONTACT_MESSAGES,
  failureMessage: CONTACT_MESSAGES.failure(SUPPORT_EMAIL),
  submit: 'Send message',
  sending: 'Sending…',
};

export const CONTACT_FIELDS = {
  name: { label: 'Name', required: true, autoComplete: 'name', placeholder: 'Your full name' },
  email: { label: 'Email', required: true, autoComplete: 'email', placeholder: 'you@yourshop.in' },
  company: { label: 'Company', required: false, autoComplete: 'organization', placeholder: 'Shop or company name' },
  phone: { label: 'Phone', required: false, autoComplete: 'tel', placeholder: '+91 98765 43210' },
  subject: { label: 'Subject', required: true, autoComplete: 'off', placeholder: 'How can we help?' },
  message: { label: 'Message', required: true, autoComplete: 'off', placeholder: 'Tell us about your shop and your question' },
} as const;
