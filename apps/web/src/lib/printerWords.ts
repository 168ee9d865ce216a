/** A printer's reasons (IPP printer-state-reasons, the print agent's own) in the words staff use at a counter. */
const REASON_WORDS: Record<string, string> = {
  'media-empty': 'out of paper',
  'media-needed': 'needs paper',
  'media-jam': 'paper jam',
  'toner-empty': 'out of toner',
  'marker-supply-empty': 'out of ink or toner',
  'door-open': 'a door is open',
  'cover-open': 'a cover is open',
  offline: 'offline',
  paused: 'paused',
  'moving-to-paused': 'pausing',
  shutdown: 'switched off',
  unreachable: 'not reachable from the agent',
  refused: 'refused the job',
  'agent-removed': 'the print agent was removed',
  'job-lost': 'the printer lost track of the job',
  'unknown-printer': 'the agent does not know that printer',
  'agent-error': 'the print agent failed',
  'part-printed': 'after some pages had printed',
  'counter-shortfall': 'fewer sheets came out than ordered, a possible jam or waste',
  'held-after-shortfall': 'waiting for staff to check the printer after a short job',
  'outcome-unknown': 'the agent cannot tell whether it printed',
};

export function reasonWords(reasons: string[]): string {
  const words = reasons
    .map((r) => r.replace(/-(report|warning|error)$/, ''))
    .filter((r) => r && r !== 'none')
    .map((r) => REASON_WORDS[r] ?? r.replace(/-/g, ' '));
  return [...new Set(words)].join(', ');
}

/**
 * Reasons that only say which part failed: the agent's own message (apps/agent/src/commands.ts reports the socket error or
 * the printer's answer with them) says why, so it is shown beside them rather than hidden by them.
 */
const SAYS_ONLY_WHERE = new Set(['unreachable', 'agent-error', 'job-lost', 'counter-shortfall', 'held-after-shortfall', 'outcome-unknown']);

/** Why a printer stopped or a job failed: the reasons in a counter's words, with the agent's message when it adds to them. */
export function printerWhy(reasons: string[], message: string | null): string {
  const words = reasonWords(reasons);
  const said = message?.trim();
  if (!words) return said ?? '';
  return said && reasons.some((r) => SAYS_ONLY_WHERE.has(r)) ? `${words} (${said})` : words;
}
