import { z } from 'zod';
import { optionalText } from './text.js';

export const FEEDBACK_MESSAGES = {
  success: 'Thanks! Your feedback was submitted.',
  failure: 'Failed to submit feedback. Please try again.',
} as const;
/** The owner's lists show the newest this many. */
export const OWNER_LIST_LIMIT = 200;

/** POST /api/feature/feedback/analytics (docs/product/screens.md#feature-feedback). */
export const ZFeedbackRequest = z.object({
  feature: z
    .string({ error: 'feature is required' })
    .trim()
    .min(1, 'feature is required')
    .max(100, 'feature must be at most 100 characters'),
  wantFeature: z.boolean({ error: 'wantFeature must be true or false' }).default(true),
  message: optionalText('message', 2000),
  shopSlug: optionalText('shopSlug', 80),
  /** the client's clock, kept as sent (ISO text or ms) */
  timestamp: z
    .union([z.string().max(64), z.number()], { error: 'timestamp must be text or a number' })
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
});
export type TFeedbackRequest = z.input<typeof ZFeedbackRequest>;

export const ZFeedbackCreated = z.object({ ok: z.literal(true), id: z.string() });

export const ZFeedbackEntry = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  feature: z.string(),
  wantFeature: z.boolean(),
  message: z.string().nullable(),
  shopSlug: z.string().nullable(),
  timestamp: z.string().nullable(),
  createdAt: z.string(),
});
export type TFeedbackEntry = z.infer<typeof ZFeedbackEntry>;
