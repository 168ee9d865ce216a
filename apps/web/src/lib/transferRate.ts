import { formatBytes } from './format';

/** How many bytes had gone at a moment (ms). */
export interface Sample {
  at: number;
  bytes: number;
}

/** Long enough to smooth the pause between two requests, short enough to follow a phone moving into a worse signal. */
export const RATE_WINDOW_MS = 8_000;
/** Before a second of samples, a speed is a guess that swings wildly. */
const SHORTEST_SPAN_MS = 1_000;

/**
 * The samples of the last window with `sample` added. Fewer bytes than before means the bytes of a cut
 * request were taken back: the window starts again from there rather than count the lost bytes as speed.
 */
export function addSample(samples: readonly Sample[], sample: Sample, windowMs = RATE_WINDOW_MS): Sample[] {
  const last = samples.at(-1);
  if (last && sample.bytes < last.bytes) return [sample];
  return [...samples.filter((s) => sample.at - s.at <= windowMs), sample];
}

/**
 * Bytes a second over the window up to `now`, or null while too little is known. Measured to `now`
 * rather than to the last sample, so a stalled upload's speed falls to 0 instead of staying at its last value.
 */
export function bytesPerSecond(samples: readonly Sample[], now: number, windowMs = RATE_WINDOW_MS): number | null {
  const last = samples.at(-1);
  if (!last) return null;
  // Nothing within the window: measured from the last sample, whose span is then long and whose bytes are none.
  const first = samples.find((s) => now - s.at <= windowMs) ?? last;
  const span = now - first.at;
  if (span < SHORTEST_SPAN_MS) return null;
  return ((last.bytes - first.bytes) * 1000) / span;
}

/** Seconds until `total` at `rate`, or null when the rate says nothing (unknown or stalled). */
export function secondsLeft(sent: number, total: number, rate: number | null): number | null {
  if (!rate || rate <= 0) return null;
  return Math.max(0, total - sent) / rate;
}

/** 'about 11 s left', 'about 3 min left': a rough figure, rounded the way a person would say it. */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.ceil(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.round(seconds / 3600)} h left`;
}

/** '2.1 MB of 4.0 MB · 180 KB/s · about 11 s left'; only the amounts while the speed is unknown or nil. */
export function progressText(sent: number, total: number, rate: number | null): string {
  const amounts = `${formatBytes(sent, true)} of ${formatBytes(total, true)}`;
  const left = secondsLeft(sent, total, rate);
  if (rate === null || left === null) return amounts;
  return `${amounts} · ${formatBytes(rate)}/s · ${timeLeftText(left)}`;
}
