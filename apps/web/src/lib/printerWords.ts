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
};

export function reasonWords(reasons: string[]): string {
  const words = reasons
    .map((r) => r.replace(/-(report|warning|error)$/, ''))
    .filter((r) => r && r !== 'none')
    .map((r) => REASON_WORDS[r] ?? r.replace(/-/g, ' '));
  return [...new Set(words)].join(', ');
}
