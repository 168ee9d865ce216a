import type { TFeedbackRequest } from '@counterprint/contract';
import { apiPost } from './client';

/** docs/product/routes.md#feedback-contact-and-checkout: one endpoint takes feedback for every coming-soon feature, named in `feature`. */
export function submitFeedback(body: TFeedbackRequest): Promise<unknown> {
  return apiPost('/feature/feedback/analytics', body);
}
