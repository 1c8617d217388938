import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nameSortKey } from '@cloudstash/contract';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest, migrationProvider, RENAMED_MIGRATIONS } from '../../src/db/migrate';
import { createPostgresDatabase, DIALECTS, type TestDialect } from '../helpers/dialects';
import { schemaSnapshot } from '../helpers/schema-snapshot';

type AnyDb = Kysely<any>;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A new, empty database; `open` connects to it (again, as another process would). */
async function newDatabase(dialect: TestDialect): Promise<{ open: () => AnyDb }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-migrations-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  if (postgres) cleanups.push(postgres.drop);
  const target = postgres
    ? { kind: 'postgres' as const, url: postgres.url }
    : { kind: 'sqlite' as const, file: path.join(dataDir, 'cloudstash.db') };
  return {
    open: () => {
      const db = connectDatabase({ database: target } as Parameters<typeof connectDatabase>[0]);
      // Cleanups run last in, first out: connections close before their database is dropped.
      cleanups.push(() => db.destroy());
      return db;
    },
  };
}

const NOW = '2025-01-15T10:00:00.000Z';
const USERS = [
  { id: 'u-1', name: 'Émile Zola', email: 'emile@example.com', role: 'admin' },
  { id: 'u-2', name: 'Weiß', email: 'weiss@example.com', role: 'user' },
  { id: 'u-3', name: 'Ana', email: 'ana@example.com', role: 'user' },
];
const BLOBS = [
  { hash: 'a'.repeat(64), size: 1_000, ref_count: 2 },
  { hash: 'b'.repeat(64), size: 250_000, ref_count: 1 },
  { hash: 'c'.repeat(64), size: 42, ref_count: 1 },
  { hash: 'd'.repeat(64), size: 7, ref_count: 1 },
  // Released by its last file, waiting for reclamation: not counted among stored blobs.
  { hash: 'e'.repeat(64), size: 999, ref_count: 0 },
];
const FILES = [
  {
    id: 'f-1',
    owner: 'u-1',
    blob: 'a',
    name: 'Photo été.png',
    type: 'image/png',
    category: 'image',
    public: 1,
    downloads: 5,
  },
  {
    id: 'f-2',
    owner: 'u-2',
    blob: 'a',
    name: 'photo copy.png',
    type: 'image/png',
    category: 'image',
    public: 0,
    downloads: 0,
  },
  {
    id: 'f-3',
    owner: 'u-1',
    blob: 'b',
    name: 'Holiday.mp4',
    type: 'video/mp4',
    category: 'video',
    public: 0,
    downloads: 2,
  },
  {
    id: 'f-4',
    owner: 'u-2',
    blob: 'c',
    name: 'Invoice Straße.pdf',
    type: 'application/pdf',
    category: 'document',
    public: 1,
    downloads: 11,
  },
  {
    id: 'f-5',
    owner: 'u-2',
    blob: 'd',
    name: 'notes.bin',
    type: 'application/octet-stream',
    category: 'other',
    public: 1,
    downloads: 0,
  },
];
const sizeOf = (blob: string) => BLOBS.find((b) => b.hash[0] === blob)!.size;

/** Rows as the first release stored them: accounts, sessions, shared and orphaned blobs, files of each kind. */
async function loadFirstReleaseRows(db: AnyDb) {
  const stamps = { created_at: NOW, updated_at: NOW };
  await db
    .insertInto('users')
    .values(USERS.map((u) => ({ ...u, password_hash: 'argon2-hash', ...stamps })))
    .execute();
  await db
    .insertInto('sessions')
    .values(
      ['s-1', 's-2'].map((token, i) => ({
        token_hash: token,
        user_id: USERS[i]!.id,
        created_at: NOW,
        last_seen_at: NOW,
        expires_at: '2025-02-15T10:00:00.000Z',
      })),
    )
    .execute();
  await db
    .insertInto('blobs')
    .values(BLOBS.map((b) => ({ ...b, created_at: NOW })))
    .execute();
  await db
    .insertInto('files')
    .values(
      FILES.map((f) => ({
        id: f.id,
        owner_id: f.owner,
        blob_hash: f.blob.repeat(64),
        filename: f.name,
        mimetype: f.type,
        category: f.category,
        size: sizeOf(f.blob),
        is_public: f.public,
        download_count: f.downloads,
        ...stamps,
      })),
    )
    .execute();
  await db
    .insertInto('login_failures')
    .values({ email: 'ana@example.com', window_start: NOW, failures: 2 })
    .execute();
  await db.insertInto('leases').values({ name: 'reclaim', holder: 'p-1', expires_at: NOW }).execute();
}

/** The instance totals counted from the rows above, independently of any trigger or backfill. */
function recount() {
  const sum = (pick: (f: (typeof FILES)[number]) => number) => FILES.reduce((n, f) => n + pick(f), 0);
  const per = (category: string, pub = false) =>
    sum((f) => (f.category === category && (!pub || f.public) ? 1 : 0));
  const stored = BLOBS.filter((b) => b.ref_count > 0);
  return {
    slot: 0,
    files: FILES.length,
    size: sum((f) => sizeOf(f.blob)),
    downloads: sum((f) => f.downloads),
    images: per('image'),
    videos: per('video'),
    documents: per('document'),
    others: per('other'),
    public_files: sum((f) => f.public),
    public_size: sum((f) => f.public * sizeOf(f.blob)),
    public_downloads: sum((f) => f.public * f.downloads),
    public_images: per('image', true),
    public_videos: per('video', true),
    public_documents: per('document', true),
    public_others: per('other', true),
    active_owners: new Set(FILES.map((f) => f.owner)).size,
    contributors: new Set(FILES.filter((f) => f.public).map((f) => f.owner)).size,
    unique_blobs: stored.length,
    physical_size: stored.reduce((n, b) => n + b.size, 0),
    // A first-release database has no kept versions.
    versions: 0,
    version_size: 0,
  };
}

