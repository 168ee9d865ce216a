import { type OpeningRules, openingState } from './opening-hours.js';

/**
 * When an unprinted job's files leave the queue for the bin. The window starts at the later of the upload and the
 * shop's next opening as its hours read now, so a file sent while the shop is closed waits the whole window once it
 * opens; a shop with no opening in its week keeps the upload as the start
 * (docs/decisions/062-unprinted-retention-from-opening.md). The sweeper and the status page both go through this one
 * function, so the time a customer is told is the time the files go.
 */
export function unprintedEndsAt(rules: OpeningRules, uploadedAt: Date, unprintedSeconds: number): Date {
  const state = openingState(rules, uploadedAt);
  const start = state.openNow || !state.opensAt ? uploadedAt : new Date(state.opensAt.at);
  return new Date(start.getTime() + unprintedSeconds * 1000);
}
