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

const fetchOwnerFeedback = () => list<TFeedbackEntry>('/owner/feedback');
const fetchContactMessages = () => list<TContactMessage>('/owner/contact-messages');
const fetchCheckoutRequests = () => list<TCheckoutEntry>('/owner/checkout-requests');

export function useOwnerOverview() {
  return useQuery({
    queryKey: ownerKeys.overview,
    queryFn: () => apiGet<TOwnerOverview>('/owner/overview'),
  });
}

// The three lists of the owner's inbox.
export const useOwnerFeedback = () => useQuery({ queryKey: ownerKeys.feedback, queryFn: fetchOwnerFeedback });
export const useContactMessages = () => useQuery({ queryKey: ownerKeys.contactMessages, queryFn: fetchContactMessages });
export const useCheckoutRequests = () => useQuery({ queryKey: ownerKeys.checkoutRequests, queryFn: fetchCheckoutRequests });
