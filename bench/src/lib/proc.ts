import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** A child process the bench started, with the tail of its output kept for error messages. */
export interface Child {
  proc: ChildProcess;
  pid: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Every child still running, so a bench that fails halfway can stop them instead of waiting on them. */
const running = new Set<Child>();

/**
 * Stops every child the bench started and has not stopped (after a failure). SIGTERM, so that nginx takes its
 * workers down with it; they hold the output pipes, which would otherwise keep the bench alive.
 */
export async function stopAllChildren(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      await child.stop('SIGTERM');
      child.proc.stdout?.destroy();
      child.proc.stderr?.destroy();
    }),
  );
}

export function startChild(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string },
): Child {
  const proc = spawn(command, args, {
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
  const child: Child = {
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
  running.add(child);
  void exited.then(() => running.delete(child));
  return child;
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
