import fs from 'node:fs';
import path from 'node:path';
import { API_BASE } from '@cloudstash/contract';
import { multipartBody, multipartHeaders, signUp } from './lib/api';
import { PIECE, plainUpload, writeVideo } from './lib/big-files';
import { fillFolder } from './lib/fill-folder';
import { MB, percentile } from './lib/load';
import { sampleMemory } from './lib/proc';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';

interface Ctx {
  root: string;
  log: (line: string) => void;
}

const SMALL_FOLDER = 100;
const LARGE_FOLDER = 10_000;
const SAMPLES = 300;
const ZIP_FILES = 16; // of 64 MB: 1 GB

async function api(origin: string, cookie: string, method: string, url: string, body?: unknown) {
  const send = () =>
    fetch(`${origin}${API_BASE}${url}`, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // The bulk fill blocks this process for seconds, long enough for the server to close the kept-alive
  // connection unnoticed: the first request after it may meet a closed socket, and is sent again once.
  const res = await send().catch(() => send());
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { _id: string; url: string } };
}

/** Milliseconds one call takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Reads a response to its end without keeping it; answers the bytes read. */
async function drain(origin: string, cookie: string, url: string): Promise<number> {
  const res = await fetch(`${origin}${url}`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`GET ${url}: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
  return bytes;
}

/** Pairs of calls, one of each, alternated so that both see the same machine; p50 of each. */
async function alternated(a: () => Promise<unknown>, b: () => Promise<unknown>, samples: number) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++) {
    times[0].push(await timed(a));
    times[1].push(await timed(b));
  }
  const p50 = (t: number[]) =>
    percentile(
      [...t].sort((x, y) => x - y),
      50,
    );
  return { a: p50(times[0]), b: p50(times[1]) };
}

/**
 * Folders: listing a folder of 10,000 files against one of 100, moving a folder that holds 10,000 files against
 * moving an empty one (a move writes one row), and a 1 GB zip of a folder against plain downloads of the same
 * bytes, with the server's RSS growth while the zip streams.
 */
export async function folderBenchmarks(ctx: Ctx): Promise<Row[]> {
  const dir = path.join(ctx.root, 'folders');
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = path.join(dir, 'data');
  const cs = await startCloudStash({ dataDir, env: { MAX_UPLOAD_BYTES: String(128 * MB) } });
  try {
    const cookie = await signUp(cs.origin, 'folders@bench.test');
    const call = (method: string, url: string, body?: unknown) => api(cs.origin, cookie, method, url, body);
    const small = (await call('POST', '/folders', { name: 'hundred' })).data._id;
    const large = (await call('POST', '/folders', { name: 'ten thousand' })).data._id;
    const empty = (await call('POST', '/folders', { name: 'empty' })).data._id;
    const parking = (await call('POST', '/folders', { name: 'parking' })).data._id;
    const { body } = multipartBody(Buffer.from('a line of text\n'), 'template.txt', 'text/plain');
    const template = await fetch(`${cs.origin}${API_BASE}/files/upload`, {
      method: 'POST',
      headers: { ...multipartHeaders, cookie },
      body,
    });
    const templateId = ((await template.json()) as { data: { _id: string } }).data._id;
    const dbFile = path.join(dataDir, 'cloudstash.db');
    fillFolder(dbFile, templateId, small, SMALL_FOLDER);
    fillFolder(dbFile, templateId, large, LARGE_FOLDER);

    const list = (folder: string) => () => call('GET', `/files/user-files?folderId=${folder}`);
    await alternated(list(small), list(large), 20); // warm-up
    const listing = await alternated(list(small), list(large), SAMPLES);
    ctx.log(`folders: list p50 ${listing.a.toFixed(2)} ms (100) vs ${listing.b.toFixed(2)} ms (10,000)`);

    let place: Record<string, string | null> = { [empty]: null, [large]: null };
    const move = (folder: string) => () => {
      place = { ...place, [folder]: place[folder] === null ? parking : null };
      return call('PATCH', `/folders/${folder}`, { parentId: place[folder] });
    };
    const moving = await alternated(move(empty), move(large), 100);
    ctx.log(
      `folders: move p50 ${moving.a.toFixed(2)} ms (empty) vs ${moving.b.toFixed(2)} ms (10,000 files)`,
    );

    const gig = (await call('POST', '/folders', { name: 'gigabyte' })).data._id;
    const ids: string[] = [];
    for (let i = 0; i < ZIP_FILES; i++) {
      const file = path.join(dir, `part-${i}.mp4`);
      await writeVideo(file, PIECE, 100 + i);
      ids.push(await plainUpload(cs.origin, cookie, file, PIECE, gig));
      fs.rmSync(file);
    }
    const total = ZIP_FILES * PIECE;
    const plainSeconds: number[] = [];
    const zipSeconds: number[] = [];
    let peakGrowth = 0;
    for (let round = 0; round < 2; round++) {
      let started = performance.now();
      for (const id of ids)
        await drain(cs.origin, cookie, (await call('GET', `/files/f/${id}/download`)).data.url);
      plainSeconds.push((performance.now() - started) / 1000);

      const idle = cs.memory().rss;
      const sampler = sampleMemory(cs.child.pid);
      started = performance.now();
      const url = (await call('POST', '/files/zip', { folderIds: [gig] })).data.url;
      const bytes = await drain(cs.origin, cookie, url);
      zipSeconds.push((performance.now() - started) / 1000);
      peakGrowth = Math.max(peakGrowth, (sampler.stop().peakRss - idle) / 2 ** 20);
      if (bytes < total) throw new Error(`the zip held ${bytes} bytes, fewer than its files`);
    }
    const plainRate = total / MB / Math.min(...plainSeconds);
    const zipRate = total / MB / Math.min(...zipSeconds);
    ctx.log(
      `folders: zip ${zipRate.toFixed(0)} MB/s vs plain ${plainRate.toFixed(0)} MB/s, RSS +${peakGrowth.toFixed(0)} MiB`,
    );

    return [
      {
        section: 'folders',
        workload: 'list one folder (first page), 10,000 files in it',
        baseline: `${listing.a.toFixed(2)} ms p50 (a folder of 100)`,
        cloudstash: `${listing.b.toFixed(2)} ms p50`,
        ratio: listing.b / listing.a,
        target: '≤ 2.00',
        pass: listing.b / listing.a <= 2,
      },
      {
        section: 'folders',
        workload: 'move a folder holding 10,000 files',
        baseline: `${moving.a.toFixed(2)} ms p50 (an empty folder)`,
        cloudstash: `${moving.b.toFixed(2)} ms p50`,
        ratio: moving.b / moving.a,
        target: '≤ 2.00',
        pass: moving.b / moving.a <= 2,
      },
      {
        section: 'folders',
        workload: `zip of a 1 GB folder (${ZIP_FILES} × 64 MB, stored entries), 1 client`,
        baseline: `${plainRate.toFixed(0)} MB/s (the same files, plain downloads one after the other)`,
        cloudstash: `${zipRate.toFixed(0)} MB/s`,
        ratio: zipRate / plainRate,
        target: '≥ 0.80',
        pass: zipRate / plainRate >= 0.8,
        details: { plainSeconds, zipSeconds },
      },
      {
        section: 'folders',
        workload: 'server RSS growth while that zip streams',
        baseline: 'the idle RSS before it',
        cloudstash: `+${peakGrowth.toFixed(0)} MiB`,
        ratio: peakGrowth,
        target: 'growth < 50 MB',
        pass: peakGrowth < 50,
      },
    ];
  } catch (error) {
    ctx.log(`folders: the server said:\n${cs.child.output()}`);
    throw error;
  } finally {
    await cs.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
