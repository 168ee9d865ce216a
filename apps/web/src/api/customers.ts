import type { TCustomer, TCustomerDetail, TCustomerInput } from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Saving a new customer puts it first; saving an existing one replaces it where it stood (docs/product/screens.md#customers). */
function upsertCustomer(list: TCustomer[], saved: TCustomer): TCustomer[] {
  return list.some((c) => c.id === saved.id) ? list.map((c) => (c.id === saved.id ? saved : c)) : [saved, ...list];
}

export function useCustomerList(shopId: string) {
  return useQuery({ queryKey: customerKeys.list(shopId), queryFn: () => fetchCustomers(shopId) });
}

export function useCustomerDetail(id: string | null) {
  return useQuery({ queryKey: customerKeys.detail(id ?? ''), queryFn: () => fetchCustomer(id!), enabled: Boolean(id) });
}

export function useSaveCustomer(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCustomerInput }) =>
      id ? updateCustomer(id, input) : createCustomer(shopId, input),
    onSuccess: (saved) => {
      client.setQueryData<TCustomer[]>(customerKeys.list(shopId), (list) => upsertCustomer(list ?? [], saved));
      void client.invalidateQueries({ queryKey: customerKeys.detail(saved.id) });
    },
  });
}

/**
 * docs/product/screens.md#customers: the card goes at once and comes back if the call fails. The rollback puts back only
 * this customer, at its old place, so another delete running meanwhile is not undone with it.
 */
export function useDeleteCustomer(shopId: string) {
  const client = useQueryClient();
  const key = customerKeys.list(shopId);
  return useMutation({
    mutationFn: (customer: TCustomer) => deleteCustomer(customer.id),
    onMutate: async (customer) => {
      await client.cancelQueries({ queryKey: key });
      const index = client.getQueryData<TCustomer[]>(key)?.findIndex((c) => c.id === customer.id) ?? -1;
      client.setQueryData<TCustomer[]>(key, (list) => (list ?? []).filter((c) => c.id !== customer.id));
      return { index };
    },
    onError: (_error, customer, context) => {
      client.setQueryData<TCustomer[]>(key, (list = []) => {
        if (list.some((c) => c.id === customer.id)) return list;
        const at = context && context.index >= 0 ? Math.min(context.index, list.length) : 0;
        return [...list.slice(0, at), customer, ...list.slice(at)];
      });
    },
    onSuccess: (_data, customer) => client.removeQueries({ queryKey: customerKeys.detail(customer.id) }),
  });
}
