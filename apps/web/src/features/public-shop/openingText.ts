import type { TOpeningState } from '@counterprint/contract';

type OpensAt = NonNullable<TOpeningState['opensAt']>;

/** "9:30 AM", "9:30 AM tomorrow", "9:30 AM on Monday": the shop's own clock, as the server read it. */
export function opensAtText(opensAt: OpensAt): string {
  if (opensAt.day === 'today') return opensAt.time;
  if (opensAt.day === 'tomorrow') return `${opensAt.time} tomorrow`;
  return `${opensAt.time} on ${opensAt.day}`;
}

/** The public page's one line on opening: "Open now · closes at 7:00 PM", "Closed · opens at 9:30 AM tomorrow", "Closed today". */
export function openingLine(state: TOpeningState): string {
  if (state.openNow) return state.closesAt ? `Open now · closes at ${state.closesAt.time}` : 'Open now';
  if (state.closedToday) return 'Closed today';
  return state.opensAt ? `Closed · opens at ${opensAtText(state.opensAt)}` : 'Closed';
}

/** Uploads are taken while the shop is closed; this says when someone will see them. */
export function waitingHint(state: TOpeningState): string | null {
  if (state.openNow || !state.opensAt) return null;
  return `The shop opens at ${opensAtText(state.opensAt)}; your files will be waiting.`;
}
