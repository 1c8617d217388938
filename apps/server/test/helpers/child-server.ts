import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import type { BundledEntry } from './server-bundle';

/** The production server plus the crash suites' kill points (test/crash/crash-server.ts). */
export const CRASH_SERVER: BundledEntry = 'crash-server';

/** Where the server would find the web app if it ran from its sources (the bundle sits elsewhere). */
const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../../web/dist');

/** The path of one of this run's bundled programs (test/global-setup.ts builds them). */
export function bundledProgram(entry: BundledEntry): string {
  const dir = inject('testProgramsDir');
  if (!dir)
    throw new Error('the test programs are not bundled: run this suite through Vitest with its global setup');
  return path.join(dir, `${entry}.mjs`);
}

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** Everything it wrote to stderr, for failure messages. */
  stderr: () => string;
  /** Everything it wrote to stdout (the start-up line; request logs go there too at LOG_LEVEL=info). */
  stdout: () => string;
  /** Both, for logs a test keeps or shows when it fails. */
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs CloudStash as `npm start` does, from this run's bundle of the same sources (or the given entry, such as
 * CRASH_SERVER), in its own process, and waits until it is healthy.
 */
export async function startChildServer(
  env: Record<string, string>,
  // Generous: a loaded CI machine may take a minute or more to start several servers at once.
  timeoutMs = 120_000,
  entry: BundledEntry = 'server',
): Promise<ChildServer> {
  if (env.PORT) return startOn(env.PORT, env, timeoutMs, entry);
  // A port picked here can still be taken between the pick and the listen (another suite's server, or an
  // outgoing connection's local port): pick again rather than fail a test on that coincidence.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(randomPort(), env, timeoutMs, entry);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Below the kernel's ephemeral range (32768 and up on Linux), where outgoing connections take their ports. */
function randomPort(): string {
  return String(20_000 + Math.floor(Math.random() * 12_000));
}

async function startOn(
  port: string,
  env: Record<string, string>,
  timeoutMs: number,
  entry: BundledEntry,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--enable-source-maps', bundledProgram(entry)], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      REGISTER_RATE_LIMIT_PER_HOUR: '10000',
      ...env,
      PORT: port,
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    process: child,
    stderr: () => stderr,
    stdout: () => stdout,
    output: () => stdout + stderr,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
