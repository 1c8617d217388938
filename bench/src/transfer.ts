import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { downloadLink, multipartBody, multipartHeaders, signUp, upload } from './lib/api';
import { interleaved, load, mbPerSecond, MB, type LoadResult } from './lib/load';
import { sampleMemory } from './lib/proc';
import type { Row } from './lib/report';
import {
  startBareDownloadServer,
  startBareUploadServer,
  startCloudStash,
  startNginx,
  type RunningServer,
} from './lib/servers';

export const FILE_BYTES = 5_000_000;
const SLICE = 1024 * 1024;
/** Each transfer measurement alternates with its baseline in this many slices. */
const ROUNDS = 3;

/** 5 MB that type detection accepts: a JPEG or MP4 signature, then random bytes. */
function fileBytes(kind: 'jpeg' | 'mp4'): Buffer {
  const magic =
    kind === 'jpeg'
      ? Buffer.from([0xff, 0xd8, 0xff, 0xe0])
      : Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from('ftypisom'),
          Buffer.from([0, 0, 2, 0]),
          Buffer.from('isomiso2'),
        ]);
  const bytes = crypto.randomBytes(FILE_BYTES);
  magic.copy(bytes, 0);
  return bytes;
}

/** A new body for every request: the template with a unique 16-byte stamp inside the file bytes. */
function distinctBodies(template: Buffer, fileOffset: number) {
  const runId = crypto.randomBytes(8);
  let n = 0;
  return () => {
    const body = Buffer.allocUnsafe(template.length);
    template.copy(body);
    runId.copy(body, fileOffset + 64);
    body.writeBigUInt64BE(BigInt(n++), fileOffset + 72);
    return body;
  };
}

const flush = () => execFileSync('sync');

interface Ctx {
  root: string;
  seconds: number;
  log: (line: string) => void;
}

const lat = (r: LoadResult) => ({
  p50: +r.latency.p50.toFixed(1),
  p90: +r.latency.p90.toFixed(1),
  p99: +r.latency.p99.toFixed(1),
  n: r.latency.count,
});
const fmtLat = (r: LoadResult) =>
  `p50/p90/p99 ${r.latency.p50.toFixed(0)}/${r.latency.p90.toFixed(0)}/${r.latency.p99.toFixed(0)} ms`;

function checkFailures(r: LoadResult, what: string) {
  if (r.failed > 0) throw new Error(`${what}: ${r.failed} failed requests (${JSON.stringify(r.statuses)})`);
  if (r.ok === 0) throw new Error(`${what}: no request completed`);
}

async function uploadLoad(
  origin: string,
  cookie: string | undefined,
  connections: number,
  seconds: number,
  nextBody: () => Buffer,
) {
  return load({
    url: `${origin}/api/v1/files/upload`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { ...multipartHeaders, ...(cookie ? { cookie } : {}) },
    requests: [{ setupRequest: (req) => ({ ...req, body: nextBody() }) }],
  });
}

