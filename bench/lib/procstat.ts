import { readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far, threads included. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

/** Samples a process's VmRSS every `everyMs` and keeps the peak. */
export function rssSampler(pid: number, read: () => number, everyMs = 25) {
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {}
  }, everyMs);
  return {
    get peak() {
      return peak;
    },
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, read());
      } catch {}
      return peak;
    },
    pid,
  };
}
