import fs from 'node:fs';
import path from 'node:path';
import { freePort, readMemory, startChild, waitForHttp, type Child } from './proc';
import { findNginx, nginxConfig, type HandOff } from '@cloudstash/test-support/nginx';
import { REPO_DIR, SERVER_MAIN } from './paths';

export { findNginx };

export interface RunningServer {
  origin: string;
  child: Child;
  memory(): { rss: number; hwm: number };
  stop(): Promise<void>;
}

/**
 * CloudStash itself, as `npm start` runs it (tsx loader, production settings), in its own process so its
 * memory is its own. BENCH_CPU_PROF=dir adds --cpu-prof for profiling a run; BENCH_NODE_ARGS adds node options.
 */
export async function startCloudStash(opts: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Another checkout's apps/server/src, for a before/after comparison in one run. */
  serverSrc?: string;
}) {
  const port = await freePort();
  const profDir = process.env.BENCH_CPU_PROF;
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ...extra,
    '--import',
    'tsx',
    opts.serverSrc ? path.join(opts.serverSrc, 'main.ts') : SERVER_MAIN,
  ];
  const child = startChild(process.execPath, args, {
    cwd: REPO_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16', // as scripts/start.mjs sets it
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_HOUR: '100000',
      DOWNLOAD_LINK_MINUTES: '60',
      ...opts.env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/api/v1/health`, child);
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    origin,
    child,
    memory: () => readMemory(child.pid),
    stop: () => child.stop('SIGTERM'),
  } satisfies RunningServer;
}

/** One of the bare reference servers beside this file, on a free loopback port, with `env` as its settings. */
async function startBareServer(script: string, env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = startChild(process.execPath, [path.join(import.meta.dirname, script)], {
    env: { ...process.env, PORT: String(port), ...env },
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, child);
  return { origin, child, memory: () => readMemory(child.pid), stop: () => child.stop('SIGTERM') };
}

/**
 * The upload baseline: a bare node:http server that hashes each body with SHA-256 and writes it to a file;
 * `fsync` also makes the file and its directory durable before answering, and without it the file is removed
 * once written (so that its writeback does not fall on the next measurement).
 */
export async function startBareUploadServer(dir: string, { fsync = false } = {}): Promise<RunningServer> {
  fs.mkdirSync(dir, { recursive: true });
  return startBareServer('bare-upload-server.mjs', { OUT_DIR: dir, FSYNC: fsync ? '1' : '0' });
}

/** Reference only: a bare node:http server streaming one file with fs.createReadStream (Range supported). */
export function startBareDownloadServer(file: string): Promise<RunningServer> {
  return startBareServer('bare-download-server.mjs', { FILE: file });
}

/**
 * Reference only: an upstream for nginx that hands every request off to `target` (an internal location's
 * path) without checking or reading anything, the cheapest hand-off there can be.
 */
export function startBareHandOffServer(target: string): Promise<RunningServer> {
  return startBareServer('bare-hand-off-server.mjs', { TARGET: target });
}

/**
 * Debian's nginx with sendfile on, serving `root` on a loopback port from a config in a temporary prefix
 * (no root paths, no system service). Two workers: one per core of the reference machine, like CloudStash's
 * one process plus the kernel's help.
 */
export async function startNginx(
  root: string,
  workDir: string,
  /** In front of a CloudStash, as docs/deployment.md configures it: what the hand-off rows measure. */
  handOff?: HandOff,
): Promise<RunningServer> {
  const nginx = findNginx();
  if (!nginx) {
    throw new Error(
      'nginx is not installed: run `apt-get install -y nginx-light` (Debian) and try again (bench/README.md)',
    );
  }
  const port = await freePort();
  fs.mkdirSync(path.join(workDir, 'logs'), { recursive: true });
  const conf = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ dir: workDir, port, root, handOff }));
  const child = startChild(nginx, ['-p', workDir, '-c', conf], {});
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, child);
  return { origin, child, memory: () => readMemory(child.pid), stop: () => child.stop('SIGQUIT') };
}
