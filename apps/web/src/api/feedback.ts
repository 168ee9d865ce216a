import type { TFeedbackRequest } from '@counterprint/contract';
import { apiPost } from './client';

/** docs/product/routes.md#feedback-contact-and-checkout: one endpoint takes feedback for every coming-soon feature, named in `feature`. */
export function submitFeedback(body: TFeedbackRequest): Promise<unknown> {
  return apiPost('/feature/feedback/analytics', body);
}

/** The screens that ask for feedback, by the names the feedback form sends (docs/product/screens.md#feature-feedback). */
export const FEEDBACK_FEATURES = {
  analytics: 'Materials & Services Analytics',
  customers: 'Customers Management',
  earnings: 'Earnings Dashboard',
} as const;
