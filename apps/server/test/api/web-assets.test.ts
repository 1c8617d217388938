import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { startNginx, type RunningNginx } from '@cloudstash/test-support/nginx';
import { startTestApp, type TestApp } from '../helpers/test-app';

const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../web/build/precompress.mjs');

/** A build as `npm run build` leaves it: vite's hashed files, then the compressed copies beside them. */
function fakeBuild(dir: string) {
  const files = {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-B4x9Qz1k.js"></script>
<link rel="stylesheet" href="/assets/index-C7dE2fGh.css"></head><body><div id="root"></div>
${'<!-- the app mounts here -->\n'.repeat(60)}</body></html>`,
    'assets/index-B4x9Qz1k.js': Array.from(
      { length: 400 },
      (_, i) =>
        `export function screen${i}(props) { return render('screen-${i}', props.title, props.items); }`,
    ).join('\n'),
    'assets/index-C7dE2fGh.css': Array.from(
      { length: 300 },
      (_, i) => `.tile-${i} { display: grid; padding: ${i % 7}px; color: var(--tile-${i % 5}); }`,
    ).join('\n'),
    'assets/pdf.worker-D1e2F3g4.mjs': Array.from(
      { length: 200 },
      (_, i) => `self.onmessage = (e) => page${i}(e.data.bytes, e.data.scale);`,
    ).join('\n'),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
  };
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  execFileSync(process.execPath, [PRECOMPRESS, dir]);
  return files;
}

/** The answer as it crosses the wire: headers, and the body not decoded (fetch would decode it). */
function onTheWire(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

describe.each(DIALECTS)('the built web app, compressed at build time (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  let files: ReturnType<typeof fakeBuild>;
  /** nginx in front, sending /assets/ itself as docs/nginx/cloudstash-web.conf says. */
  let nginx: RunningNginx;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'cloudstash-dist-'));
    files = fakeBuild(dist);
    t = await startTestApp(dialect, { env: { WEB_DIST_DIR: dist } });
    nginx = await startNginx({ upstream: t.baseUrl, blobs: path.join(t.dataDir, 'blobs'), webDist: dist });
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli or gzip, whichever the browser takes, cached for a year', async () => {
    for (const [asset, type] of [
      ['assets/index-B4x9Qz1k.js', /^(application|text)\/javascript/],
      ['assets/index-C7dE2fGh.css', /^text\/css/],
    ] as const) {
      const original = Buffer.from(files[asset]);
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const answer = await onTheWire(`${t.baseUrl}/${asset}`, accept);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding'], `${asset} ${accept}`).toBe(encoding);
        expect(answer.headers['content-type']).toMatch(type);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.body.length).toBeLessThan(original.length / 3);
        expect(decoders[encoding]!(answer.body).equals(original)).toBe(true);
      }
    }
  });

  it('sends the plain file to a client that takes no encoding, still varying on it', async () => {
    const answer = await onTheWire(`${t.baseUrl}/assets/index-B4x9Qz1k.js`);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.equals(Buffer.from(files['assets/index-B4x9Qz1k.js']))).toBe(true);
  });

  it('sends index.html compressed and never cached, for the root and for client-side routes', async () => {
    for (const route of ['/', '/files', '/index.html']) {
      const answer = await onTheWire(`${t.baseUrl}${route}`, 'br, gzip');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(files['index.html']);
    }
  });

  it('leaves a file too small to gain alone, and sends it plain', async () => {
    expect(fs.existsSync(path.join(dist, 'favicon.svg.br'))).toBe(false);
    const answer = await onTheWire(`${t.baseUrl}/favicon.svg`, 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(files['favicon.svg']);
  });

  it("has nginx send the hashed files itself from the build's gzip copies, cached for a year", async () => {
    for (const [asset, type] of [
      ['assets/index-B4x9Qz1k.js', 'text/javascript'],
      ['assets/pdf.worker-D1e2F3g4.mjs', 'text/javascript'],
      ['assets/index-C7dE2fGh.css', 'text/css'],
    ] as const) {
      const original = Buffer.from(files[asset]);
      const compressed = await onTheWire(`${nginx.origin}/${asset}`, 'gzip, deflate, br');
      expect(compressed.status).toBe(200);
      expect(compressed.headers['content-encoding'], asset).toBe('gzip');
      expect(compressed.headers['content-type']).toBe(type);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(compressed.headers['x-content-type-options']).toBe('nosniff');
      expect(zlib.gunzipSync(compressed.body).equals(original)).toBe(true);
      const plain = await onTheWire(`${nginx.origin}/${asset}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
    expect((await onTheWire(`${nginx.origin}/assets/index-0000000.js`, 'gzip')).status).toBe(404);
  });

  it('leaves index.html to CloudStash behind nginx, compressed and never cached', async () => {
    const answer = await onTheWire(`${nginx.origin}/`, 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(files['index.html']);
  });
});
