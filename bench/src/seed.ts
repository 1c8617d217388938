import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { nameSortKey } from '@cloudstash/contract';
import type * as ConnectModule from '../../apps/server/src/db/connect';
import type * as MigrationsModule from '../../apps/server/src/db/migrate';
import type * as PasswordsModule from '../../apps/server/src/services/passwords';
import { SERVER_SRC } from './lib/paths';

// The server's own code, from the checkout under test (BENCH_SERVER_SRC), so the schema is the one it expects.
const { connectDatabase } = (await import(path.join(SERVER_SRC, 'db/connect.ts'))) as typeof ConnectModule;
// Older checkouts (BENCH_SERVER_SRC) keep the registry in db/migrations.ts.
const migrateModule = ['db/migrate.ts', 'db/migrations.ts']
  .map((file) => path.join(SERVER_SRC, file))
  .find((file) => fs.existsSync(file))!;
const { migrateToLatest } = (await import(migrateModule)) as typeof MigrationsModule;
const { hashPassword } = (await import(
  path.join(SERVER_SRC, 'services/passwords.ts')
)) as typeof PasswordsModule;
/** Migration 002's maintained totals, when the checkout under test has them. */
const totalsModule = path.join(SERVER_SRC, 'db/totals.ts');
const rebuildTotals = fs.existsSync(totalsModule)
  ? ((await import(totalsModule)) as { rebuildTotals: (db: unknown) => Promise<void> }).rebuildTotals
  : undefined;

/** Migration 015's search tables (SQLite), refilled after the load like the totals, when the checkout has them. */
const searchModule = path.join(SERVER_SRC, 'db/search-indexes.ts');
const rebuildSearchIndexes = fs.existsSync(searchModule)
  ? ((await import(searchModule)) as { rebuildSearchIndexes: (db: unknown) => Promise<void> })
      .rebuildSearchIndexes
  : undefined;

/**
 * A bulk load the way a database restore does it: secondary indexes and triggers are set aside while the rows
 * go in and rebuilt from the server's own definitions afterwards (sorting once beats a million random index
 * inserts), then the maintained totals are recomputed the way migration 002 backfills them.
 */
