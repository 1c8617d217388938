import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSortKey } from '@cloudstash/contract';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest, migrationProvider } from '../../src/db/migrate';
import { createPostgresDatabase, DIALECTS } from '../helpers/dialects';
import { text } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { Answer, TestClient } from '../helpers/test-client';

/**
 * File names in the order a person expects, case and accents aside (ties by the exact name): accented Latin
 * among its letters, German ß as ss, both Turkish i as i, Greek after Latin with its final sigma as σ.
 */
const FILE_NAMES_IN_ORDER = [
  'apple',
  'ébène',
  'Éclair',
  'Ezra',
  'ılık',
  'İstanbul',
  'Izmir',
  'Straße',
  'strasse',
  'Stroh',
  'Zeta',
  'αλφα',
  'Οδυσσεύς',
  'ΩΜΕΓΑ',
];

/** Uploader names in that order; 'Owner' holds the files above, the others one private file each. */
const UPLOADERS_IN_ORDER = ['ébène', 'Émile', 'Işık', 'Ömer', 'Owner', 'Weiß', 'Σωκράτης'];

type Listed = { _id: string; filename: string; uploadedBy: { name: string } | null };

/** Every page of a list, following nextCursor, `limit` files at a time. */
async function everyPage(client: TestClient, url: string, limit: number): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | null = null;
  do {
    const page: Answer<{ data: Listed[]; meta: { nextCursor: string | null } }> = await client.get(
      `${url}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status).toBe(200);
    all.push(...page.body.data);
    cursor = page.body.meta.nextCursor;
  } while (cursor);
  return all;
}

/** The uploader of each run of files, once per run: each uploader's files must be together. */
const runsOf = (names: string[]) => names.filter((name, i) => name !== names[i - 1]);

describe.each(DIALECTS)('lists sorted by name (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    owner = t.client();
    await owner.signUp({ name: 'Owner' });
    // Uploaded in code-unit order (Ezra, Izmir, ..., apple, ..., ébène), so neither insertion nor creation time
    // can explain the answer.
    for (const filename of [...FILE_NAMES_IN_ORDER].sort()) {
      const up = await owner.upload({ bytes: text(`file ${filename}`), filename, isPublic: true });
      expect(up.status).toBe(201);
    }
    for (const name of UPLOADERS_IN_ORDER.filter((n) => n !== 'Owner').reverse()) {
      const uploader = t.client();
      await uploader.signUp({ name });
      expect((await uploader.upload({ bytes: text(`by ${name}`), filename: `by ${name}` })).status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it.each([
    ['my files', () => owner, '/api/v1/files/user-files?sort=filename&order=asc'],
    ['public files', () => owner, '/api/v1/files/public?sort=filename&order=asc'],
    [
      "an admin's view of one user's files",
      () => admin,
      '/api/v1/admin/files/{owner}?sort=filename&order=asc',
    ],
  ])('orders %s by name ignoring case and accents, the same paged or not', async (_label, who, url) => {
    const listUrl = url.replace('{owner}', owner.user!._id);
    const whole = await everyPage(who(), listUrl, 100);
    expect(whole.map((f) => f.filename)).toEqual(FILE_NAMES_IN_ORDER);
    const paged = await everyPage(who(), listUrl, 3);
    expect(paged.map((f) => f.filename)).toEqual(FILE_NAMES_IN_ORDER);
    const backwards = await everyPage(who(), listUrl.replace('order=asc', 'order=desc'), 4);
    expect(backwards.map((f) => f.filename)).toEqual([...FILE_NAMES_IN_ORDER].reverse());
  });

  it('orders every file of the instance by name for an admin, the same paged or not', async () => {
    const names = (files: Listed[]) => files.map((f) => f.filename).filter((n) => !n.startsWith('by '));
    const url = '/api/v1/admin/files?sort=filename&order=asc';
    expect(names(await everyPage(admin, url, 100))).toEqual(FILE_NAMES_IN_ORDER);
    expect(names(await everyPage(admin, url, 2))).toEqual(FILE_NAMES_IN_ORDER);
  });

  it('orders files by uploader name ignoring case and accents, the same paged or not', async () => {
    const url = '/api/v1/admin/files?sort=uploader&order=asc';
    const whole = await everyPage(admin, url, 100);
    expect(runsOf(whole.map((f) => f.uploadedBy!.name))).toEqual(UPLOADERS_IN_ORDER);
    const paged = await everyPage(admin, url, 2);
    expect(paged.map((f) => f._id)).toEqual(whole.map((f) => f._id));
    const backwards = await everyPage(admin, url.replace('order=asc', 'order=desc'), 3);
    expect(runsOf(backwards.map((f) => f.uploadedBy!.name))).toEqual([...UPLOADERS_IN_ORDER].reverse());
  });

  it('sorts a renamed file and a renamed uploader by their new names', async () => {
    const mine = await everyPage(owner, '/api/v1/files/user-files?sort=filename&order=asc', 100);
    const zeta = mine.find((f) => f.filename === 'Zeta')!;
    expect(
      (await owner.patch(`/api/v1/files/update/${zeta._id}`, { filename: 'Ährenfeld', isPublic: true }))
        .status,
    ).toBe(200);
    const renamed = await everyPage(owner, '/api/v1/files/user-files?sort=filename&order=asc', 5);
    expect(renamed.map((f) => f.filename).slice(0, 3)).toEqual(['Ährenfeld', 'apple', 'ébène']);
    expect((await owner.patch('/api/v1/users/me', { name: 'Ávila' })).status).toBe(200);
    const byUploader = await everyPage(admin, '/api/v1/admin/files?sort=uploader&order=asc', 100);
    expect(runsOf(byUploader.map((f) => f.uploadedBy!.name))[0]).toBe('Ávila');
    // Put things back for any test that runs after.
    await owner.patch(`/api/v1/files/update/${zeta._id}`, { filename: 'Zeta', isPublic: true });
    await owner.patch('/api/v1/users/me', { name: 'Owner' });
  });
});

describe.each(DIALECTS)('the name sort keys of rows stored before them (%s)', (dialect) => {
  it('are computed for every existing file and user, past one batch', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudstash-name-keys-'));
    const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const target = database
      ? { kind: 'postgres' as const, url: database.url }
      : { kind: 'sqlite' as const, file: path.join(dataDir, 'cloudstash.db') };
    const db = connectDatabase({ database: target } as Parameters<typeof connectDatabase>[0]);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const before = await migrator.migrateTo('016_resumable_s3_parts');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      const ownerId = crypto.randomUUID();
      // The schema as it was before the keys.
      const old = db as Kysely<any>;
      await old
        .insertInto('users')
        .values({
          id: ownerId,
          name: 'Weiß',
          email: 'w@example.com',
          password_hash: 'x',
          role: 'user',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await old
        .insertInto('blobs')
        .values({ hash: 'a'.repeat(64), size: 1, ref_count: 1, created_at: now })
        .execute();
      const names = [...FILE_NAMES_IN_ORDER, ...Array.from({ length: 1100 }, (_, i) => `Ünit ${i}`)];
      for (let at = 0; at < names.length; at += 200) {
        await old
          .insertInto('files')
          .values(
            names.slice(at, at + 200).map((filename) => ({
              id: crypto.randomUUID(),
              owner_id: ownerId,
              blob_hash: 'a'.repeat(64),
              filename,
              mimetype: 'text/plain',
              category: 'document',
              size: 1,
              is_public: 1,
              download_count: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }

      await migrateToLatest(db);

      const users = await db.selectFrom('users').select(['name', 'name_key']).execute();
      expect(users).toEqual([{ name: 'Weiß', name_key: 'weiss' }]);
      const files = await db.selectFrom('files').select(['filename', 'filename_key']).execute();
      expect(files).toHaveLength(names.length);
      for (const file of files) expect(file.filename_key).toBe(nameSortKey(file.filename));
      expect(files.find((f) => f.filename === 'Ünit 1099')!.filename_key).toBe('unit 1099');
      expect(files.find((f) => f.filename === 'Οδυσσεύς')!.filename_key).toBe('οδυσσευσ');
    } finally {
      await db.destroy();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
