import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './lib/report';
import { REPO_DIR, WEB_DIR } from './lib/paths';

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
  return { jsBytes, cssBytes, files: [...seen].map((f) => path.relative(dist, f)) };
}

export function landingBenchmark(opts: { build: boolean; log: (s: string) => void }): Row[] {
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
  const kb = size.jsBytes / 1024;
  opts.log(
    `landing page: ${kb.toFixed(1)} KB JS + ${(size.cssBytes / 1024).toFixed(1)} KB CSS gzip (${size.files.join(', ')})`,
  );
  return [
    {
      section: 'web',
      workload: 'landing page first load, JavaScript (gzip)',
      baseline: 'none',
      cloudstash: `${kb.toFixed(1)} KB JS (+ ${(size.cssBytes / 1024).toFixed(1)} KB CSS)`,
      ratio: null,
      target: 'JS < 150 KB',
      pass: kb < 150,
      note,
      details: size,
    },
  ];
}