const count = async (db: AnyDb, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DIALECTS)('migrations (%s)', (dialect) => {
  it('upgrade a first-release database holding data to the very schema a fresh database gets', async () => {
    const upgraded = (await newDatabase(dialect)).open();
    const first = await new Migrator({ db: upgraded, provider: migrationProvider }).migrateTo('001_initial');
    expect(first.error).toBeUndefined();
    await loadFirstReleaseRows(upgraded);
    await migrateToLatest(upgraded);

    const fresh = (await newDatabase(dialect)).open();
    await migrateToLatest(fresh);

    const schema = await schemaSnapshot(fresh);
    // The comparison covers the maintained totals' triggers (and on PostgreSQL their functions) and the search.
    const names = schema.map((e) => `${e.kind} ${e.name}`);
    const expected =
      dialect === 'postgres'
        ? ['trigger files_totals_update', 'trigger thumbnails_totals', 'function cloudstash_file_totals()']
        : ['trigger files_totals_update', 'trigger thumbnails_totals_insert', 'table files_search'];
    for (const name of expected) expect(names).toContain(name);
    expect(await schemaSnapshot(upgraded)).toEqual(schema);

    // The data came through, and the totals counted during the upgrade match a recount of the rows.
    expect(await count(upgraded, 'users')).toBe(USERS.length);
    expect(await count(upgraded, 'files')).toBe(FILES.length);
    expect(await count(upgraded, 'blobs')).toBe(BLOBS.length);
    const sessions = await upgraded
      .selectFrom('sessions')
      .select(['token_hash', 'id'])
      .orderBy('token_hash')
      .execute();
    expect(sessions.map((s) => s.token_hash)).toEqual(['s-1', 's-2']);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(2);
    expect(sessions.every((s) => typeof s.id === 'string' && s.id.length > 0)).toBe(true);

    const totals = await upgraded.selectFrom('file_totals').selectAll().execute();
    expect(totals).toEqual([recount()]);
    const owners = await upgraded.selectFrom('owner_file_totals').selectAll().orderBy('owner_id').execute();
    expect(owners).toEqual(
      [...new Set(FILES.map((f) => f.owner))].sort().map((owner) => {
        const mine = FILES.filter((f) => f.owner === owner);
        return {
          owner_id: owner,
          files: mine.length,
          size: mine.reduce((n, f) => n + sizeOf(f.blob), 0),
          public_files: mine.reduce((n, f) => n + f.public, 0),
          downloads: mine.reduce((n, f) => n + f.downloads, 0),
          versions: 0,
          version_size: 0,
        };
      }),
    );
    expect(await upgraded.selectFrom('thumbnail_totals').selectAll().execute()).toEqual([
      { slot: 0, thumbnails: 0, bytes: 0 },
    ]);

    const files = await upgraded.selectFrom('files').select(['filename', 'filename_key']).execute();
    for (const file of files) expect(file.filename_key).toBe(nameSortKey(file.filename));
    const users = await upgraded.selectFrom('users').select(['name', 'name_key', 'quota_custom']).execute();
    for (const user of users)
      expect(user).toEqual({ name: user.name, name_key: nameSortKey(user.name), quota_custom: 0 });

    if (dialect === 'sqlite') {
      // The search tables were filled with the rows already there.
      const { rows } = await sql<{ filename: string }>`select f.filename from files_search s
        join files f on f.rowid = s.rowid where files_search match ${'"voice"'}`.execute(upgraded);
      expect(rows).toEqual([{ filename: 'Invoice Straße.pdf' }]);
    }

    // The upgraded triggers keep counting: removing a file takes it off the totals.
    await upgraded.transaction().execute(async (trx) => {
      await trx.deleteFrom('files').where('id', '=', 'f-5').execute();
      await trx.updateTable('blobs').set({ ref_count: 0 }).where('hash', '=', 'd'.repeat(64)).execute();
    });
    const after = await upgraded.selectFrom('file_totals').selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      files: FILES.length - 1,
      others: 0,
      public_files: recount().public_files - 1,
      unique_blobs: recount().unique_blobs - 1,
      physical_size: recount().physical_size - 7,
    });
  });

  it('rename the migrations an older release recorded under other names, and run none of them again', async () => {
    const database = await newDatabase(dialect);
    const db = database.open();
    await migrateToLatest(db);
    // As a database migrated before the renumbering records them.
    for (const [before, now] of RENAMED_MIGRATIONS)
      await db.updateTable('kysely_migration').set({ name: before }).where('name', '=', now).execute();
    const recorded = async () =>
      await db.selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute();
    const before = await recorded();
    // Without the renaming, the migrator refuses a database that records migrations it does not know.
    const plain = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(String(plain.error)).toContain('previously executed migration 013_quotas is missing');

    // Two processes starting at once both rename and migrate; the second finds nothing left to do.
    await Promise.all([migrateToLatest(database.open()), migrateToLatest(database.open())]);

    const after = await recorded();
    const renamed = new Map(RENAMED_MIGRATIONS);
    const current = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(after.map((r) => r.name)).toEqual(current);
    // Every row kept its time: nothing ran again.
    expect(after).toEqual(
      before
        .map((r) => ({ name: renamed.get(r.name) ?? r.name, timestamp: r.timestamp }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
    // The numbering has no gaps.
    expect(current.map((name) => Number(name.slice(0, 3)))).toEqual(current.map((_, i) => i + 1));
  });
});
