/**
 * `npm run bench`: every speed and memory claim of CloudStash as a ratio against a baseline measured in the same
 * run on the same machine. Prints a Markdown table and writes bench/results/<date>-<machine>.{json,md}.
 *
 *   npm run bench                      full run (10k, 100k and 1M files on SQLite and PostgreSQL)
 *   npm run bench -- --quick           skips the 1M datasets and shortens each measurement
 *   npm run bench -- --only=lists      any of transfer,memory,lists,landing,thumbnails,grid,large,folders,
 *                                      folder-drop,webdav (or uploads,
 *                                      dedup-timing, downloads: parts of transfer)
 *   npm run bench -- --dialects=sqlite --sizes=10000,1000000 --seconds=5 --no-build
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must let the bench
 * create and drop databases named cloudstash_bench_*. nginx: Debian's nginx-light; the WebDAV rows: Debian's
 * rclone (see README).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { folderBenchmarks } from './folders';
import { gridBenchmark } from './grid';
import { folderDropBenchmark } from './folder-drop';
import { dedupTimingBenchmark } from './dedup-timing';
import { landingBenchmark } from './landing';
import { largeUploadBenchmarks } from './large-uploads';
import { listBenchmarks } from './lists';
import { BENCH_DIR, REPO_DIR } from './lib/paths';
import { markdownTable, publishToReadme, writeResults, type Row } from './lib/report';
import { thumbnailBenchmarks } from './thumbnails';
import { stopAllChildren } from './lib/proc';
import { findNginx } from './lib/servers';
import { downloadBenchmarks, memoryBenchmark, uploadBenchmarks } from './transfer';
import { webdavBenchmarks } from './webdav';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    dialects: { type: 'string' },
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const started = new Date();
const quick = values.quick;
const ALL_SECTIONS = 'transfer,memory,lists,landing,thumbnails,grid,large,folders,folder-drop,webdav';
const sections = new Set((values.only ?? ALL_SECTIONS).split(','));
const seconds = Number(values.seconds ?? (quick ? 4 : 8));
const sizes = (values.sizes ?? (quick ? '10000,100000' : '10000,100000,1000000')).split(',').map(Number);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fs.mkdtempSync(path.join(process.env.BENCH_TMPDIR ?? os.tmpdir(), 'cloudstash-bench-'));
const log = (line: string) =>
  console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const notes: string[] = [];

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  log(
    `data folder ${root}; ${quick ? 'quick run' : 'full run'}, ${seconds} s per measurement; load generator: autocannon`,
  );
  if ((sections.has('transfer') || sections.has('downloads')) && !findNginx()) {
    throw new Error('nginx is not installed; the download baseline needs it: apt-get install -y nginx-light');
  }
  const rows: Row[] = [];
  let datasets: unknown[] = [];
  const ctx = { root, seconds, log };
  // The timing test first, on a quiet disk. After the upload rows, the disk is still taking in their
  // gigabytes (and discarding them once deleted) for a while, which in one full run slowed the two samples
  // unevenly (medians 27.8 and 39.8 ms) where runs of the section alone had them 4-17 % apart, either way.
  if (sections.has('transfer') || sections.has('dedup-timing'))
    rows.push(...(await dedupTimingBenchmark(ctx)));
  if (sections.has('transfer') || sections.has('uploads')) rows.push(...(await uploadBenchmarks(ctx)));
  if (sections.has('transfer') || sections.has('downloads')) rows.push(...(await downloadBenchmarks(ctx)));
  if (sections.has('memory')) rows.push(...(await memoryBenchmark(ctx)));
  if (sections.has('lists')) {
    let dialects = (values.dialects ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
    if (dialects.includes('postgres') && !(await postgresReachable())) {
      notes.push(
        `PostgreSQL was not reachable at ${pgUrl.replace(/\/\/[^@]*@/, '//')}: its list rows were not measured.`,
      );
      log(notes.at(-1)!);
      dialects = dialects.filter((d) => d !== 'postgres');
    }
    const result = await listBenchmarks(
      { ...ctx, seconds: Math.min(seconds, quick ? 2 : 3), pgUrl },
      dialects,
      sizes,
    );
    rows.push(...result.rows);
    datasets = result.raw;
  }
  if (sections.has('landing'))
    rows.push(...(await landingBenchmark({ build: !values['no-build'], workDir: root, log })));
  if (sections.has('thumbnails')) rows.push(...(await thumbnailBenchmarks(ctx)));
  if (sections.has('grid')) rows.push(...(await gridBenchmark(ctx)));
  if (sections.has('large')) rows.push(...(await largeUploadBenchmarks(ctx)));
  if (sections.has('folders')) rows.push(...(await folderBenchmarks(ctx)));
  if (sections.has('folder-drop')) rows.push(...(await folderDropBenchmark(ctx)));
  if (sections.has('webdav')) rows.push(...(await webdavBenchmarks(ctx)));

  const full =
    !quick && sections.size === ALL_SECTIONS.split(',').length && !values.sizes && !values.dialects;
  const out = writeResults(path.join(BENCH_DIR, 'results', full ? '' : 'partial'), {
    rows,
    startedAt: started,
    seconds: (Date.now() - started.getTime()) / 1000,
    options: { quick, sections: [...sections], seconds, sizes, datasets },
    notes,
  });
  if (full) {
    const seconds = (Date.now() - started.getTime()) / 1000;
    publishToReadme(path.join(REPO_DIR, 'README.md'), rows, path.relative(REPO_DIR, out.md), seconds);
  }
  console.log(`\n${markdownTable(rows)}\n`);
  const misses = rows.filter((r) => r.pass === false);
  console.log(
    `${rows.filter((r) => r.pass).length} met, ${misses.length} missed, ${rows.filter((r) => r.pass === null).length} informational.`,
  );
  console.log(
    `Results: ${path.relative(process.cwd(), out.json)} and .md (${Math.round((Date.now() - started.getTime()) / 1000)} s)`,
  );
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
    // A section that failed halfway leaves the servers it had started (nginx, CloudStash): without this the
    // bench would wait on them for ever instead of exiting.
    await stopAllChildren();
  })
  .finally(() => {
    if (!values.keep) fs.rmSync(root, { recursive: true, force: true });
  });