export async function uploadBenchmarks(ctx: Ctx): Promise<Row[]> {
  const rows: Row[] = [];
  const jpeg = multipartBody(fileBytes('jpeg'), 'photo.jpg', 'image/jpeg');
  const bodies = distinctBodies(jpeg.body, jpeg.fileOffset);
  const bare = await startBareUploadServer(path.join(ctx.root, 'bare-uploads'));
  const cs = await startCloudStash({ dataDir: path.join(ctx.root, 'upload-data') });
  try {
    const cookie = await signUp(cs.origin, 'uploader@bench.test');
    const duplicate = multipartBody(fileBytes('jpeg'), 'same.jpg', 'image/jpeg');
    await upload(cs.origin, cookie, duplicate.body);
    // Warm both servers (JIT, connection pools) before measuring.
    await uploadLoad(bare.origin, undefined, 4, 2, bodies);
    await uploadLoad(cs.origin, cookie, 4, 2, bodies);

    for (const connections of [1, 4, 16]) {
      const runs = {
        ...(connections > 1 && {
          base: (s: number) => uploadLoad(bare.origin, undefined, connections, s, bodies),
        }),
        distinct: (s: number) => uploadLoad(cs.origin, cookie, connections, s, bodies),
        dup: (s: number) => uploadLoad(cs.origin, cookie, connections, s, () => duplicate.body),
      } as Record<'base' | 'distinct' | 'dup', (s: number) => Promise<LoadResult>>;
      const measured = await interleaved(ROUNDS, ctx.seconds, runs, flush);
      const { base, distinct, dup } = measured as Partial<typeof measured> &
        Pick<typeof measured, 'distinct' | 'dup'>;
      if (base) checkFailures(base, 'bare upload');
      checkFailures(distinct, 'distinct upload');
      checkFailures(dup, 'duplicate upload');
      const distinctMbps = mbPerSecond(distinct, FILE_BYTES);
      const dupMbps = mbPerSecond(dup, FILE_BYTES);
      ctx.log(
        `upload c=${connections}: bare ${base ? mbPerSecond(base, FILE_BYTES).toFixed(0) : '-'} MB/s, distinct ${distinctMbps.toFixed(0)}, duplicate ${dupMbps.toFixed(0)}`,
      );
      if (base) {
        const baseMbps = mbPerSecond(base, FILE_BYTES);
        rows.push({
          section: 'transfer',
          workload: `upload distinct 5 MB, ${connections} clients`,
          baseline: `${baseMbps.toFixed(0)} MB/s (bare node:http, SHA-256 + write)`,
          cloudstash: `${distinctMbps.toFixed(0)} MB/s`,
          ratio: distinctMbps / baseMbps,
          target: '≥ 0.80',
          pass: distinctMbps / baseMbps >= 0.8,
          details: {
            baseline: lat(base),
            cloudstash: lat(distinct),
            baselineRequests: base.ok,
            requests: distinct.ok,
          },
        });
      }
      const ratio = dupMbps / distinctMbps;
      rows.push({
        section: 'transfer',
        workload: `upload already-stored 5 MB, ${connections} client${connections > 1 ? 's' : ''}`,
        baseline: `${distinctMbps.toFixed(0)} MB/s distinct; ${fmtLat(distinct)}`,
        cloudstash: `${dupMbps.toFixed(0)} MB/s; ${fmtLat(dup)}`,
        ratio,
        target: '0.90–1.10',
        pass: ratio >= 0.9 && ratio <= 1.1,
        details: { distinct: lat(distinct), duplicate: lat(dup) },
      });
    }
  } finally {
    await bare.stop();
    await cs.stop();
    fs.rmSync(path.join(ctx.root, 'bare-uploads'), { recursive: true, force: true });
    fs.rmSync(path.join(ctx.root, 'upload-data'), { recursive: true, force: true });
  }
  return rows;
}

async function getLoad(url: string, connections: number, seconds: number, ranges?: string[]) {
  return load({
    url,
    connections,
    duration: seconds,
    ...(ranges ? { requests: ranges.map((range) => ({ headers: { range } })) } : {}),
  });
}

