import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SNIPPETS = path.resolve(import.meta.dirname, '../../../../docs/nginx');

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is not installed: `apt-get install -y nginx-light` (Debian); .ci/run installs it');
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Real nginx in front of a CloudStash at `upstream`, configured as docs/deployment.md says: the proxy settings
 * at the server level, `location /` to CloudStash and the files of docs/nginx/ included as they are, pointed
 * at this instance's blobs folder. `linkSeconds` shortens how long a signed link's check is kept.
 */
export async function startNginx(opts: {
  upstream: string;
  blobs: string;
  linkSeconds: number;
}): Promise<RunningNginx> {
  const binary = nginxBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-nginx-'));
  fs.mkdirSync(path.join(dir, 'logs'));
  const snippet = (name: string) =>
    fs
      .readFileSync(path.join(SNIPPETS, name), 'utf8')
      .replaceAll('/var/lib/cloudstash/data/blobs', opts.blobs)
      .replaceAll('/var/cache/nginx/cloudstash-links', path.join(dir, 'links'))
      .replace('proxy_cache_valid 200 10s;', `proxy_cache_valid 200 ${opts.linkSeconds}s;`);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
user ${os.userInfo().username};
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream cloudstash { server ${new URL(opts.upstream).host}; keepalive 8; }
${snippet('cloudstash-http.conf')}
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    location / {
      proxy_pass http://cloudstash;
    }
${snippet('cloudstash-hand-off.conf')}
  }
}
`,
  );
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
