import { z } from 'zod';
import { ZEmail, ZPersonName } from './common.js';
import { PHONE_PATTERN } from './shops.js';
import { optionalText } from './text.js';

export const CHECKOUT_PLANS = ['premium'] as const;
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export const CHECKOUT_THANKS = 'Thanks — our team will contact you to arrange payment.';

/** POST /api/checkout/requests: a signed-in user asks for Premium; payment is arranged by the team. */
export const ZCheckoutRequest = z.object({
  plan: z.enum(CHECKOUT_PLANS, { error: 'plan must be premium' }),
  billing: z.enum(BILLING_CYCLES, { error: 'billing must be monthly or annual' }),
  name: ZPersonName,
  email: ZEmail,
  phone: optionalText('phone', 20).refine((v) => v === null || PHONE_PATTERN.test(v), 'phone must be a phone number'),
  message: optionalText('message', 2000),
});
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

export const ZCheckoutCreated = z.object({ id: z.string(), message: z.string() });

export const ZCheckoutEntry = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  plan: z.string(),
  billing: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TCheckoutEntry = z.infer<typeof ZCheckoutEntry>;