export async function downloadBenchmarks(ctx: Ctx): Promise<Row[]> {
  const rows: Row[] = [];
  const video = fileBytes('mp4');
  const webroot = path.join(ctx.root, 'nginx-root');
  fs.mkdirSync(webroot, { recursive: true });
  // nginx's workers drop root privileges: they must be able to read the file and every folder above it.
  fs.chmodSync(ctx.root, 0o755);
  fs.chmodSync(webroot, 0o755);
  fs.writeFileSync(path.join(webroot, 'video.mp4'), video);
  const nginx: RunningServer = await startNginx(webroot, path.join(ctx.root, 'nginx'));
  const cs = await startCloudStash({ dataDir: path.join(ctx.root, 'download-data') });
  const bareNode = await startBareDownloadServer(path.join(webroot, 'video.mp4'));
  try {
    const cookie = await signUp(cs.origin, 'viewer@bench.test');
    const { _id } = await upload(cs.origin, cookie, multipartBody(video, 'clip.mp4', 'video/mp4').body);
    const csUrl = cs.origin + (await downloadLink(cs.origin, cookie, _id));
    const nginxUrl = `${nginx.origin}/video.mp4`;
    const ranges = [0, 1, 2, 3].map((i) => `bytes=${i * SLICE}-${(i + 1) * SLICE - 1}`);
    ranges.push(`bytes=${FILE_BYTES - SLICE}-${FILE_BYTES - 1}`);
    await getLoad(nginxUrl, 4, 2);
    await getLoad(csUrl, 4, 2);

    for (const [label, each, rangeList] of [
      ['download 5 MB (signed link)', FILE_BYTES, undefined],
      ['ranged 1 MB reads of a 5 MB video', SLICE, ranges],
    ] as const) {
      for (const connections of [4, 16]) {
        const { base, ours, node } = await interleaved(ROUNDS, ctx.seconds, {
          base: (s) => getLoad(nginxUrl, connections, s, rangeList as string[] | undefined),
          ours: (s) => getLoad(csUrl, connections, s, rangeList as string[] | undefined),
          node: (s) =>
            getLoad(`${bareNode.origin}/video.mp4`, connections, s, rangeList as string[] | undefined),
        });
        checkFailures(node, `bare node ${label}`);
        checkFailures(base, `nginx ${label}`);
        checkFailures(ours, `cloudstash ${label}`);
        const b = mbPerSecond(base, each);
        const o = mbPerSecond(ours, each);
        ctx.log(
          `${label} c=${connections}: nginx ${b.toFixed(0)} MB/s, CloudStash ${o.toFixed(0)} MB/s, bare Node ${mbPerSecond(node, each).toFixed(0)} MB/s`,
        );
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients`,
          baseline: `${b.toFixed(0)} MB/s (nginx, sendfile)`,
          cloudstash: `${o.toFixed(0)} MB/s`,
          ratio: o / b,
          target: '≥ 0.80',
          pass: o / b >= 0.8,
          details: { baseline: lat(base), cloudstash: lat(ours) },
        });
        const n = mbPerSecond(node, each);
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients: bare Node file server (reference)`,
          baseline: `${b.toFixed(0)} MB/s (nginx, sendfile)`,
          cloudstash: `${n.toFixed(0)} MB/s (node:http + fs.createReadStream, no CloudStash)`,
          ratio: n / b,
          target: 'none: the ceiling for any Node server',
          pass: null,
          details: { baseline: lat(base), node: lat(node), cloudstashOverBareNode: o / n },
        });
      }
    }
  } finally {
    await nginx.stop();
    await cs.stop();
    await bareNode.stop();
    fs.rmSync(path.join(ctx.root, 'download-data'), { recursive: true, force: true });
    fs.rmSync(webroot, { recursive: true, force: true });
  }
  return rows;
}

/** Peak RSS of a fresh server while 32 clients upload distinct 5 MB files, against its idle RSS. */
export async function memoryBenchmark(ctx: Ctx): Promise<Row[]> {
  const cs = await startCloudStash({ dataDir: path.join(ctx.root, 'memory-data') });
  try {
    const cookie = await signUp(cs.origin, 'memory@bench.test');
    await new Promise((r) => setTimeout(r, 1000));
    const { rss: idle, hwm: hwmBefore } = cs.memory();
    const jpeg = multipartBody(fileBytes('jpeg'), 'photo.jpg', 'image/jpeg');
    const bodies = distinctBodies(jpeg.body, jpeg.fileOffset);
    const sampler = sampleMemory(cs.child.pid);
    const result = await uploadLoad(cs.origin, cookie, 32, ctx.seconds, bodies);
    const { peakRss, hwm } = sampler.stop();
    checkFailures(result, 'memory upload');
    // VmHWM also remembers start-up; it only tells about the load when it rose during it.
    const peak = hwm > hwmBefore ? Math.max(hwm, peakRss) : peakRss;
    const growth = (peak - idle) / MB;
    ctx.log(
      `memory: idle ${(idle / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB (VmHWM ${(hwm / MB).toFixed(0)} MB)`,
    );
    return [
      {
        section: 'memory',
        workload: 'server RSS growth, 32 concurrent 5 MB uploads',
        baseline: `${(idle / MB).toFixed(0)} MB idle`,
        cloudstash: `${(peak / MB).toFixed(0)} MB peak (+${growth.toFixed(0)} MB)`,
        ratio: growth / ((32 * FILE_BYTES) / MB),
        target: 'growth < 100 MB (160 MB in flight)',
        pass: growth < 100,
        details: {
          idleRss: idle,
          peakRss,
          vmHwmBefore: hwmBefore,
          vmHwm: hwm,
          uploads: result.ok,
          mbps: mbPerSecond(result, FILE_BYTES),
        },
      },
    ];
  } finally {
    await cs.stop();
    fs.rmSync(path.join(ctx.root, 'memory-data'), { recursive: true, force: true });
  }
}
