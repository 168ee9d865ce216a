import { z } from 'zod';

/**
 * The address every link and QR code points at (docs/deploy.md#the-address-phones-use): PUBLIC_BASE_URL when set,
 * else this machine's LAN address, else localhost, which no phone can open.
 */
export const ZPublicAddress = z.object({
  url: z.string(),
  source: z.enum(['configured', 'lan', 'loopback']),
  reachableFromPhone: z.boolean(),
});
export type TPublicAddress = z.infer<typeof ZPublicAddress>;

export const PUBLIC_ADDRESS_MESSAGES = {
  unreachable: (url: string) =>
    `Links and QR codes point at ${url}, which a customer's phone cannot open. Set PUBLIC_BASE_URL to this computer's address on your network or to your domain, then restart Counterprint.`,
  lan: (url: string) =>
    `Links and QR codes point at ${url}, this computer's address on the shop's network: phones on the same Wi-Fi can open them. Set PUBLIC_BASE_URL to use your own domain.`,
} as const;
