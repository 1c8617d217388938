import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { downloadLink, multipartBody, multipartHeaders, signUp, upload } from './lib/api';
import { interleaved, load, mbPerSecond, MB, ratioSpread, type LoadResult } from './lib/load';
import { sampleMemory } from './lib/proc';
import type { Row } from './lib/report';
import {
  startBareHandOffServer,
  startBareDownloadServer,
  startBareUploadServer,
  startCloudStash,
  startNginx,
  type RunningServer,
} from './lib/servers';

export const FILE_BYTES = 5_000_000;
const SLICE = 1024 * 1024;
/** The ranged-read rows ask for these in turn: the first four MiB one by one, then the last MiB. */
export const RANGED_READS = [0, 1, 2, 3]
  .map((i) => `bytes=${i * SLICE}-${(i + 1) * SLICE - 1}`)
  .concat(`bytes=${FILE_BYTES - SLICE}-${FILE_BYTES - 1}`);
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

/**
 * A new copy of the same body for every request. The load generator runs on the same two cores as the server
 * and rebuilds a request whose body is a new buffer, but reuses one whose body is the same object: handing the
 * already-stored row one unchanging buffer made its client some 10 ms per request cheaper than the distinct
 * row's, which showed as already-stored uploads "1.25–1.46× faster" (single-client p50s 1 ms apart).
 */
