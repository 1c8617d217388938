import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './lib/report';
import { REPO_DIR, WEB_DIR } from './lib/paths';
import { startCloudStash } from './lib/servers';

const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * What a first visit to the landing page downloads before it can run: every script and stylesheet that
 * dist/index.html names, and every chunk those scripts import statically (lazy route chunks are not fetched).
 */
export function landingSize(dist: string) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const local = (ref: string) => path.join(dist, ref.replace(/^\//, ''));
  const scripts = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]
    .map((m) => m[1]!)
    .filter((ref) => !/^https?:/.test(ref));
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      visit(path.resolve(path.dirname(file), m[1]!));
  };
  scripts.forEach((ref) => visit(local(ref)));
  const jsBytes = [...seen].reduce((sum, f) => sum + gz(f), 0);
  const cssBytes = styles
    .map(local)
    .filter((f) => fs.existsSync(f))
    .reduce((sum, f) => sum + gz(f), 0);
  return {
    jsBytes,
    cssBytes,
    files: [...seen].map((f) => path.relative(dist, f)),
    styles: styles.map((ref) => ref.replace(/^\//, '')),
  };
}

/** What a browser asks with: it takes brotli and gzip. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The body of one answer as it crosses the wire (not decoded), and the encoding it came in. */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The landing page's files as CloudStash itself sends them to a browser: the bytes of each body on the wire
 * (brotli or gzip when the build made a copy, else as they are), from a server started on `dist`.
 */
async function landingOnTheWire(dist: string, workDir: string, files: string[], styles: string[]) {
  const server = await startCloudStash({
    dataDir: fs.mkdtempSync(path.join(workDir, 'landing-')),
    env: { WEB_DIST_DIR: dist },
  });
  try {
    const sum = async (refs: string[]) => {
      let bytes = 0;
      const encodings = new Set<string>();
      for (const ref of refs) {
        const answer = await wireBytes(`${server.origin}/${ref}`);
        bytes += answer.bytes;
        encodings.add(answer.encoding);
      }
      return { bytes, encodings: [...encodings] };
    };
    return { js: await sum(files), css: await sum(styles) };
  } finally {
    await server.stop();
  }
}

export async function landingBenchmark(opts: {
  build: boolean;
  workDir: string;
  log: (s: string) => void;
}): Promise<Row[]> {
  const dist = path.join(WEB_DIR, 'dist');
  let note: string | undefined;
  if (opts.build) {
    try {
      execFileSync('npm', ['run', 'build', '-w', '@cloudstash/web'], { cwd: REPO_DIR, stdio: 'pipe' });
    } catch (error) {
      note = `web build failed (${String((error as Error).message).split('\n')[0]}); measured the existing dist`;
    }
  }
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    return [
      {
        section: 'web',
        workload: 'landing page first load, JavaScript',
        baseline: 'none',
        cloudstash: 'no build',
        ratio: null,
        target: '< 150 KB gzip',
        pass: false,
        note: note ?? 'apps/web/dist is missing',
      },
    ];
  }
  const size = landingSize(dist);
  const wire = await landingOnTheWire(dist, opts.workDir, size.files, size.styles);
  const kb = wire.js.bytes / 1024;
  const cssKb = wire.css.bytes / 1024;
  const encodings = [...new Set([...wire.js.encodings, ...wire.css.encodings])].join(', ');
  opts.log(
    `landing page: ${kb.toFixed(1)} KB JS + ${cssKb.toFixed(1)} KB CSS on the wire (${encodings}; ` +
      `gzip -9 would be ${(size.jsBytes / 1024).toFixed(1)} + ${(size.cssBytes / 1024).toFixed(1)} KB) ` +
      `(${size.files.join(', ')})`,
  );
  return [
    {
      section: 'web',
      workload: 'landing page first load, JavaScript (bytes on the wire)',
      baseline: 'none',
      cloudstash: `${kb.toFixed(1)} KB JS (+ ${cssKb.toFixed(1)} KB CSS), ${encodings}`,
      ratio: null,
      target: 'JS < 150 KB',
      pass: kb < 150,
      note,
      details: { ...size, wire },
    },
  ];
}
