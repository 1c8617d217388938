import fs from 'node:fs';
import path from 'node:path';
import { API_BASE } from '@cloudstash/contract';
import { signUp } from './lib/api';
import { PIECE, plainUpload, send, writeVideo } from './lib/big-files';
import { MB } from './lib/load';
import { sampleMemory } from './lib/proc';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

interface Ctx {
  root: string;
  log: (line: string) => void;
}

const GB = 1024 * MB;

async function resumableUpload(origin: string, cookie: string, file: string, size: number) {
  const tus = { cookie, 'tus-resumable': '1.0.0' };
  const created = await send(
    `${origin}${API_BASE}/uploads`,
    'POST',
    { ...tus, 'upload-length': String(size) },
    [],
  );
  if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
  const url = `${origin}${created.headers.location}`;
  for (let offset = 0; offset < size; offset += PIECE) {
    const end = Math.min(size, offset + PIECE);
    const answer = await send(
      url,
      'PATCH',
      {
        ...tus,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(end - offset),
      },
      [{ file, start: offset, end: end - 1 }],
    );
    if (answer.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer.status}`);
  }
}

/**
 * Large files: a 1 GB resumable upload in 64 MB pieces against the same size through the plain form path in
 * the same run (distinct bytes, so each is stored), and the server's RSS growth while it runs, and while four
 * 256 MB resumable uploads run at once.
 */
export async function largeUploadBenchmarks(ctx: Ctx): Promise<Row[]> {
  const dir = path.join(ctx.root, 'large');
  fs.mkdirSync(dir, { recursive: true });
  const cs = await startCloudStash({
    dataDir: path.join(dir, 'data'),
    env: { MAX_UPLOAD_BYTES: String(2 * GB) },
  });
  try {
    const cookie = await signUp(cs.origin, 'large@bench.test');
    const plainFile = path.join(dir, 'plain.mp4');
    const resumableFile = path.join(dir, 'resumable.mp4');
    await writeVideo(plainFile, GB, 1);
    await writeVideo(resumableFile, GB, 2);
    const quarters = [3, 4, 5, 6].map((seed) => path.join(dir, `quarter-${seed}.mp4`));
    for (const [i, file] of quarters.entries()) await writeVideo(file, 256 * MB, 3 + i);
    await new Promise((r) => setTimeout(r, 1000));

    let started = performance.now();
    await plainUpload(cs.origin, cookie, plainFile, GB);
    const plainSeconds = (performance.now() - started) / 1000;

    const idle = cs.memory().rss;
    let sampler = sampleMemory(cs.child.pid);
    started = performance.now();
    await resumableUpload(cs.origin, cookie, resumableFile, GB);
    const resumableSeconds = (performance.now() - started) / 1000;
    const single = sampler.stop();

    const idleBefore4 = cs.memory().rss;
    sampler = sampleMemory(cs.child.pid);
    await Promise.all(quarters.map((file) => resumableUpload(cs.origin, cookie, file, 256 * MB)));
    const four = sampler.stop();

    const plainRate = 1024 / plainSeconds;
    const resumableRate = 1024 / resumableSeconds;
    const growth = (single.peakRss - idle) / MB;
    const growth4 = (four.peakRss - idleBefore4) / MB;
    ctx.log(
      `large: plain ${plainRate.toFixed(0)} MB/s, resumable ${resumableRate.toFixed(0)} MB/s, ` +
        `RSS +${growth.toFixed(0)} MB (one), +${growth4.toFixed(0)} MB (four)`,
    );
    return [
      {
        section: 'large',
        workload: '1 GB resumable upload (64 MB pieces, 1 client)',
        baseline: `${plainRate.toFixed(0)} MB/s (same size, plain form upload)`,
        cloudstash: `${resumableRate.toFixed(0)} MB/s`,
        ratio: resumableRate / plainRate,
        target: '≥ 0.80',
        pass: resumableRate / plainRate >= 0.8,
        details: { plainSeconds, resumableSeconds },
      },
      {
        section: 'large',
        workload: 'server RSS growth, 1 GB resumable upload',
        baseline: `${(idle / MB).toFixed(0)} MB idle`,
        cloudstash: `${(single.peakRss / MB).toFixed(0)} MB peak (+${growth.toFixed(0)} MB)`,
        ratio: growth,
        target: 'growth < 100 MB',
        pass: growth < 100,
        details: { idle, peakRss: single.peakRss },
      },
      {
        section: 'large',
        workload: 'server RSS growth, 4 concurrent 256 MB resumable uploads',
        baseline: `${(idleBefore4 / MB).toFixed(0)} MB idle`,
        cloudstash: `${(four.peakRss / MB).toFixed(0)} MB peak (+${growth4.toFixed(0)} MB)`,
        ratio: growth4,
        target: 'growth < 150 MB',
        pass: growth4 < 150,
        details: { idle: idleBefore4, peakRss: four.peakRss },
      },
    ];
  } finally {
    await cs.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
