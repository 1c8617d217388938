import fs from 'node:fs';
import path from 'node:path';
import { getOnce } from './lib/api';
import { load, percentile, spreadOf } from './lib/load';
import type { Row } from './lib/report';
import { startCloudStash } from './lib/servers';
import { createPgDatabase, seedPostgres, seedSqlite, shapeFor, type Seeded } from './seed';

/** The read paths that must not slow down as an instance grows. `page` marks list pages (size-checked). */
export const ENDPOINTS = [
  {
    key: 'public-first',
    label: 'public list, first page',
    path: '/api/v1/files/public',
    as: 'user',
    page: true,
  },
  {
    key: 'public-filtered',
    label: 'public list, category=video sorted by size',
    path: '/api/v1/files/public?category=video&sort=size&order=desc',
    as: 'user',
    page: true,
  },
  {
    key: 'public-summary',
    label: 'public files summary',
    path: '/api/v1/files/public/summary',
    as: 'user',
    page: false,
  },
  {
    key: 'my-files',
    label: 'my files, first page',
    path: '/api/v1/files/user-files',
    as: 'user',
    page: true,
  },
  { key: 'my-stats', label: 'my stats', path: '/api/v1/files/stats', as: 'user', page: false },
  {
    key: 'admin-stats',
    label: 'admin storage statistics',
    path: '/api/v1/admin/stats',
    as: 'admin',
    page: false,
  },
  {
    key: 'admin-summary',
    label: 'admin all-files summary',
    path: '/api/v1/admin/files/summary',
    as: 'admin',
    page: false,
  },
  // Text search. q=report is in one file name in fifteen, so its matches grow with the instance: it is read in
  // the list's order and counted up to SEARCH_COUNT_LIMIT (meta.totalCapped). The uploader and email searches
  // match a fixed few, found through the trigram indexes (migration 015).
  {
    key: 'public-search',
    label: 'public list, text search q=report',
    path: '/api/v1/files/public?q=report',
    as: 'user',
    page: true,
  },
  {
    key: 'uploader-search',
    label: 'public list, text search by uploader q=lovelace 0',
    path: '/api/v1/files/public?q=lovelace%200',
    as: 'user',
    page: true,
  },
  {
    key: 'email-search',
    label: 'admin list, email search q=user7@',
    path: '/api/v1/admin/files?q=user7%40',
    as: 'admin',
    page: true,
  },
  // Information only: trigrams cannot index two characters, so this one is always read in the list's order.
  {
    key: 'short-search',
    label: 'public list, two-character search q=ep',
    path: '/api/v1/files/public?q=ep',
    as: 'user',
    page: true,
    info: true,
  },
] as const;

type Key = (typeof ENDPOINTS)[number]['key'];
export interface Measurement {
  p50: number;
  p90: number;
  n: number;
  bytes: number;
  total?: number;
  /** p50 of each interleaved round. */
  roundP50s: number[];
}
export type DatasetResult = {
  dialect: string;
  files: number;
  seedSeconds: number;
  endpoints: Record<Key, Measurement>;
};

interface Ctx {
  root: string;
  seconds: number;
  pgUrl: string;
  log: (line: string) => void;
}

interface Prepared {
  files: number;
  seeded: Seeded;
  origin: string;
  close(): Promise<void>;
}

