// Ad-hoc: CloudStash against the fsyncing bare upload server, alternating loads of distinct 5 MB uploads
// (DUP=1: the same bytes every time), C clients, S seconds, ROUNDS rounds (the order flips every round). Per
// upload it prints each process's CPU (main thread, other threads), the server's context switches and what the
// disk wrote. BEFORE_SRC=<checkout>/apps/server/src adds an earlier server to the rotation;
// BENCH_CPU_PROF=/tmp/prof profiles CloudStash; BENCH_NODE_ARGS=--trace-gc adds how many full collections
// (mark-compacts) each CloudStash ran per round. node --import tsx bench/src/profile-upload.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import { multipartBody, multipartHeaders, signUp } from './lib/api';
import { load, mbPerSecond } from './lib/load';
import { contextSwitches, diskWrites, threadCpuSeconds } from './lib/proc';
import { startBareUploadServer, startCloudStash, type RunningServer } from './lib/servers';

const dir = fs.mkdtempSync('/tmp/prof-data-');
const env: Record<string, string> = process.env.THUMBNAIL_WORKERS
  ? { THUMBNAIL_WORKERS: process.env.THUMBNAIL_WORKERS }
  : {};
const targets: { name: string; server: RunningServer; cookie?: string }[] = [];

/** Mark-compacts the process has logged so far (--trace-gc), on its busiest heap: the main thread's, not a worker's. */
function markCompacts(server: RunningServer): () => number {
  const byHeap = new Map<string, number>();
  let partial = '';
  server.child.proc.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const heap = /^\[\d+:(0x[0-9a-f]+)\].*Mark-Compact/.exec(line)?.[1];
      if (heap) byHeap.set(heap, (byHeap.get(heap) ?? 0) + 1);
    }
  });
  return () => Math.max(0, ...byHeap.values());
}
const fullCollections = new Map<RunningServer, () => number>();
const cloudstash = await startCloudStash({ dataDir: `${dir}/cs`, env });
targets.push({
  name: 'cloudstash',
  server: cloudstash,
  cookie: await signUp(cloudstash.origin, 'p@bench.test'),
});
if (process.env.BEFORE_SRC) {
  const before = await startCloudStash({ dataDir: `${dir}/before`, env, serverSrc: process.env.BEFORE_SRC });
  targets.push({ name: 'before', server: before, cookie: await signUp(before.origin, 'p@bench.test') });
}
if (process.env.BENCH_NODE_ARGS?.includes('--trace-gc'))
  for (const { server } of targets) fullCollections.set(server, markCompacts(server));
targets.push({ name: 'bare+fsync', server: await startBareUploadServer(`${dir}/bare`, { fsync: true }) });

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

/** CPU seconds of a process so far: its main thread, and all its other threads together. */
function cpu(pid: number) {
  let main = 0;
  let other = 0;
  for (const [thread, seconds] of threadCpuSeconds(pid)) {
    if (thread === 'main') main = seconds;
    else if (thread !== 'main waiting') other += seconds;
  }
  return { main, other };
}

for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  for (const { name, server, cookie } of round % 2 ? [...targets].reverse() : targets) {
    const pid = server.child.pid;
    const collections = fullCollections.get(server);
    const gc0 = collections?.() ?? 0;
    const [cpu0, load0, switches0, disk0] = [cpu(pid), cpu(process.pid), contextSwitches(pid), diskWrites()];
    const r = await run(server.origin, cookie);
    const [cpu1, load1, switches1, disk1] = [cpu(pid), cpu(process.pid), contextSwitches(pid), diskWrites()];
    const ms = (seconds: number) => ((seconds * 1000) / r.ok).toFixed(1);
    console.log(
      `${round} ${name}: ${mbPerSecond(r, 5e6).toFixed(0)} MB/s, p50 ${r.latency.p50.toFixed(0)} ms, ${r.ok} uploads;` +
        ` per upload: CPU main ${ms(cpu1.main - cpu0.main)} ms + other threads ${ms(cpu1.other - cpu0.other)} ms` +
        ` (load generator ${ms(load1.main + load1.other - load0.main - load0.other)} ms),` +
        ` ${((switches1 - switches0) / r.ok).toFixed(0)} context switches,` +
        ` disk ${((disk1.bytes - disk0.bytes) / 1e6 / r.ok).toFixed(2)} MB in ${((disk1.requests - disk0.requests) / r.ok).toFixed(1)} writes` +
        (collections ? `, ${collections() - gc0} full collections` : ''),
    );
  }
}
for (const { server } of targets) await server.stop();
fs.rmSync(dir, { recursive: true, force: true });
