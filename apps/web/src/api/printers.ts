import type { TPairingCode, TPrinterChoice, TShopPrinters } from '@counterprint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from './client';
import type { MutationUi } from './mutationUi';
import { fetchPublicAddress } from './publicAddress';

/** Print agents and the shop's printers (issue 22): Settings → Printers, and Send to printer on a job. */
export const printerKeys = { shop: (shopId: string) => ['printers', shopId] as const };

const shopPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}`;

export function useShopPrinters(shopId: string, opts: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: printerKeys.shop(shopId),
    queryFn: () => apiGet<TShopPrinters>(`${shopPath(shopId)}/printers`),
    refetchInterval: opts.refetchInterval,
  });
}

export const newPairingCode = (shopId: string) => apiPost<TPairingCode>(`${shopPath(shopId)}/devices/pairing-codes`);
export const choosePrinters = (shopId: string, choice: TPrinterChoice) =>
  apiPut<TShopPrinters>(`${shopPath(shopId)}/printers/choice`, choice);
export const removeAgent = (shopId: string, deviceId: string) =>
  apiDelete<void>(`${shopPath(shopId)}/devices/${encodeURIComponent(deviceId)}`);
export const sendToPrinter = (jobId: string) => apiPost<void>(`/shops/print-jobs/${encodeURIComponent(jobId)}/send-to-printer`);

/** Whether Send to printer can do anything for this shop: some printer is chosen. */
export const hasChosenPrinter = (p: TShopPrinters | undefined) => Boolean(p && (p.choice.bw || p.choice.color));

/** The saved choice is the server's answer: it replaces the cached printers at once. */
export function useChoosePrinters(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: TPrinterChoice) => choosePrinters(shopId, choice),
    onSuccess: (saved) => client.setQueryData(printerKeys.shop(shopId), saved),
  });
}

/** A pairing code and the address the agent is to call, shown together on the pairing card. */
export const usePairingCode = (shopId: string) =>
  useMutation({
    mutationFn: async () => {
      const code = await newPairingCode(shopId);
      return { code, address: await fetchPublicAddress() };
    },
  });

export function useRemoveAgent(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => removeAgent(shopId, deviceId),
    onSuccess: () => void client.invalidateQueries({ queryKey: printerKeys.shop(shopId) }),
  });
}

export const useSendToPrinter = (jobId: string, ui: MutationUi<void> = {}) =>
  useMutation({ ...ui, mutationFn: () => sendToPrinter(jobId) });
