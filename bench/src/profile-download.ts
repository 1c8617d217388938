// Ad-hoc: one CloudStash and one bare Node file server, the same 5 MB file, alternating loads of one kind:
// MODE=tiny (1-byte ranges: what each request costs apart from its bytes), ranged (the bench's 1 MiB ranges)
// or full. C clients, S seconds, ROUNDS rounds; BENCH_CPU_PROF=/tmp/prof profiles CloudStash. HANDOFF=1 turns
// the hand-off on and compares with the bare hand-off upstream, both asked directly (no nginx): what each
// signed-link request costs CloudStash beyond the cheapest possible answer.
// node --import tsx bench/src/profile-download.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import { downloadLink, multipartBody, signUp, upload } from './lib/api';
import { load, mbPerSecond } from './lib/load';
import { cpuShares } from './lib/proc';
import { startBareDownloadServer, startBareHandOffServer, startCloudStash } from './lib/servers';
import { FILE_BYTES, HAND_OFF_PREFIX, RANGED_READS } from './transfer';

const RANGES = { tiny: ['bytes=0-0'], ranged: RANGED_READS, full: undefined };
const mode = (process.env.MODE ?? 'tiny') as keyof typeof RANGES;
const ranges = RANGES[mode];
const bytesEach = mode === 'tiny' ? 1 : mode === 'ranged' ? 1024 * 1024 : FILE_BYTES;

const dir = fs.mkdtempSync('/tmp/profile-download-');
const handOff = process.env.HANDOFF === '1';
const cs = await startCloudStash({
  dataDir: dir,
  ...(handOff && { env: { ACCEL_REDIRECT_PREFIX: HAND_OFF_PREFIX } }),
});
const cookie = await signUp(cs.origin, 'profile@bench.test');
const bytes = crypto.randomBytes(FILE_BYTES);
Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0])]).copy(bytes);
fs.writeFileSync(`${dir}/video.mp4`, bytes);
const { _id } = await upload(cs.origin, cookie, multipartBody(bytes, 'clip.mp4', 'video/mp4').body);
const bare = handOff
  ? await startBareHandOffServer(`${HAND_OFF_PREFIX}video.mp4`)
  : await startBareDownloadServer(`${dir}/video.mp4`);
const targets = {
  cloudstash: cs.origin + (await downloadLink(cs.origin, cookie, _id)),
  bare: `${bare.origin}/video.mp4`,
};
const run = (url: string) =>
  load({
    url,
    connections: Number(process.env.C ?? 16),
    duration: Number(process.env.S ?? 5),
    ...(ranges && { requests: ranges.map((range) => ({ headers: { range } })) }),
  });
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const [name, url] of Object.entries(targets)) {
    const cpu = cpuShares({ cs: cs.child.pid, bare: bare.child.pid, load: process.pid });
    const r = await run(url);
    const shares = cpu.stop();
    console.log(
      `${name} ${mode}: ${(r.ok / r.seconds).toFixed(0)} req/s, ${mbPerSecond(r, bytesEach).toFixed(0)} MB/s, p50 ${r.latency.p50.toFixed(2)} ms; CPU ${shares}`,
    );
  }
}
await cs.stop();
await bare.stop();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
