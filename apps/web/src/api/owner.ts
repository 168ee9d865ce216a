import type { TCheckoutEntry, TContactMessage, TFeedbackEntry, TOwnerOverview } from '@counterprint/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

export const ownerKeys = {
  overview: ['owner', 'overview'] as const,
  feedback: ['owner', 'feedback'] as const,
  contactMessages: ['owner', 'contact-messages'] as const,
  checkoutRequests: ['owner', 'checkout-requests'] as const,
};

/** Each list is an array, newest first; anything else is a failed call, not an empty inbox. */
async function list<T>(path: string): Promise<T[]> {
  const answer = await apiGet<unknown>(path);
  if (!Array.isArray(answer)) throw new Error(`Unexpected answer from ${path}`);
  return answer as T[];
}

export const fetchOwnerFeedback = () => list<TFeedbackEntry>('/owner/feedback');
export const fetchContactMessages = () => list<TContactMessage>('/owner/contact-messages');
export const fetchCheckoutRequests = () => list<TCheckoutEntry>('/owner/checkout-requests');

export function useOwnerOverview() {
  return useQuery({
    queryKey: ownerKeys.overview,
    queryFn: () => apiGet<TOwnerOverview>('/owner/overview'),
  });
}
