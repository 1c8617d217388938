import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_BASE } from '@cloudstash/contract';
import { multipartBody, multipartHeaders, signUp } from './lib/api';
import { fillFolder } from './lib/fill-folder';
import { MB, percentile } from './lib/load';
import { freePort, readMemory, sampleMemory, startChild, waitForHttp } from './lib/proc';
import type { Row } from './lib/report';
import { startCloudStash, type RunningServer } from './lib/servers';

const exec = promisify(execFile);

interface Ctx {
  root: string;
  log: (line: string) => void;
}

/** The trees rclone copies up and back down, each way, per round: fresh bytes every round (no upload dedups). */
const TREES = {
  small: { count: 400, bytes: 4 * 1024, label: '400 files of 4 KB' },
  large: { count: 8, bytes: 16 * 1024 * 1024, label: '8 files of 16 MB' },
} as const;
type Tree = keyof typeof TREES;
const TRANSFERS = 4;
/** Interleaved rounds of the transfers (CloudStash and rclone's own server alternate which goes first). */
const ROUNDS = 5;
const LISTING = 2_000;
const BIG_LISTING = 10_000;
/** Timed PROPFINDs of each server, alternated, after a warm-up. */
const PROPFIND_ROUNDS = 15;
const MEMORY_PROPFINDS = 3;

/** The body rclone (vendor=owncloud) sends to list a folder: DAV: properties and ownCloud's checksums. */
const PROPFIND_BODY = `<?xml version="1.0"?>
<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">
 <d:prop>
  <d:displayname/>
  <d:getlastmodified/>
  <d:getcontentlength/>
  <d:resourcetype/>
  <d:getcontenttype/>
  <oc:checksums/>
 </d:prop>
</d:propfind>
`;

/** One WebDAV server as rclone and fetch reach it. */
interface DavSide {
  name: 'CloudStash' | 'rclone serve webdav';
  /** The WebDAV root, ending in a slash. */
  url: string;
  user: string;
  secret: string;
  /** `rclone obscure` of the secret, as rclone's config takes a password. */
  obscured: string;
  pid: number;
}

const basic = (side: DavSide) => `Basic ${Buffer.from(`${side.user}:${side.secret}`).toString('base64')}`;

/** A rate as the rows show it: MB/s, and files/s for the small files. */
const rateText = (tree: Tree, mbps: number) =>
  `${mbps.toFixed(1)} MB/s${tree === 'small' ? `, ${((mbps * MB) / TREES.small.bytes).toFixed(0)} files/s` : ''}`;

/** A folder's path (segments joined with '/') as a URL path under the WebDAV root, with its trailing slash. */
const folderUrl = (side: DavSide, folder: string) =>
  `${side.url}${folder.split('/').map(encodeURIComponent).join('/')}/`;

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function spreadOf(ratios: number[]) {
  return { min: Math.min(...ratios), median: median(ratios), max: Math.max(...ratios), n: ratios.length };
}

function rcloneInstalled(): boolean {
  try {
    execFileSync('rclone', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `rclone copy --transfers 4` from `from` to `to`, one side of it the `:webdav:` remote of `side` (an on-the-fly
 * remote configured by environment, no config file); seconds it took, the rclone process's start included.
 */
async function rcloneCopy(side: DavSide, from: string, to: string): Promise<number> {
  const started = performance.now();
  await exec(
    'rclone',
    [
      'copy',
      from,
      to,
      '--transfers',
      String(TRANSFERS),
      '--retries',
      '1',
      '--low-level-retries',
      '1',
      '--config',
      '/dev/null',
      '-q',
    ],
    {
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        RCLONE_WEBDAV_URL: side.url,
        // As docs/webdav.md tells rclone users to connect (modification times kept); the same for both.
        RCLONE_WEBDAV_VENDOR: 'owncloud',
        RCLONE_WEBDAV_USER: side.user,
        RCLONE_WEBDAV_PASS: side.obscured,
      },
    },
  );
  return (performance.now() - started) / 1000;
}

/**
 * The small tree without rclone: PUTs (then GETs) straight from this process, TRANSFERS at a time, into
 * `folder` (made first, untimed). rclone's WebDAV client spaces its calls at least 10 ms apart (its pacer, fixed
 * in Debian's 1.60), which caps it near 100 requests a second whatever the server: this shows the servers'
 * own pace on the same files. Seconds each way.
 */
async function rawSmallTransfers(
  side: DavSide,
  source: string,
  folder: string,
): Promise<{ up: number; down: number }> {
  const headers = { authorization: basic(side) };
  const base = folderUrl(side, folder);
  const made = await fetch(base, { method: 'MKCOL', headers });
  if (made.status !== 201) throw new Error(`MKCOL ${side.name} ${folder}: ${made.status}`);
  const names = fs.readdirSync(source);
  const bodies = names.map((name) => fs.readFileSync(path.join(source, name)));
  const inParallel = async (work: (i: number) => Promise<void>) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: TRANSFERS }, async () => {
        while (next < names.length) await work(next++);
      }),
    );
    return (performance.now() - started) / 1000;
  };
  const up = await inParallel(async (i) => {
    const res = await fetch(`${base}${names[i]!}`, { method: 'PUT', headers, body: bodies[i]! });
    await res.arrayBuffer();
    if (res.status !== 201 && res.status !== 204) throw new Error(`PUT ${side.name}: ${res.status}`);
  });
  const down = await inParallel(async (i) => {
    const res = await fetch(`${base}${names[i]!}`, { headers });
    const got = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !got.equals(bodies[i]!)) throw new Error(`GET ${side.name}: ${res.status}`);
  });
  return { up, down };
}

