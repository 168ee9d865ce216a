import type { TJob } from '@counterprint/contract';
import { customerLabel } from './liveJobs';

let audio: AudioContext | null = null;

/** A short two-tone beep from an oscillator: no sound file to download or cache. */
export function playArrivalBeep(): void {
  const Ctor = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    audio ??= new Ctor();
    // Browsers start audio suspended until the page has had a click; staff have clicked by now.
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    const tone = audio.createOscillator();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(1320, now + 0.12);
    tone.connect(gain);
    tone.start(now);
    tone.stop(now + 0.36);
  } catch {
    // A missing or blocked audio device must never break the queue.
  }
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
