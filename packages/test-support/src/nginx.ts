import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SNIPPETS = path.resolve(import.meta.dirname, '../../../docs/nginx');

/** Where nginx is installed, or undefined: Debian's package puts it in /usr/sbin, off some PATHs. */
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

export interface HandOff {
  /** The CloudStash behind it, started with ACCEL_REDIRECT_PREFIX=/_blobs/. */
  upstream: string;
  /** That CloudStash's DATA_DIR/blobs. */
  blobs: string;
  /** How long a signed link's check is kept, when not docs/nginx/'s 10 s. */
  linkSeconds?: number;
  /** A web app build for docs/nginx/cloudstash-web.conf to send /assets/ from; without it, not included. */
  webDist?: string;
}

/**
 * A whole nginx.conf for a server on 127.0.0.1:`port`, everything under `dir`: static files from `root`, and
 * with `handOff` CloudStash as docs/deployment.md configures it (the proxy settings at the server level, with
 * buffering off both ways, `location /` to CloudStash, the files of docs/nginx/ included as they are, pointed
 * at these folders).
 * Sendfile on and one worker per core, as nginx is deployed.
 */
export function nginxConfig(opts: { dir: string; port: number; root?: string; handOff?: HandOff }): string {
  const { dir, handOff } = opts;
  const snippet = (name: string, { blobs, linkSeconds, webDist }: HandOff) =>
    fs
      .readFileSync(path.join(SNIPPETS, name), 'utf8')
      .replaceAll('/var/lib/cloudstash/data/blobs', blobs)
      .replaceAll('/var/cache/nginx/cloudstash-links', path.join(dir, 'links'))
      .replace('proxy_cache_valid 200 10s;', `proxy_cache_valid 200 ${linkSeconds ?? 10}s;`)
      .replaceAll('/opt/cloudstash/apps/web/dist', webDist ?? '');
  return `worker_processes auto;
daemon off;
# DATA_DIR is owner-only: the workers read blobs as the account that runs CloudStash (docs/deployment.md).
user ${os.userInfo().username};
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { video/mp4 mp4; image/jpeg jpg; }${
    handOff
      ? `
  upstream cloudstash { server ${new URL(handOff.upstream).host}; keepalive 64; }
${snippet('cloudstash-http.conf', handOff)}`
      : ''
  }
  server {
    listen 127.0.0.1:${opts.port};${opts.root ? `\n    root ${opts.root};` : ''}${
      handOff
        ? `
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    location / {
      proxy_pass http://cloudstash;
    }
${snippet('cloudstash-hand-off.conf', handOff)}${handOff.webDist ? snippet('cloudstash-web.conf', handOff) : ''}`
        : ''
    }
  }
}
`;
}

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Real nginx in front of a CloudStash, configured as docs/deployment.md says (nginxConfig). */
export async function startNginx(handOff: HandOff): Promise<RunningNginx> {
  const binary = findNginx();
  if (!binary)
    throw new Error('nginx is not installed: `apt-get install -y nginx-light` (Debian); .ci/run installs it');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-nginx-'));
  fs.mkdirSync(path.join(dir, 'logs'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig({ dir, port, handOff }));
  const child = spawn(
    binary,
    ['-p', dir, '-e', path.join(dir, 'logs', 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 50) {
    const status = await fetch(`${origin}/api/v1/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || waited > 10_000) {
      child.kill('SIGKILL');
      const log = fs.readFileSync(path.join(dir, 'logs', 'error.log'), 'utf8');
      throw new Error(`nginx did not start (status ${status}):\n${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