function sameBodies(template: Buffer) {
  return () => {
    const body = Buffer.allocUnsafe(template.length);
    template.copy(body);
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
  const durable = await startBareUploadServer(path.join(ctx.root, 'durable-uploads'), { fsync: true });
  const cs = await startCloudStash({ dataDir: path.join(ctx.root, 'upload-data') });
  try {
    const cookie = await signUp(cs.origin, 'uploader@bench.test');
    const duplicate = multipartBody(fileBytes('jpeg'), 'same.jpg', 'image/jpeg');
    await upload(cs.origin, cookie, duplicate.body);
    // Warm the servers (JIT, connection pools) before measuring.
    await uploadLoad(bare.origin, undefined, 4, 2, bodies);
    await uploadLoad(durable.origin, undefined, 4, 2, bodies);
    await uploadLoad(cs.origin, cookie, 4, 2, bodies);

    for (const connections of [1, 4, 16]) {
      const runs = {
        ...(connections > 1 && {
          base: (s: number) => uploadLoad(durable.origin, undefined, connections, s, bodies),
          reference: (s: number) => uploadLoad(bare.origin, undefined, connections, s, bodies),
        }),
        distinct: (s: number) => uploadLoad(cs.origin, cookie, connections, s, bodies),
        dup: (s: number) => uploadLoad(cs.origin, cookie, connections, s, sameBodies(duplicate.body)),
      } as Record<'base' | 'reference' | 'distinct' | 'dup', (s: number) => Promise<LoadResult>>;
      const measured = await interleaved(ROUNDS, ctx.seconds, runs, flush);
      const { base, reference, distinct, dup } = measured as Partial<typeof measured> &
        Pick<typeof measured, 'distinct' | 'dup'>;
      if (base) checkFailures(base, 'bare upload with fsync');
      if (reference) checkFailures(reference, 'bare upload');
      checkFailures(distinct, 'distinct upload');
      checkFailures(dup, 'duplicate upload');
      const distinctMbps = mbPerSecond(distinct, FILE_BYTES);
      const dupMbps = mbPerSecond(dup, FILE_BYTES);
      const mbps = (r: LoadResult | undefined) => (r ? mbPerSecond(r, FILE_BYTES).toFixed(0) : '-');
      ctx.log(
        `upload c=${connections}: bare+fsync ${mbps(base)} MB/s, bare ${mbps(reference)}, distinct ${distinctMbps.toFixed(0)}, duplicate ${dupMbps.toFixed(0)}`,
      );
      if (base && reference) {
        const baseMbps = mbPerSecond(base, FILE_BYTES);
        const referenceMbps = mbPerSecond(reference, FILE_BYTES);
        rows.push({
          section: 'transfer',
          workload: `upload distinct 5 MB, ${connections} clients`,
          baseline: `${baseMbps.toFixed(0)} MB/s (bare node:http, SHA-256 + write + fsync of file and folder)`,
          cloudstash: `${distinctMbps.toFixed(0)} MB/s`,
          ratio: distinctMbps / baseMbps,
          spread: ratioSpread(distinct, base, FILE_BYTES),
          target: '≥ 0.80',
          pass: distinctMbps / baseMbps >= 0.8,
          details: {
            baseline: lat(base),
            cloudstash: lat(distinct),
            baselineRequests: base.ok,
            requests: distinct.ok,
          },
        });
        rows.push({
          section: 'transfer',
          workload: `upload distinct 5 MB, ${connections} clients: against no fsync (reference)`,
          baseline: `${referenceMbps.toFixed(0)} MB/s (bare node:http, SHA-256 + write, removed unwritten: nothing made durable)`,
          cloudstash: `${distinctMbps.toFixed(0)} MB/s`,
          ratio: distinctMbps / referenceMbps,
          spread: ratioSpread(distinct, reference, FILE_BYTES),
          target: 'none: not the same job',
          pass: null,
          details: { baseline: lat(reference), cloudstash: lat(distinct) },
        });
      }
      const ratio = dupMbps / distinctMbps;
      rows.push({
        section: 'transfer',
        workload: `upload already-stored 5 MB, ${connections} client${connections > 1 ? 's' : ''}`,
        baseline: `${distinctMbps.toFixed(0)} MB/s distinct; ${fmtLat(distinct)}`,
        cloudstash: `${dupMbps.toFixed(0)} MB/s; ${fmtLat(dup)}`,
        ratio,
        spread: ratioSpread(dup, distinct, FILE_BYTES),
        target: '0.90–1.10',
        pass: ratio >= 0.9 && ratio <= 1.1,
        details: { distinct: lat(distinct), duplicate: lat(dup) },
      });
    }
  } finally {
    await bare.stop();
    await durable.stop();
    await cs.stop();
    fs.rmSync(path.join(ctx.root, 'bare-uploads'), { recursive: true, force: true });
    fs.rmSync(path.join(ctx.root, 'durable-uploads'), { recursive: true, force: true });
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

/** The internal location docs/nginx/cloudstash-hand-off.conf serves blobs from. */
export const HAND_OFF_PREFIX = '/_blobs/';

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
  // The same file behind nginx with the hand-off on: a CloudStash of its own, as a deployment would run it.
  const handOffData = path.join(ctx.root, 'handoff-data');
  const handOffCs = await startCloudStash({
    dataDir: handOffData,
    env: { ACCEL_REDIRECT_PREFIX: HAND_OFF_PREFIX },
  });
  const handOffNginx = await startNginx(webroot, path.join(ctx.root, 'nginx-handoff'), {
    upstream: handOffCs.origin,
    blobs: path.join(handOffData, 'blobs'),
  });
  // The ceiling of any hand-off here: nginx in front of an upstream that hands every request off at once.
  const bareHandOff = await startBareHandOffServer(`${HAND_OFF_PREFIX}video.mp4`);
  const bareHandOffNginx = await startNginx(webroot, path.join(ctx.root, 'nginx-bare-handoff'), {
    upstream: bareHandOff.origin,
    blobs: webroot,
  });
  try {
    const cookie = await signUp(cs.origin, 'viewer@bench.test');
    const { _id } = await upload(cs.origin, cookie, multipartBody(video, 'clip.mp4', 'video/mp4').body);
    const csUrl = cs.origin + (await downloadLink(cs.origin, cookie, _id));
    // Set up directly (nginx's default body limit is 1 MB); only the downloads go through nginx.
    const handOffCookie = await signUp(handOffCs.origin, 'viewer@bench.test');
    const handOffId = (
      await upload(handOffCs.origin, handOffCookie, multipartBody(video, 'clip.mp4', 'video/mp4').body)
    )._id;
    const handOffUrl = handOffNginx.origin + (await downloadLink(handOffCs.origin, handOffCookie, handOffId));
    await expectHandOff(handOffUrl, video);
    const nginxUrl = `${nginx.origin}/video.mp4`;
    const nodeUrl = `${bareNode.origin}/video.mp4`;
    const bareHandOffUrl = `${bareHandOffNginx.origin}/video.mp4`;
    for (const url of [nginxUrl, csUrl, nodeUrl, handOffUrl, bareHandOffUrl]) await getLoad(url, 4, 2);

    for (const [label, each, rangeList, nodeTarget] of [
      ['download 5 MB (signed link)', FILE_BYTES, undefined, 0.8],
      ['ranged 1 MB reads of a 5 MB video', SLICE, RANGED_READS, 0.9],
    ] as const) {
      for (const connections of [4, 16]) {
        const get = (url: string) => (s: number) =>
          getLoad(url, connections, s, rangeList as string[] | undefined);
        const { base, ours, node, handOff, bareHand } = await interleaved(ROUNDS, ctx.seconds, {
          base: get(nginxUrl),
          ours: get(csUrl),
          node: get(nodeUrl),
          handOff: get(handOffUrl),
          bareHand: get(bareHandOffUrl),
        });
        checkFailures(node, `bare node ${label}`);
        checkFailures(base, `nginx ${label}`);
        checkFailures(ours, `cloudstash ${label}`);
        checkFailures(handOff, `hand-off ${label}`);
        checkFailures(bareHand, `bare hand-off ${label}`);
        const b = mbPerSecond(base, each);
        const o = mbPerSecond(ours, each);
        const n = mbPerSecond(node, each);
        const h = mbPerSecond(handOff, each);
        const bh = mbPerSecond(bareHand, each);
        ctx.log(
          `${label} c=${connections}: nginx ${b.toFixed(0)} MB/s, CloudStash ${o.toFixed(0)} MB/s, bare Node ${n.toFixed(0)} MB/s, hand-off ${h.toFixed(0)} MB/s, bare hand-off ${bh.toFixed(0)} MB/s`,
        );
        const nodeSpread = ratioSpread(ours, node, each);
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients`,
          baseline: `${n.toFixed(0)} MB/s (bare node:http + fs.createReadStream)`,
          cloudstash: `${o.toFixed(0)} MB/s`,
          ratio: o / n,
          spread: nodeSpread,
          target: `≥ ${nodeTarget.toFixed(2)}`,
          pass: o / n >= nodeTarget,
          details: { baseline: lat(node), cloudstash: lat(ours) },
        });
        const handOffSpread = ratioSpread(handOff, base, each);
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients, behind nginx with ACCEL_REDIRECT_PREFIX`,
          baseline: `${b.toFixed(0)} MB/s (nginx alone, sendfile)`,
          cloudstash: `${h.toFixed(0)} MB/s`,
          ratio: h / b,
          spread: handOffSpread,
          target: '≥ 0.90',
          pass: h / b >= 0.9,
          details: { baseline: lat(base), cloudstash: lat(handOff) },
        });
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients, behind nginx: against a hand-off that checks nothing (reference)`,
          baseline: `${bh.toFixed(0)} MB/s (nginx and a bare node:http upstream answering X-Accel-Redirect at once: ${(bh / b).toFixed(2)} of nginx alone)`,
          cloudstash: `${h.toFixed(0)} MB/s`,
          ratio: h / bh,
          spread: ratioSpread(handOff, bareHand, each),
          target: 'none: the cheapest hand-off that asks its upstream for every request',
          pass: null,
          details: { baseline: lat(bareHand), cloudstash: lat(handOff), nginxAlone: lat(base) },
        });
        rows.push({
          section: 'transfer',
          workload: `${label}, ${connections} clients: against nginx (reference)`,
          baseline: `${b.toFixed(0)} MB/s (nginx, sendfile)`,
          cloudstash: `${o.toFixed(0)} MB/s CloudStash; bare Node ${n.toFixed(0)} MB/s (${(n / b).toFixed(2)})`,
          ratio: o / b,
          spread: ratioSpread(ours, base, each),
          target: 'none: no Node process sending bytes itself reaches nginx',
          pass: null,
          details: { baseline: lat(base), node: lat(node), cloudstash: lat(ours) },
        });
      }
    }
  } finally {
    await bareHandOffNginx.stop();
    await bareHandOff.stop();
    await handOffNginx.stop();
    await handOffCs.stop();
    await nginx.stop();
    await cs.stop();
    await bareNode.stop();
    fs.rmSync(path.join(ctx.root, 'download-data'), { recursive: true, force: true });
    fs.rmSync(handOffData, { recursive: true, force: true });
    fs.rmSync(webroot, { recursive: true, force: true });
  }
  return rows;
}

/** The hand-off must deliver the very bytes, with CloudStash's headers, or its figure means nothing. */
async function expectHandOff(url: string, bytes: Buffer): Promise<void> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  if (
    response.status !== 200 ||
    !body.equals(bytes) ||
    !headers['content-disposition']?.startsWith('attachment')
  )
    throw new Error(
      `hand-off through nginx failed: ${response.status}, ${body.length} bytes, ${JSON.stringify(headers)}`,
    );
  if (
    !headers['content-security-policy']?.includes('sandbox') ||
    headers['x-content-type-options'] !== 'nosniff'
  )
    throw new Error(`hand-off through nginx lost CloudStash's headers: ${JSON.stringify(headers)}`);
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
