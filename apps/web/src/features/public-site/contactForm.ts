import { EMAIL_PATTERN } from '@counterprint/contract';
import { CONTACT_TEXT } from '../../content/contact';

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  subject: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', company: '', phone: '', subject: '', message: '' };

/** docs/product/screens.md#contact-page: name, email (present and address-like), subject and message; company and phone optional. */
export function contactErrors(v: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!v.name.trim()) errors.name = CONTACT_TEXT.nameRequired;
  if (!v.email.trim()) errors.email = CONTACT_TEXT.emailRequired;
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = CONTACT_TEXT.emailInvalid;
  if (!v.subject.trim()) errors.subject = CONTACT_TEXT.subjectRequired;
  if (!v.message.trim()) errors.message = CONTACT_TEXT.messageRequired;
  return errors;
}

/** The body the server expects: trimmed, with empty optional fields left out. */
export function contactBody(v: ContactValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    company: v.company.trim() || undefined,
    phone: v.phone.trim() || undefined,
    subject: v.subject.trim(),
    message: v.message.trim(),
  };
}
