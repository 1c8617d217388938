/**
 * Ad-hoc look at the zip rows of src/folders.ts (not part of `npm run bench`): FILES files of 64 MB in one
 * folder, fetched ROUNDS times as plain downloads one after the other and as one zip, alternated; for each, the
 * rate, the server's CPU by thread (main, and the others: thread pool and V8's GC helpers) and its RSS growth.
 *
 *   node --import tsx bench/src/profile-zip.ts
 *   BENCH_CPU_PROF=/tmp/prof node --import tsx bench/src/profile-zip.ts    (a .cpuprofile of the server)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@cloudstash/contract';
import { signUp } from './lib/api';
import { PIECE, plainUpload, writeVideo } from './lib/big-files';
import { MB } from './lib/load';
import { cpuShares, sampleMemory, stopAllChildren } from './lib/proc';
import { startCloudStash } from './lib/servers';

const FILES = Number(process.env.FILES ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-zip-profile-'));

async function main() {
  const cs = await startCloudStash({
    dataDir: path.join(root, 'data'),
    env: { MAX_UPLOAD_BYTES: String(128 * MB) },
  });
  try {
    const cookie = await signUp(cs.origin, 'zip-profile@bench.test');
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${cs.origin}${API_BASE}${url}`, {
        method,
        headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
      return (await res.json()) as { data: { _id: string; url: string } };
    };
    const drain = async (url: string) => {
      const res = await fetch(`${cs.origin}${url}`, { headers: { cookie } });
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      return bytes;
    };
    const folder = (await call('POST', '/folders', { name: 'zip' })).data._id;
    const ids: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const file = path.join(root, `part-${i}.mp4`);
      await writeVideo(file, PIECE, 100 + i);
      ids.push(await plainUpload(cs.origin, cookie, file, PIECE, folder));
      fs.rmSync(file);
    }
    const measure = async (name: string, work: () => Promise<unknown>) => {
      const idle = cs.memory().rss;
      const memory = sampleMemory(cs.child.pid);
      const cpu = cpuShares({ server: cs.child.pid });
      const started = performance.now();
      await work();
      const seconds = (performance.now() - started) / 1000;
      const shares = cpu.stop();
      const grew = (memory.stop().peakRss - idle) / 2 ** 20;
      console.log(
        `${name}: ${((FILES * PIECE) / MB / seconds).toFixed(0)} MB/s, RSS +${grew.toFixed(0)} MiB; ${shares}`,
      );
    };
    for (let round = 0; round < ROUNDS; round++) {
      await measure('plain', async () => {
        for (const id of ids) await drain((await call('GET', `/files/f/${id}/download`)).data.url);
      });
      await measure('zip  ', async () =>
        drain((await call('POST', '/files/zip', { folderIds: [folder] })).data.url),
      );
    }
  } finally {
    await cs.stop();
  }
}

main()
  .catch(async (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
    await stopAllChildren();
  })
  .finally(() => fs.rmSync(root, { recursive: true, force: true }));
