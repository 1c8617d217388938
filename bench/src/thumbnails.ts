import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { multipartBody, signUp, upload } from './lib/api';
import { MB } from './lib/load';
import { sampleMemory } from './lib/proc';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

/** Photos queued at once, as the memory target says. */
const COUNT = 100;
const WIDTH = 4000;
const HEIGHT = 3000;

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/** A 12 MP JPEG with photo-like noise (so it decodes as slowly as a photo and weighs a few MB). */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: 120, g: 140, b: 90 },
      noise: { type: 'gaussian', mean: 0, sigma: 16 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same picture with a comment segment after the start marker: other bytes (another blob), same pixels. */
function withComment(jpeg: Buffer, n: number): Buffer {
  const text = Buffer.from(`cloudstash bench photo ${n} ${process.pid}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** The floor: sharp alone on one thread, making the same two sizes from the same file, in this process. */
async function bareSharpPerSecond(file: string, rounds: number): Promise<number> {
  sharp.concurrency(1);
  sharp.cache(false);
  let started = 0;
  // Round 0 warms libvips up and is not timed.
  for (let i = 0; i <= rounds; i++) {
    if (i === 1) started = performance.now();
    const base = await sharp(file)
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    for (const size of [256, 1024]) {
      await sharp(base.data, { raw }).resize(size, size, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    }
  }
  return rounds / ((performance.now() - started) / 1000);
}

/**
 * 100 distinct 12 MP photos are uploaded to a server that makes no thumbnails, so all 100 jobs are queued;
 * then a server with one worker per core starts on the same data and drains them. Throughput comes from the
 * thumbnails' own creation times (first to last), so start-up does not count; memory is that server's RSS
 * while it works, against the idle RSS of the first.
 */
export async function thumbnailBenchmarks(ctx: Ctx): Promise<Row[]> {
  const dataDir = path.join(ctx.root, 'thumbnail-data');
  const workers = os.availableParallelism();
  const env = { MAX_UPLOAD_BYTES: String(50 * MB) };
  try {
    ctx.log('thumbnails: making a 12 MP JPEG');
    const jpeg = await twelveMegapixelJpeg();
    const sample = path.join(ctx.root, 'photo-12mp.jpg');
    fs.writeFileSync(sample, jpeg);
    const bare = await bareSharpPerSecond(sample, 20);
    ctx.log(
      `thumbnails: sharp alone ${bare.toFixed(2)} photos/s on one thread (${(jpeg.length / MB).toFixed(1)} MB each)`,
    );

    const loader = await startCloudStash({ dataDir, env: { ...env, THUMBNAIL_WORKERS: '0' } });
    let idle: number;
    try {
      const cookie = await signUp(loader.origin, 'thumbnails@bench.test');
      await new Promise((r) => setTimeout(r, 1000));
      idle = loader.memory().rss;
      for (let n = 0; n < COUNT; n++) {
        await upload(
          loader.origin,
          cookie,
          multipartBody(withComment(jpeg, n), `photo-${n}.jpg`, 'image/jpeg').body,
        );
      }
    } finally {
      await loader.stop();
    }
    ctx.log(`thumbnails: ${COUNT} photos queued; starting a server with ${workers} workers`);

    const db = new SQLite(path.join(dataDir, 'cloudstash.db'), { readonly: true });
    const server = await startCloudStash({ dataDir, env: { ...env, THUMBNAIL_WORKERS: String(workers) } });
    const sampler = sampleMemory(server.child.pid);
    let times: number[] = [];
    let memory = { peakRss: 0, hwm: 0 };
    try {
      const deadline = Date.now() + 15 * 60_000;
      for (;;) {
        const open = db
          .prepare(`select count(*) as n from jobs where state in ('queued', 'running')`)
          .get() as {
          n: number;
        };
        if (open.n === 0) break;
        if (Date.now() > deadline) throw new Error(`thumbnails: ${open.n} jobs still open after 15 minutes`);
        await new Promise((r) => setTimeout(r, 200));
      }
      times = (
        db.prepare(`select created_at from thumbnails where size = 256 order by created_at`).all() as Array<{
          created_at: string;
        }>
      ).map((r) => Date.parse(r.created_at));
    } finally {
      memory = sampler.stop();
      await server.stop();
      db.close();
    }
    const { peakRss, hwm } = memory;
    if (times.length !== COUNT)
      throw new Error(`thumbnails: ${times.length} of ${COUNT} photos got thumbnails`);
    const seconds = (times.at(-1)! - times[0]!) / 1000;
    const perSecond = (COUNT - 1) / seconds;
    const perCore = perSecond / workers;
    const growth = (peakRss - idle) / MB;
    ctx.log(
      `thumbnails: ${perSecond.toFixed(2)} photos/s with ${workers} workers; RSS idle ${(idle / MB).toFixed(0)} MB, ` +
        `peak ${(peakRss / MB).toFixed(0)} MB (VmHWM ${(hwm / MB).toFixed(0)} MB)`,
    );
    return [
      {
        section: 'thumbnails',
        workload: `thumbnail generation, ${COUNT} queued 12 MP JPEGs (256 + 1024 px WebP), per core`,
        baseline: `${bare.toFixed(2)} photos/s (sharp alone, one thread)`,
        cloudstash: `${perCore.toFixed(2)} photos/s per core (${perSecond.toFixed(2)}/s on ${workers} workers)`,
        ratio: perCore / bare,
        target: 'none: reported for information',
        pass: null,
        details: { bare, perSecond, perCore, workers, photoBytes: jpeg.length, firstToLastSeconds: seconds },
      },
      {
        section: 'thumbnails',
        workload: `server RSS while ${COUNT} 12 MP thumbnails are queued and made`,
        baseline: `${(idle / MB).toFixed(0)} MB idle`,
        cloudstash: `${(peakRss / MB).toFixed(0)} MB peak (+${growth.toFixed(0)} MB)`,
        ratio: growth / 200,
        target: 'growth < 200 MB',
        pass: growth < 200,
        details: { idleRss: idle, peakRss, vmHwm: hwm, workers },
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