/** `count` files of `bytes` random bytes under `dir`. */
function writeTree(dir: string, count: number, bytes: number) {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    fs.writeFileSync(path.join(dir, `file-${String(i).padStart(4, '0')}.bin`), crypto.randomBytes(bytes));
  }
}

/** New first 16 bytes in every file of `dir`, so that a round's uploads are bytes neither server has seen. */
function restamp(dir: string) {
  for (const name of fs.readdirSync(dir)) {
    const fd = fs.openSync(path.join(dir, name), 'r+');
    try {
      fs.writeSync(fd, crypto.randomBytes(16), 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** Files and bytes under `dir` (what a download brought back). */
function countTree(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * A raw PROPFIND, Depth 1, read to its end: the milliseconds it took, and with `count` the responses it held
 * (the text is only kept then, outside the timed runs).
 */
async function propfind(
  side: DavSide,
  folder: string,
  count = false,
): Promise<{ ms: number; responses: number }> {
  const started = performance.now();
  const send = () =>
    fetch(folderUrl(side, folder), {
      method: 'PROPFIND',
      headers: { authorization: basic(side), depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
    });
  // Filling the listings blocks this process for seconds, long enough for a server to close a kept-alive
  // connection unnoticed: the first request after it may meet a closed socket, and is sent again once.
  const res = await send().catch(() => send());
  if (res.status !== 207 || !res.body) throw new Error(`PROPFIND ${side.name} ${folder}: ${res.status}`);
  if (count) {
    const text = await res.text();
    return {
      ms: performance.now() - started,
      responses: text.match(/<\/(?:[A-Za-z]+:)?response>/g)?.length ?? 0,
    };
  }
  for await (const chunk of res.body) void chunk;
  return { ms: performance.now() - started, responses: -1 };
}

/** rclone's own WebDAV server over a folder on the same disk, with a Basic user like CloudStash's. */
async function startRcloneServe(dir: string, secret: string): Promise<RunningServer> {
  const port = await freePort();
  const child = startChild(
    'rclone',
    [
      'serve',
      'webdav',
      dir,
      '--addr',
      `127.0.0.1:${port}`,
      '--user',
      'bench',
      '--pass',
      secret,
      '--config',
      '/dev/null',
    ],
    {},
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, child);
  return { origin, child, memory: () => readMemory(child.pid), stop: () => child.stop('SIGTERM') };
}

/**
 * WebDAV against `rclone serve webdav` serving a folder on the same disk, in the same run, with rclone as the
 * client for both (4 transfers): 400 files of 4 KB and 8 of 16 MB, each way; a raw PROPFIND Depth 1 of a folder
 * of 2,000 entries; and the server's RSS growth while it answers one of 10,000.
 */
export async function webdavBenchmarks(ctx: Ctx): Promise<Row[]> {
  if (!rcloneInstalled())
    throw new Error('rclone is not installed; the WebDAV rows need it: apt-get install -y rclone');
  const dir = path.join(ctx.root, 'webdav');
  const dataDir = path.join(dir, 'cloudstash-data');
  const served = path.join(dir, 'rclone-served');
  fs.mkdirSync(served, { recursive: true });
  const secret = crypto.randomBytes(12).toString('hex');
  const cs = await startCloudStash({
    dataDir,
    env: { ALLOWED_UPLOAD_TYPES: 'any', MAX_UPLOAD_BYTES: String(64 * MB) },
  });
  const rc = await startRcloneServe(served, secret);
  try {
    const email = 'webdav@bench.test';
    const cookie = await signUp(cs.origin, email);
    const api = async (url: string, body: unknown) => {
      const res = await fetch(`${cs.origin}${API_BASE}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: { _id: string; token: string } };
    };
    const token = (await api('/users/me/tokens', { name: 'bench', scope: 'read-write' })).data.token;
    const obscure = async (text: string) => (await exec('rclone', ['obscure', text])).stdout.trim();
    const sides: [DavSide, DavSide] = [
      {
        name: 'CloudStash',
        url: `${cs.origin}/dav/`,
        user: email,
        secret: token,
        obscured: await obscure(token),
        pid: cs.child.pid,
      },
      {
        name: 'rclone serve webdav',
        url: `${rc.origin}/`,
        user: 'bench',
        secret,
        obscured: await obscure(secret),
        pid: rc.child.pid,
      },
    ];

    // Listings: CloudStash's folders filled in its database with rows of one uploaded file (as the folder rows
    // do), rclone's with as many files of the same bytes on disk.
    const line = Buffer.from('a line of text\n');
    const template = await fetch(`${cs.origin}${API_BASE}/files/upload`, {
      method: 'POST',
      headers: { ...multipartHeaders, cookie },
      body: multipartBody(line, 'template.txt', 'text/plain').body,
    });
    if (!template.ok) throw new Error(`template upload: ${template.status} ${await template.text()}`);
    const templateId = ((await template.json()) as { data: { _id: string } }).data._id;
    const listings = { [LISTING]: `list ${LISTING}`, [BIG_LISTING]: `list ${BIG_LISTING}` };
    for (const [count, name] of Object.entries(listings)) {
      const folderId = (await api('/folders', { name })).data._id;
      fillFolder(path.join(dataDir, 'cloudstash.db'), templateId, folderId, Number(count));
      const onDisk = path.join(served, name);
      fs.mkdirSync(onDisk);
      for (let i = 0; i < Number(count); i++)
        fs.writeFileSync(path.join(onDisk, `file ${String(i).padStart(5, '0')}.txt`), line);
    }
    for (const side of sides) {
      for (const [count, name] of Object.entries(listings)) {
        const { responses } = await propfind(side, name, true);
        if (responses !== Number(count) + 1)
          throw new Error(`${side.name} listed ${responses} entries of ${name}, not ${Number(count) + 1}`);
      }
    }

    const listTimes: [number[], number[]] = [[], []];
    for (let i = 0; i < 3; i++) for (const side of sides) await propfind(side, listings[LISTING]);
    for (let i = 0; i < PROPFIND_ROUNDS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) listTimes[k]!.push((await propfind(sides[k]!, listings[LISTING])).ms);
    }
    const [listOurs, listTheirs] = listTimes.map(median) as [number, number];
    const listRatios = listTimes[0].map((t, i) => t / listTimes[1][i]!);
    ctx.log(
      `webdav: PROPFIND of ${LISTING} p50 ${listOurs.toFixed(1)} ms vs ${listTheirs.toFixed(1)} ms (rclone)`,
    );

    // Memory: RSS growth of each server over its idle RSS while it answers PROPFINDs of 10,000 entries.
    const bigTimes: [number[], number[]] = [[], []];
    const growth: [number, number] = [0, 0];
    for (let k = 0; k < 2; k++) {
      const side = sides[k]!;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idle = readMemory(side.pid).rss;
      const sampler = sampleMemory(side.pid);
      for (let i = 0; i < MEMORY_PROPFINDS; i++)
        bigTimes[k]!.push((await propfind(side, listings[BIG_LISTING])).ms);
      growth[k] = (sampler.stop().peakRss - idle) / 2 ** 20;
    }
    const [bigOurs, bigTheirs] = bigTimes.map(median) as [number, number];
    ctx.log(
      `webdav: PROPFIND of ${BIG_LISTING} p50 ${bigOurs.toFixed(0)} ms vs ${bigTheirs.toFixed(0)} ms (rclone); ` +
        `RSS +${growth[0].toFixed(1)} MiB vs +${growth[1].toFixed(1)} MiB (rclone)`,
    );

    // Transfers: one tree per size, given new bytes each round; each workload runs on both servers back to
    // back (which goes first alternates by round), uploads after a sync so no earlier writeback lands on them.
    const local = path.join(dir, 'local');
    for (const [tree, { count, bytes }] of Object.entries(TREES))
      writeTree(path.join(local, tree), count, bytes);
    const rates: Record<string, [number[], number[]]> = {};
    const measure = (key: string, k: number, bytes: number, seconds: number) => {
      rates[key] ??= [[], []];
      rates[key][k]!.push(bytes / MB / seconds);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const tree of Object.keys(TREES) as Tree[]) {
        const { count, bytes } = TREES[tree];
        const source = path.join(local, tree);
        restamp(source);
        const remote = `:webdav:round-${round}/${tree}`;
        for (const k of order) {
          execFileSync('sync');
          measure(`${tree} up`, k, count * bytes, await rcloneCopy(sides[k]!, source, remote));
        }
        for (const k of order) {
          const target = path.join(dir, `down-${k}`);
          const seconds = await rcloneCopy(sides[k]!, remote, target);
          const got = countTree(target);
          if (got.files !== count || got.bytes !== count * bytes)
            throw new Error(`${sides[k]!.name}: ${tree} came back as ${got.files} files, ${got.bytes} bytes`);
          measure(`${tree} down`, k, count * bytes, seconds);
          fs.rmSync(target, { recursive: true, force: true });
        }
      }
      {
        const { count, bytes } = TREES.small;
        const source = path.join(local, 'small');
        restamp(source);
        for (const k of order) {
          execFileSync('sync');
          const { up, down } = await rawSmallTransfers(sides[k]!, source, `round-${round}/raw`);
          measure('small raw-up', k, count * bytes, up);
          measure('small raw-down', k, count * bytes, down);
        }
      }
      // rclone's copies go once measured (CloudStash's stay: its data folder goes at the end).
      fs.rmSync(path.join(served, `round-${round}`), { recursive: true, force: true });
      ctx.log(
        `webdav round ${round + 1}: ` +
          Object.entries(rates)
            .map(([key, [a, b]]) => {
              const tree = key.split(' ')[0] as Tree;
              return `${key} ${rateText(tree, a.at(-1)!)} vs ${rateText(tree, b.at(-1)!)}`;
            })
            .join('; '),
      );
    }

    const transferRows: Row[] = Object.entries(rates).map(([key, [a, b]]) => {
      const [tree, way] = key.split(' ') as [Tree, 'up' | 'down' | 'raw-up' | 'raw-down'];
      const ratio = median(a) / median(b);
      const raw = way.startsWith('raw');
      const rate = (mbps: number) => rateText(tree, mbps);
      return {
        section: 'webdav',
        workload: raw
          ? `WebDAV ${way === 'raw-up' ? 'PUT' : 'GET'} of ${TREES[tree].label}, ${TRANSFERS} at a time from a bare client (no rclone pacing; reference row)`
          : `WebDAV ${way === 'up' ? 'upload' : 'download'} of ${TREES[tree].label} with \`rclone copy --transfers ${TRANSFERS}\``,
        baseline: `${rate(median(b))} (\`rclone serve webdav\` of a folder on the same disk)`,
        cloudstash: rate(median(a)),
        ratio,
        target: raw ? 'none' : '≥ 0.80',
        pass: raw ? null : ratio >= 0.8,
        spread: spreadOf(a.map((rate, i) => rate / b[i]!)),
        details: { cloudstashMBps: a, rcloneMBps: b },
      };
    });
    return [
      ...transferRows,
      {
        section: 'webdav',
        workload: `WebDAV PROPFIND Depth 1 of a folder of ${LISTING.toLocaleString('en-US')} files (raw request, read to its end)`,
        baseline: `${listTheirs.toFixed(1)} ms p50 (\`rclone serve webdav\`)`,
        cloudstash: `${listOurs.toFixed(1)} ms p50`,
        ratio: listOurs / listTheirs,
        target: '≤ 1.00',
        pass: listOurs <= listTheirs,
        spread: spreadOf(listRatios),
        details: { cloudstashMs: listTimes[0], rcloneMs: listTimes[1] },
      },
      {
        section: 'webdav',
        workload: `server RSS growth during a PROPFIND Depth 1 of a folder of ${BIG_LISTING.toLocaleString('en-US')} files (${MEMORY_PROPFINDS} in a row)`,
        baseline: `the idle RSS before them (\`rclone serve webdav\`: +${growth[1].toFixed(1)} MiB; ${bigTheirs.toFixed(0)} ms p50 against CloudStash's ${bigOurs.toFixed(0)} ms)`,
        cloudstash: `+${growth[0].toFixed(1)} MiB`,
        ratio: growth[0],
        target: 'growth < 50 MB',
        pass: growth[0] < 50,
        details: { cloudstashMs: bigTimes[0], rcloneMs: bigTimes[1], growthMiB: growth },
      },
    ];
  } catch (error) {
    ctx.log(`webdav: CloudStash said:\n${cs.child.output()}\nrclone serve said:\n${rc.child.output()}`);
    throw error;
  } finally {
    await cs.stop();
    await rc.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
