import type { TCustomer, TCustomerInput } from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCustomer, customerKeys, deleteCustomer, fetchCustomer, fetchCustomers, updateCustomer } from '../../api/customers';
import { useToastSlot } from '../../components/Toast';
import { upsertCustomer } from './customerList';

/** docs/product/screens.md#customers: a final status (Saved, Delete failed…) clears after about 1.4 s. */
export const STATUS_CLEAR_MS = 1400;

export const useStatusMessage = () => useToastSlot(STATUS_CLEAR_MS);

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
