import type { TPublicAddress } from '@counterprint/contract';
import { apiGet } from './client';

/**
 * What links and QR codes point at (docs/deploy.md#the-address-phones-use). Read when a screen shows a link
 * (the QR panel, a pairing code); undefined when it cannot be read, and the screen falls back to its own origin.
 */
export const fetchPublicAddress = (): Promise<TPublicAddress | undefined> =>
  apiGet<TPublicAddress>('/public-address').catch(() => undefined);
