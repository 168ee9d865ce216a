import { z } from 'zod';

/**
 * The print agent's downloads this server offers (Settings → Printers). A download exists only once the
 * server's operator has built it; until then `howToBuild` says how (docs/agent-windows.md).
 */
export const ZAgentDownload = z.object({
  available: z.boolean(),
  /** Where the browser downloads it from. */
  url: z.string(),
  fileName: z.string(),
  bytes: z.number().int().nonnegative().nullable(),
  builtAt: z.iso.datetime().nullable(),
  howToBuild: z.string(),
});
export type TAgentDownload = z.infer<typeof ZAgentDownload>;

export const ZAgentDownloads = z.object({ windows: ZAgentDownload });
export type TAgentDownloads = z.infer<typeof ZAgentDownloads>;
