// Ad-hoc: profile the upload path (BENCH_CPU_PROF=/tmp/prof node --import tsx bench/src/profile-upload.ts)
import crypto from 'node:crypto';
import fs from 'node:fs';
import { multipartBody, multipartHeaders, signUp } from './lib/api';
import { load, mbPerSecond } from './lib/load';
import { startCloudStash } from './lib/servers';
const dir = fs.mkdtempSync('/tmp/prof-data-');
const cs = await startCloudStash({ dataDir: dir });
const cookie = await signUp(cs.origin, 'p@bench.test');
const bytes = crypto.randomBytes(5_000_000);
Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
const { body, fileOffset } = multipartBody(bytes, 'a.jpg', 'image/jpeg');
let n = 0;
const c = Number(process.env.C ?? 16);
const dup = process.env.DUP === '1';
const r = await load({
  url: `${cs.origin}/api/v1/files/upload`,
  method: 'POST',
  connections: c,
  duration: Number(process.env.S ?? 6),
  headers: { ...multipartHeaders, cookie },
  requests: [
    {
      setupRequest: (req) => {
        if (dup) return { ...req, body };
        const b = Buffer.from(body);
        b.writeUInt32BE(n++, fileOffset + 100);
        return { ...req, body: b };
      },
    },
  ],
});
console.log('MB/s', mbPerSecond(r, 5e6).toFixed(0), 'p50', r.latency.p50.toFixed(0), r.statuses);
await cs.stop();
fs.rmSync(dir, { recursive: true, force: true });
