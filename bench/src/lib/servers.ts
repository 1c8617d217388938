import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, readMemory, startChild, waitForHttp, type Child } from './proc';
import { REPO_DIR, SERVER_MAIN } from './paths';

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
 * The hand-off as docs/deployment.md sets it up: the proxy settings at the server level, `location /` to
 * CloudStash, and the configuration in docs/nginx/ included as it is, pointed at the bench's folders.
 */
function handOffConfig(workDir: string, blobs: string) {
  const snippet = (name: string) =>
    fs
      .readFileSync(path.join(REPO_DIR, 'docs', 'nginx', name), 'utf8')
      .replaceAll('/var/lib/cloudstash/data/blobs', blobs)
      .replaceAll('/var/cache/nginx/cloudstash-links', path.join(workDir, 'links'));
  return {
    http: snippet('cloudstash-http.conf'),
    server: `
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    location / {
      proxy_pass http://cloudstash;
    }
${snippet('cloudstash-hand-off.conf')}`,
  };
}

export function findNginx(): string | undefined {
  for (const candidate of [
    '/usr/sbin/nginx',
    '/usr/bin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/bin/nginx',
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Debian's nginx with sendfile on, serving `root` on a loopback port from a config in a temporary prefix
 * (no root paths, no system service). Two workers: one per core of the reference machine, like CloudStash's
 * one process plus the kernel's help.
 */
export async function startNginx(
  root: string,
  workDir: string,
  /**
   * Reverse proxy to a CloudStash at `origin` with ACCEL_REDIRECT_PREFIX=/_blobs/ (HAND_OFF_PREFIX), its
   * blobs folder `blobs` (docs/deployment.md's configuration): what the hand-off rows measure.
   */
  handOff?: { origin: string; blobs: string },
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
  const proxy = handOff && handOffConfig(workDir, handOff.blobs);
  fs.writeFileSync(
    conf,
    `worker_processes auto;
daemon off;
# DATA_DIR is owner-only: the workers read blobs as the account that runs CloudStash (docs/deployment.md).
user ${os.userInfo().username};
pid ${workDir}/nginx.pid;
error_log ${workDir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  types { video/mp4 mp4; image/jpeg jpg; }${
    handOff && proxy
      ? `
  upstream cloudstash { server ${new URL(handOff.origin).host}; keepalive 64; }
${proxy.http}`
      : ''
  }
  server {
    listen 127.0.0.1:${port};
    root ${root};${proxy ? proxy.server : ''}
  }
}
`,
  );
  const child = startChild(nginx, ['-p', workDir, '-c', conf], {});
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, child);
  return { origin, child, memory: () => readMemory(child.pid), stop: () => child.stop('SIGQUIT') };
}
