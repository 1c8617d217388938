// Ad-hoc: CloudStash against the fsyncing bare upload server, alternating loads of distinct 5 MB uploads
// (DUP=1: the same bytes every time), C clients, S seconds, ROUNDS rounds, with each process's CPU shares.
// BENCH_CPU_PROF=/tmp/prof profiles CloudStash. node --import tsx bench/src/profile-upload.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import { multipartBody, multipartHeaders, signUp } from './lib/api';
import { load, mbPerSecond } from './lib/load';
import { cpuShares } from './lib/proc';
import { startBareUploadServer, startCloudStash } from './lib/servers';

const dir = fs.mkdtempSync('/tmp/prof-data-');
const cs = await startCloudStash({
  dataDir: `${dir}/cs`,
  env: process.env.THUMBNAIL_WORKERS ? { THUMBNAIL_WORKERS: process.env.THUMBNAIL_WORKERS } : {},
});
const bare = await startBareUploadServer(`${dir}/bare`, { fsync: true });
const cookie = await signUp(cs.origin, 'p@bench.test');
const bytes = crypto.randomBytes(5_000_000);
Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
const { body, fileOffset } = multipartBody(bytes, 'a.jpg', 'image/jpeg');
let n = 0;
const dup = process.env.DUP === '1';
const run = (origin: string, cookie?: string) =>
  load({
    url: `${origin}/api/v1/files/upload`,
    method: 'POST',
    connections: Number(process.env.C ?? 16),
    duration: Number(process.env.S ?? 6),
    headers: { ...multipartHeaders, ...(cookie && { cookie }) },
    requests: [
      {
        setupRequest: (req) => {
          const b = Buffer.from(body);
          if (!dup) b.writeUInt32BE(n++, fileOffset + 100);
          return { ...req, body: b };
        },
      },
    ],
  });
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const [name, target] of [
    ['cloudstash', () => run(cs.origin, cookie)],
    ['bare+fsync', () => run(bare.origin)],
  ] as const) {
    const cpu = cpuShares({ cs: cs.child.pid, bare: bare.child.pid, load: process.pid });
    const r = await target();
    const shares = cpu.stop();
    console.log(
      `${name}: ${mbPerSecond(r, 5e6).toFixed(0)} MB/s, p50 ${r.latency.p50.toFixed(0)} ms; CPU ${shares}`,
    );
  }
}
await cs.stop();
await bare.stop();
fs.rmSync(dir, { recursive: true, force: true });