/** Seeds one dataset in its own data folder (and PostgreSQL database) and starts a server on it. */
async function prepareDataset(dialect: 'sqlite' | 'postgres', files: number, ctx: Ctx): Promise<Prepared> {
  const shape = shapeFor(files);
  const dataDir = path.join(ctx.root, `${dialect}-${files}`);
  fs.mkdirSync(dataDir, { recursive: true });
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await drop?.();
  };
  ctx.log(`seeding ${dialect} with ${files} files, ${shape.users} users, ${shape.blobs} blobs`);
  try {
    let seeded: Seeded;
    if (dialect === 'sqlite') {
      seeded = await seedSqlite(dataDir, shape, ctx.log);
    } else {
      const created = await createPgDatabase(ctx.pgUrl, `cloudstash_bench_${files}`);
      drop = created.drop;
      databaseUrl = created.url;
      seeded = await seedPostgres(created.url, shape, ctx.log);
    }
    ctx.log(`  seeded in ${seeded.seconds.toFixed(1)} s`);
    const server = await startCloudStash({ dataDir, databaseUrl });
    return {
      files,
      seeded,
      origin: server.origin,
      close: async () => {
        await server.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Every dataset of a dialect is served at once and each endpoint is measured in short alternating rounds
 * (10k, 100k, 1M, 10k, ...), so a burst of noise on a shared machine lands on all sizes alike rather than on
 * whichever one happened to be running.
 */
async function measureDialect(
  dialect: 'sqlite' | 'postgres',
  sizes: number[],
  ctx: Ctx,
): Promise<DatasetResult[]> {
  const prepared: Prepared[] = [];
  try {
    for (const files of sizes) prepared.push(await prepareDataset(dialect, files, ctx));
    const results = prepared.map((p) => ({
      dialect,
      files: p.files,
      seedSeconds: p.seeded.seconds,
      endpoints: {} as Record<Key, Measurement>,
    }));
    for (const endpoint of ENDPOINTS) {
      const rounds = 3;
      const seconds = Math.max(
        1,
        Math.round(('info' in endpoint ? Math.min(ctx.seconds, 2) : ctx.seconds) / rounds),
      );
      const cookieOf = (p: Prepared) =>
        `cloudstash_session=${endpoint.as === 'admin' ? p.seeded.adminToken : p.seeded.userToken}`;
      const once = [];
      for (const p of prepared) {
        const answer = await getOnce(p.origin, cookieOf(p), endpoint.path);
        if (answer.status !== 200) throw new Error(`${endpoint.path} on ${p.files}: ${answer.status}`);
        once.push(answer);
        await load({
          url: p.origin + endpoint.path,
          connections: 1,
          duration: 1,
          headers: { cookie: cookieOf(p) },
        });
      }
      const times: number[][] = prepared.map(() => []);
      const roundP50s: number[][] = prepared.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (const [i, p] of prepared.entries()) {
          const before = times[i]!.length;
          const r = await load({
            url: p.origin + endpoint.path,
            connections: 1,
            duration: seconds,
            headers: { cookie: cookieOf(p) },
          });
          if (r.failed) throw new Error(`${endpoint.path} on ${p.files}: ${JSON.stringify(r.statuses)}`);
          times[i]!.push(...r.times);
          if (r.ok === 0) {
            // Slower than the round itself (a scan at 1M): time one request on its own instead.
            const t = performance.now();
            await getOnce(p.origin, cookieOf(p), endpoint.path);
            times[i]!.push(performance.now() - t);
          }
          roundP50s[i]!.push(
            percentile(
              [...times[i]!.slice(before)].sort((a, b) => a - b),
              50,
            ),
          );
        }
      }
      for (const [i, p] of prepared.entries()) {
        const sorted = times[i]!.sort((a, b) => a - b);
        const meta = (once[i]!.json as { meta?: { total: number } }).meta;
        const m: Measurement = {
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          n: sorted.length,
          bytes: once[i]!.bytes,
          total: meta?.total,
          roundP50s: roundP50s[i]!,
        };
        results[i]!.endpoints[endpoint.key] = m;
        ctx.log(
          `  ${dialect} ${p.files} ${endpoint.label}: p50 ${m.p50.toFixed(2)} ms, p90 ${m.p90.toFixed(2)} ms (${m.n} req), ` +
            `${m.bytes} B${meta ? `, total ${meta.total}` : ''}`,
        );
      }
    }
    return results;
  } finally {
    for (const p of prepared) await p.close();
  }
}

const DIALECT_LABEL = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

export async function listBenchmarks(ctx: Ctx, dialects: ('sqlite' | 'postgres')[], sizes: number[]) {
  const rows: Row[] = [];
  const raw: DatasetResult[] = [];
  for (const dialect of dialects) {
    const results = await measureDialect(dialect, sizes, ctx);
    raw.push(...results);
    const [small, ...larger] = results;
    for (const endpoint of ENDPOINTS) {
      const base = small!.endpoints[endpoint.key];
      for (const big of larger) {
        const m = big.endpoints[endpoint.key];
        const ratio = m.p50 / base.p50;
        const info = 'info' in endpoint;
        rows.push({
          section: 'lists',
          workload: `${endpoint.label}, ${DIALECT_LABEL[dialect]}, ${sizeLabel(big.files)} files`,
          baseline: `p50 ${base.p50.toFixed(2)} ms at ${sizeLabel(small!.files)}`,
          cloudstash:
            `p50 ${m.p50.toFixed(2)} ms` + (endpoint.page ? `, ${(m.bytes / 1024).toFixed(1)} KB page` : ''),
          ratio,
          spread: spreadOf(m.roundP50s.map((p50, r) => p50 / (base.roundP50s[r] ?? base.p50))),
          target: info ? 'none (a scan)' : endpoint.page ? '≤ 2.0, page < 100 KB' : '≤ 2.0',
          pass: info ? null : ratio <= 2 && (!endpoint.page || m.bytes < 100 * 1024),
          details: { small: base, large: m },
        });
      }
    }
  }
  return { rows, raw };
}
