import type { TJob } from '@counterprint/contract';
import { customerLabel } from '../../api/jobs';

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Ctor = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    audio ??= new Ctor();
  } catch {
    return null;
  }
  return audio;
}

export type SoundState = 'running' | 'suspended' | 'unsupported';

/** 'suspended' is the browser's autoplay rule: no sound until the page has had a click or key press. */
export function soundState(): SoundState {
  const ctx = audioContext();
  if (!ctx) return 'unsupported';
  return ctx.state === 'suspended' ? 'suspended' : 'running';
}

export function onSoundStateChange(listener: () => void): () => void {
  const ctx = audioContext();
  ctx?.addEventListener('statechange', listener);
  return () => ctx?.removeEventListener('statechange', listener);
}

/** Must run inside a click or key handler: only a user gesture lets the context start. */
export async function enableSound(): Promise<boolean> {
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    await ctx.resume();
  } catch {
    return false;
  }
  return ctx.state === 'running';
}

/** Issue 22: a job nobody has opened or acknowledged chimes again this often. */
export const CHIME_INTERVAL_S = 20;
const BEEP_S = 0.36;

/** A short two-tone beep from an oscillator, at `at` on the audio clock: no sound file to download or cache. */
function beep(ctx: AudioContext, at: number): OscillatorNode {
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + BEEP_S - 0.01);
  const tone = ctx.createOscillator();
  tone.type = 'sine';
  tone.frequency.setValueAtTime(880, at);
  tone.frequency.setValueAtTime(1320, at + 0.12);
  tone.connect(gain);
  tone.start(at);
  tone.stop(at + BEEP_S);
  return tone;
}

/**
 * Beeps now, then every CHIME_INTERVAL_S until the returned function is called. Each beep is booked
 * on the audio clock when the one before it starts: a hidden tab's timers are throttled to once a
 * minute by Chrome, the audio clock is not, so a counter in another tab still hears it on time.
 */
export function startChime(): () => void {
  const ctx = audioContext();
  if (!ctx) return () => {};
  let next: OscillatorNode | null = null;
  let stopped = false;
  const book = (at: number) => {
    if (stopped) return;
    try {
      next = beep(ctx, at);
      // 'ended' is an event, not a timer, so a hidden tab still gets it promptly.
      next.onended = () => book(Math.max(at + CHIME_INTERVAL_S, ctx.currentTime + CHIME_INTERVAL_S - BEEP_S));
    } catch {
      // A missing or blocked audio device must never break the queue.
    }
  };
  // The page may not have had its click yet; the sound button on the queue asks for one.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  book(ctx.currentTime);
  return () => {
    stopped = true;
    try {
      next?.stop();
    } catch {
      // Already ended.
    }
  };
}

export const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asked from a button: browsers ignore (or penalise) permission prompts on page load. */
export async function askNotificationPermission(): Promise<NotificationPermission> {
  if (!notificationsSupported()) return 'denied';
  return Notification.requestPermission();
}

/** Only when the tab is hidden: on screen, the list itself shows the new job. */
export function notifyArrival(job: TJob): void {
  if (!notificationsSupported() || !document.hidden || Notification.permission !== 'granted') return;
  const files = job.files.length;
  try {
    const note = new Notification(`New print job #${job.number}`, {
      body: `${customerLabel(job)} · ${files} ${files === 1 ? 'file' : 'files'}`,
      tag: `job-${job.id}`,
    });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // Some phones only allow notifications from a service worker; the beep still sounds.
  }
}
