import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

/**
 * For the transfer rows, on two or more cores: every server under test runs on the last core and the bench
 * itself (the load generator) on the others, with taskset, so that each server, CloudStash or baseline, gets
 * the same one core to itself rather than whatever the scheduler leaves it beside the load generator.
 * BENCH_PIN=0 turns it off.
 */
const cores = (() => {
  const count = os.availableParallelism();
  if (process.env.BENCH_PIN === '0' || count < 2) return undefined;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { server: String(count - 1), bench: count === 2 ? '0' : `0-${count - 2}`, all: `0-${count - 1}` };
})();
let pinning: typeof cores;

/** Where servers and load generator run, as a results file says it. */
export const placement = cores
  ? `transfer rows: servers on core ${cores.server}, load generator on core(s) ${cores.bench}`
  : 'servers and load generator share every core (no taskset, one core, or BENCH_PIN=0)';

/** Runs `work` with the servers it starts on their own core (above), then gives the bench every core back. */
export async function onSeparateCores<T>(work: () => Promise<T>): Promise<T> {
  if (!cores) return work();
  const pin = (list: string) =>
    execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  pin(cores.bench);
  pinning = cores;
  try {
    return await work();
  } finally {
    pinning = undefined;
    pin(cores.all);
  }
}

/** A child process the bench started, with the tail of its output kept for error messages. */
export interface Child {
  proc: ChildProcess;
  pid: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startChild(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string },
): Child {
  const [file, argv] = pinning ? ['taskset', ['-c', pinning.server, command, ...args]] : [command, args];
  const proc = spawn(file, argv, {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    proc,
    pid: proc.pid!,
    output: () => tail,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers with any status below 500 (or `ok` says so). */
export async function waitForHttp(url: string, child: Child | undefined, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.proc.exitCode !== null) throw new Error(`process exited early:\n${child.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${child?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resident set size now and at its peak (VmHWM), in bytes, from /proc. */
export function readMemory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest sample and the kernel's VmHWM. */
export function sampleMemory(pid: number, everyMs = 25) {
  let peak = 0;
  const tick = () => {
    try {
      peak = Math.max(peak, readMemory(pid).rss);
    } catch {
      // process gone
    }
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peakRss: peak, hwm: readMemory(pid).hwm };
    },
  };
}
