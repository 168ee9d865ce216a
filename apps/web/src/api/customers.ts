import type { TCustomer, TCustomerDetail, TCustomerInput } from '@counterprint/contract';
import { apiDelete, apiGet, apiPost, apiPut } from './client';

export const customerKeys = {
  list: (shopId: string) => ['customers', shopId] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

const shopQuery = (shopId: string) => `shopId=${encodeURIComponent(shopId)}`;

/** Every customer of the shop (the server's cap is well above a counter's list); the screen searches and pages. */
export function fetchCustomers(shopId: string): Promise<TCustomer[]> {
  return apiGet<TCustomer[]>(`/customers?${shopQuery(shopId)}&limit=5000`);
}

/** One customer with their jobs at this shop. */
export function fetchCustomer(id: string): Promise<TCustomerDetail> {
  return apiGet<TCustomerDetail>(`/customers/${encodeURIComponent(id)}`);
}

export function createCustomer(shopId: string, input: TCustomerInput): Promise<TCustomer> {
  return apiPost<TCustomer>(`/customers?${shopQuery(shopId)}`, input);
}

export function updateCustomer(id: string, input: TCustomerInput): Promise<TCustomer> {
  return apiPut<TCustomer>(`/customers/${encodeURIComponent(id)}`, input);
}

export function deleteCustomer(id: string): Promise<unknown> {
  return apiDelete(`/customers/${encodeURIComponent(id)}`);
}
