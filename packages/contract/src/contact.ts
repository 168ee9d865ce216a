import { z } from 'zod';
import { EMAIL_PATTERN } from './common.js';
import { optionalText } from './text.js';

/** docs/product/screens.md#contact-page, verbatim. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  success: "Thank you! Your message has been sent successfully. We'll get back to you within 24 hours.",
  failure: (email: string) => `Sorry, there was an error sending your message. Please try again or contact us directly at ${email}`,
} as const;
export const CONTACT_LIMITS = { name: 100, email: 254, company: 100, phone: 20, subject: 200, message: 5000 } as const;
/** docs/product/rules.md#constants: the contact form's client timeout. */
export const CONTACT_TIMEOUT_MS = 10_000;

const required = (message: string, max: number, field: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${field} must be at most ${max} characters`);

/** POST /api/contact: the checks run in the form's order, so the first message is the one the form shows first. */
export const ZContactRequest = z.object({
  name: required(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, 'Name'),
  email: required(CONTACT_MESSAGES.emailRequired, CONTACT_LIMITS.email, 'Email')
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid)
    .toLowerCase(),
  company: optionalText('Company', CONTACT_LIMITS.company),
  phone: optionalText('Phone', CONTACT_LIMITS.phone),
  subject: required(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject, 'Subject'),
  message: required(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message, 'Message'),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  mailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
