/**
 * Drivers are separate Node processes (forked with tsx) that generate load, so the
 * load never shares an event loop with the server or with the orchestrator's timers.
 * The orchestrator talks to a driver with one tiny RPC over the IPC channel.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

export type Driver = {
  pid: number;
  call<T>(cmd: string, args?: unknown): Promise<T>;
  /** Messages the child sends on its own (not replies), e.g. "listening". */
  onEvent(fn: (event: { event: string; data: unknown }) => void): void;
  close(): Promise<void>;
};

/** Forks `bench/<script>` under tsx; resolves once the child says it is ready. */
export async function startDriver(script: string, opts: { env?: Record<string, string>; execArgv?: string[] } = {}): Promise<Driver> {
  const child: ChildProcess = fork(path.join(BENCH_DIR, script), [], {
    execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
    env: { ...process.env, ...opts.env },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners: ((e: { event: string; data: unknown }) => void)[] = [];
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      for (const w of waiting.values()) w.reject(new Error(`driver ${script} exited (${code ?? signal})`));
      waiting.clear();
      resolve();
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (m: Reply | { event: string; data: unknown }) => {
      if ('event' in m) {
        if (m.event === 'ready') resolve();
        for (const l of listeners) l(m);
        return;
      }
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(new Error(`${script}: ${m.error}`));
    });
    void exitedPromise.then(() => reject(new Error(`driver ${script} exited before it was ready`)));
  });
  await ready;
  return {
    pid: child.pid!,
    call<T>(cmd: string, args?: unknown) {
      if (exited) return Promise.reject(new Error(`driver ${script} has exited`));
      const id = ++seq;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, args });
      });
    },
    onEvent(fn) {
      listeners.push(fn);
    },
    async close() {
      if (exited) return;
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: handlers take whatever the orchestrator sends
type Handler = (args: any) => Promise<unknown> | unknown;

/** The child side: answers calls with `handlers`, exits when the orchestrator goes away. */
export function serveDriver(handlers: Record<string, Handler>): void {
  if (!process.send) throw new Error('a driver must be started with startDriver()');
  process.on('message', async (m: { id: number; cmd: string; args: unknown }) => {
    const handler = handlers[m.cmd];
    try {
      if (!handler) throw new Error(`unknown command ${m.cmd}`);
      const result = await handler(m.args);
      process.send!({ id: m.id, ok: true, result });
    } catch (err) {
      process.send!({ id: m.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ event: 'ready', data: null });
}

/** A wall-clock timestamp in ms with sub-ms resolution that is comparable across processes on one machine. */
export const now = (): number => performance.timeOrigin + performance.now();
