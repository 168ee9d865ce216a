import { CONTACT_TIMEOUT_MS, type TCheckoutRequest, type TContactRequest } from '@counterprint/contract';
import { apiPost } from './client';

/** POST /api/contact: public, 10 s timeout (docs/product/rules.md#constants); 201 {ok:true} on success. */
export async function sendContactMessage(body: TContactRequest): Promise<void> {
  await apiPost<{ ok: true }>('/contact', body, { public: true, timeoutMs: CONTACT_TIMEOUT_MS });
}

export interface CheckoutCreated {
  id: string;
  message: string;
}

/** POST /api/checkout/requests: a signed-in user asks for Premium; the team arranges payment. */
export function requestUpgrade(body: TCheckoutRequest): Promise<CheckoutCreated> {
  return apiPost<CheckoutCreated>('/checkout/requests', body);
}
