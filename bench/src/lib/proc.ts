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

/** Each thread's /proc/PID/task/TID/`file`, with its thread id; a thread that ends meanwhile is left out. */
function threadFiles(pid: number, file: 'stat' | 'status'): [tid: string, text: string][] {
  const read: [string, string][] = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      read.push([tid, fs.readFileSync(`/proc/${pid}/task/${tid}/${file}`, 'utf8')]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return read;
}

/**
 * CPU seconds each thread of a process has used so far (utime + stime from /proc/PID/task/TID/stat), keyed
 * `main` for the main thread and `name:tid` for the others, plus `main waiting`: a difference of two readings
 * tells how much CPU each thread got in between, as opposed to how long it was busy (which also counts time
 * spent runnable but not running).
 */
export function threadCpuSeconds(pid: number): Map<string, number> {
  const ticks = 100; // USER_HZ on Linux
  const byName = new Map<string, number>();
  // How long the main thread has waited, runnable, for a core: the part of "busy" that is not work.
  try {
    const [, waitedNs] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
    byName.set('main waiting', Number(waitedNs) / 1e9);
  } catch {
    // no schedstat on this kernel: the CPU figures stand alone
  }
  for (const [tid, stat] of threadFiles(pid, 'stat')) {
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
    const key = tid === String(pid) ? 'main' : `${name}:${tid}`;
    byName.set(key, (byName.get(key) ?? 0) + seconds);
  }
  return byName;
}

/**
 * Starts measuring the CPU each process gets; `stop()` tells, per process, its main thread's share of a core,
 * the other threads' (thread pool, V8's GC helpers), the busiest of those, and how long the main thread sat
 * runnable waiting for a core.
 */
export function cpuShares(pids: Record<string, number>) {
  const started = Date.now();
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, threadCpuSeconds(pid)]));
  return {
    stop(): string {
      const seconds = (Date.now() - started) / 1000;
      const pct = (share: number) => `${(share * 100).toFixed(0)}%`;
      return Object.entries(pids)
        .map(([name, pid]) => {
          const used = [...threadCpuSeconds(pid)].map(
            ([thread, s]) => [thread, (s - (before[name]!.get(thread) ?? 0)) / seconds] as const,
          );
          const share = (thread: string) => used.find(([t]) => t === thread)?.[1] ?? 0;
          const others = used.filter(([t]) => !t.startsWith('main')).sort((a, b) => b[1] - a[1]);
          const rest = others.reduce((sum, [, v]) => sum + v, 0);
          const busiest = others
            .slice(0, Number(process.env.BUSIEST ?? 4))
            .map(([t, v]) => `${t} ${pct(v)}`)
            .join(', ');
          return `${name} main ${pct(share('main'))} + other ${pct(rest)} [${busiest}], main waited ${pct(share('main waiting'))}`;
        })
        .join('; ');
    },
  };
}

/** Context switches of all of a process's threads so far (voluntary and not), from /proc/PID/task/TID/status. */
export function contextSwitches(pid: number): number {
  let total = 0;
  for (const [, status] of threadFiles(pid, 'status')) {
    for (const match of status.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)/gm))
      total += Number(match[1]);
  }
  return total;
}

/**
 * Write requests and bytes the machine's disks have completed so far (/proc/diskstats, whole disks only):
 * the difference of two readings tells how much one load made the disk write.
 */
export function diskWrites(): { requests: number; bytes: number } {
  let requests = 0;
  let sectors = 0;
  for (const line of fs.readFileSync('/proc/diskstats', 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/);
    const name = fields[2] ?? '';
    // Whole disks (vda, sda, nvme0n1), not their partitions or virtual devices.
    if (!/^(?:[vsh]d[a-z]+|nvme\d+n\d+|xvd[a-z]+)$/.test(name)) continue;
    requests += Number(fields[7]);
    sectors += Number(fields[9]);
  }
  return { requests, bytes: sectors * 512 };
}
