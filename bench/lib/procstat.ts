import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** A process's or thread's name and its user and system CPU in ticks, from a `/proc/.../stat` file. */
function readStat(file: string): { name: string; user: number; sys: number } {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), user: Number(fields[11]), sys: Number(fields[12]) };
}

/** CPU seconds (user + system) a process has used so far, threads included. */
export function cpuSeconds(pid: number): number {
  const { user, sys } = readStat(`/proc/${pid}/stat`);
  return (user + sys) / TICK;
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

/** CPU milliseconds (user, system) of each thread of a process, by thread name and id. */
export function threadCpu(pid: number): Map<string, { user: number; sys: number }> {
  const out = new Map<string, { user: number; sys: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const { name, user, sys } = readStat(`/proc/${pid}/task/${tid}/stat`);
      out.set(`${name}#${tid}`, { user: (user * 1000) / TICK, sys: (sys * 1000) / TICK });
    } catch {}
  }
  return out;
}

/** The threads that used at least `minMs` between two `threadCpu` readings, busiest first. */
export function threadCpuDelta(before: ReturnType<typeof threadCpu>, after: ReturnType<typeof threadCpu>, minMs = 20): string {
  const rows: [string, number, number][] = [];
  for (const [k, v] of after) {
    const b = before.get(k) ?? { user: 0, sys: 0 };
    const user = v.user - b.user;
    const sys = v.sys - b.sys;
    if (user + sys >= minMs) rows.push([k, user, sys]);
  }
  return rows
    .sort((x, y) => y[1] + y[2] - (x[1] + x[2]))
    .map(([k, u, s]) => `${k} ${u.toFixed(0)}u/${s.toFixed(0)}s`)
    .join(', ');
}