async function recomputeTotals(target: Parameters<typeof connectDatabase>[0]) {
  if (!rebuildTotals && !rebuildSearchIndexes) return;
  const db = connectDatabase(target);
  try {
    if (rebuildTotals) await db.transaction().execute((trx) => rebuildTotals(trx));
    await rebuildSearchIndexes?.(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Bulk seeding of a benchmark instance: the server's own migrations, then users, blobs and files rows inserted
 * directly in large batches (never through HTTP). The same deterministic generator feeds both dialects.
 */
export interface Shape {
  files: number;
  users: number;
  blobs: number;
}

/** About 100 files per account (1M files over 10k users) and one upload in five a duplicate of another. */
export function shapeFor(files: number): Shape {
  return { files, users: Math.max(100, Math.round(files / 100)), blobs: Math.ceil(files * 0.8) };
}

export interface Seeded {
  adminToken: string;
  userToken: string;
  seconds: number;
}

const WORDS = [
  'report',
  'holiday',
  'invoice',
  'family',
  'draft',
  'budget',
  'sunset',
  'meeting',
  'notes',
  'scan',
  'beach',
  'garden',
  'project',
  'slides',
  'recipe',
  'concert',
  'receipt',
  'birthday',
  'wedding',
  'trip',
  'summary',
  'contract',
  'plan',
  'poster',
  'lecture',
  'demo',
  'backup',
  'archive',
  'screenshot',
  'portrait',
  'mountain',
  'city',
  'river',
  'team',
];
const TYPES: [string, string][] = [
  ['image/jpeg', 'image'],
  ['image/png', 'image'],
  ['video/mp4', 'video'],
  ['application/pdf', 'document'],
  ['text/plain', 'document'],
];
const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Barbara', 'Ken', 'Margaret', 'Dennis', 'Frances', 'Edsger'];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Allen',
  'Dijkstra',
];

/** mulberry32: a small seeded PRNG, so every run and both dialects get the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random UUID-shaped id; with `order`, its first 8 digits count up (like UUIDv7) so inserts append to the key. */
const uuidFrom = (rand: () => number, order?: number) => {
  const random = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  const hex = order === undefined ? random : order.toString(16).padStart(8, '0') + random.slice(8);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const blobHash = (j: number) => crypto.createHash('sha256').update(`bench-blob-${j}`).digest('hex');
const blobSize = (hash: string) => 1000 + (parseInt(hash.slice(0, 8), 16) % 5_000_000);
const T0 = Date.parse('2023-01-01T00:00:00Z');
const SPAN = 2 * 365 * 86_400_000;

export const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'password_hash',
  'role',
  'created_at',
  'updated_at',
] as const;
export const BLOB_COLUMNS = ['hash', 'size', 'ref_count', 'created_at'] as const;
export const FILE_COLUMNS = [
  'id',
  'owner_id',
  'blob_hash',
  'filename',
  'mimetype',
  'category',
  'size',
  'is_public',
  'download_count',
  'created_at',
  'updated_at',
] as const;
type Value = string | number;

/**
 * The rows of a table whose name column has a stored sort key (migration 017's files.filename_key and
 * users.name_key), with the key appended as the server computes it, when the schema under test has the column.
 */
function withNameKeys(
  columns: readonly string[],
  rows: Iterable<Value[]>,
  keys: { name: string; key: string } | undefined,
): { columns: readonly string[]; rows: Iterable<Value[]> } {
  if (!keys) return { columns, rows };
  const at = columns.indexOf(keys.name);
  function* keyed() {
    for (const row of rows) yield [...row, nameSortKey(String(row[at]))];
  }
  return { columns: [...columns, keys.key], rows: keyed() };
}
const FILE_NAME_KEY = { name: 'filename', key: 'filename_key' };
const USER_NAME_KEY = { name: 'name', key: 'name_key' };

function* userRows(shape: Shape, passwordHash: string, ids: string[]): Generator<Value[]> {
  for (let k = 0; k < shape.users; k++) {
    const at = new Date(T0 - 86_400_000 + k * 1000).toISOString();
    yield [
      ids[k]!,
      `${FIRST[k % 10]} ${LAST[Math.floor(k / 10) % 10]} ${k}`,
      `user${k}@bench.test`,
      passwordHash,
      k === 0 ? 'admin' : 'user',
      at,
      at,
    ];
  }
}

/** Blob rows in key order, so the primary key is built by appending rather than by random inserts. */
function blobRows(shape: Shape): Value[][] {
  const shared = shape.files - shape.blobs;
  const rows: Value[][] = [];
  for (let j = 0; j < shape.blobs; j++) {
    const hash = blobHash(j);
    rows.push([hash, blobSize(hash), j < shared ? 2 : 1, new Date(T0 + j).toISOString()]);
  }
  return rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

function* fileRows(shape: Shape, userIds: string[]): Generator<Value[]> {
  const rand = prng(42);
  const step = SPAN / shape.files;
  for (let i = 0; i < shape.files; i++) {
    const hash = blobHash(i % shape.blobs);
    const [mimetype, category] = TYPES[Math.floor(rand() * TYPES.length)]!;
    const at = new Date(T0 + Math.floor(i * step + rand() * step)).toISOString();
    const name = `${WORDS[Math.floor(rand() * WORDS.length)]}-${WORDS[Math.floor(rand() * WORDS.length)]}-${i}`;
    yield [
      uuidFrom(rand, i),
      userIds[Math.floor(rand() * userIds.length)]!,
      hash,
      name,
      mimetype,
      category,
      blobSize(hash),
      rand() < 0.5 ? 1 : 0,
      Math.floor(rand() ** 3 * 1000),
      at,
      at,
    ];
  }
}

function* batches<T>(rows: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

function sessionRow(userId: string) {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  return {
    token,
    row: [
      crypto.createHash('sha256').update(token).digest('hex'),
      userId,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    ],
  };
}
const SESSION_COLUMNS = ['token_hash', 'user_id', 'created_at', 'last_seen_at', 'expires_at'];

async function prepare(shape: Shape) {
  const passwordHash = await hashPassword('Bench-passw0rd-1');
  const rand = prng(7);
  const userIds = Array.from({ length: shape.users }, () => uuidFrom(rand));
  return { passwordHash, userIds };
}

export async function seedSqlite(dataDir: string, shape: Shape, log: (s: string) => void): Promise<Seeded> {
  const started = Date.now();
  const file = path.join(dataDir, 'cloudstash.db');
  const kysely = connectDatabase({ database: { kind: 'sqlite', file } });
  await migrateToLatest(kysely);
  await kysely.destroy();
  const { passwordHash, userIds } = await prepare(shape);

  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  db.pragma('foreign_keys = OFF');
  const deferred = db
    .prepare(
      `select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null
       and tbl_name in ('users', 'blobs', 'files')`,
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const item of deferred) db.exec(`drop ${item.type} ${item.name}`);
  const insertAll = (
    table: string,
    columns: readonly string[],
    rows: Iterable<Value[]>,
    perStatement: number,
  ) => {
    const one = `(${columns.map(() => '?').join(',')})`;
    const statements = new Map<number, SQLite.Statement>();
    const statementFor = (n: number) => {
      let s = statements.get(n);
      if (!s) {
        s = db.prepare(`insert into ${table} (${columns.join(',')}) values ${Array(n).fill(one).join(',')}`);
        statements.set(n, s);
      }
      return s;
    };
    const insertChunk = db.transaction((chunk: Value[][]) => {
      for (const part of batches(chunk, perStatement)) statementFor(part.length).run(part.flat());
    });
    for (const chunk of batches(rows, 50_000)) insertChunk(chunk);
  };
  const hasKeys =
    db.prepare(`select 1 from pragma_table_info('files') where name = 'filename_key'`).get() !== undefined;
  const users = withNameKeys(
    USER_COLUMNS,
    userRows(shape, passwordHash, userIds),
    hasKeys ? USER_NAME_KEY : undefined,
  );
  const files = withNameKeys(FILE_COLUMNS, fileRows(shape, userIds), hasKeys ? FILE_NAME_KEY : undefined);
  insertAll('users', users.columns, users.rows, 500);
  log(`  users ${shape.users} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  insertAll('blobs', BLOB_COLUMNS, blobRows(shape), 1000);
  log(`  blobs ${shape.blobs} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  insertAll('files', files.columns, files.rows, 500);
  log(`  files ${shape.files} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const item of deferred) db.exec(item.sql);
  log(`  indexes and triggers (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const admin = sessionRow(userIds[0]!);
  const user = sessionRow(userIds[1]!);
  insertAll('sessions', SESSION_COLUMNS, [admin.row, user.row], 2);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  await recomputeTotals({ database: { kind: 'sqlite', file } });
  return { adminToken: admin.token, userToken: user.token, seconds: (Date.now() - started) / 1000 };
}

const PG_TYPES: Record<string, string> = {
  size: 'integer',
  ref_count: 'integer',
  is_public: 'integer',
  download_count: 'integer',
};

export async function seedPostgres(url: string, shape: Shape, log: (s: string) => void): Promise<Seeded> {
  const started = Date.now();
  const kysely = connectDatabase({ database: { kind: 'postgres', url } });
  await migrateToLatest(kysely);
  await kysely.destroy();
  const { passwordHash, userIds } = await prepare(shape);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    // One statement per batch: each column travels as one array parameter and unnest() turns them into rows.
    const insertAll = async (table: string, columns: readonly string[], rows: Iterable<Value[]>) => {
      const casts = columns.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(', ');
      const text = `insert into ${table} (${columns.join(',')}) select * from unnest(${casts})`;
      for (const batch of batches(rows, 20_000)) {
        await client.query(
          text,
          columns.map((_, i) => batch.map((row) => row[i])),
        );
      }
    };
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema()
         and tablename in ('users', 'blobs', 'files') and indexname not in (select conname from pg_constraint)`,
      )
    ).rows;
    await client.query('begin');
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    for (const table of ['users', 'blobs', 'files'])
      await client.query(`alter table ${table} disable trigger user`);
    const hasKeys =
      (
        await client.query(
          `select 1 from information_schema.columns where table_schema = current_schema()
           and table_name = 'files' and column_name = 'filename_key'`,
        )
      ).rowCount === 1;
    const users = withNameKeys(
      USER_COLUMNS,
      userRows(shape, passwordHash, userIds),
      hasKeys ? USER_NAME_KEY : undefined,
    );
    const files = withNameKeys(FILE_COLUMNS, fileRows(shape, userIds), hasKeys ? FILE_NAME_KEY : undefined);
    await insertAll('users', users.columns, users.rows);
    await insertAll('blobs', BLOB_COLUMNS, blobRows(shape));
    log(`  users, blobs (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    await insertAll('files', files.columns, files.rows);
    log(`  files ${shape.files} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    const admin = sessionRow(userIds[0]!);
    const user = sessionRow(userIds[1]!);
    await insertAll('sessions', SESSION_COLUMNS, [admin.row, user.row]);
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.def);
    for (const table of ['users', 'blobs', 'files'])
      await client.query(`alter table ${table} enable trigger user`);
    await client.query('commit');
    log(`  indexes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    await recomputeTotals({ database: { kind: 'postgres', url } });
    // What autovacuum would have done on a settled instance: statistics and the visibility map.
    await client.query('vacuum analyze');
    log(`  vacuum analyze (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { adminToken: admin.token, userToken: user.token, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one dataset; `drop` removes it. */
export async function createPgDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
