/** What the shop page hands the job status page when it goes there right after sending (router state). */
export interface JustSent {
  fileCount: number;
  /** While the shop is closed: when it will see the files. */
  waiting: string | null;
}

export const justSentState = (sent: JustSent) => ({ sent });

export function justSentFrom(state: unknown): JustSent | null {
  const sent = (state as { sent?: Partial<JustSent> } | null)?.sent;
  if (!sent || typeof sent.fileCount !== 'number') return null;
  return { fileCount: sent.fileCount, waiting: typeof sent.waiting === 'string' ? sent.waiting : null };
}
