import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileListQuerySchema, nameSortKey } from '@cloudstash/contract';
import { isPostgres } from '../../src/db/totals';
import { listFiles } from '../../src/repositories/files';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

const NAMES = [
  'Quarterly Report 2024',
  'report-draft',
  'REPORTING_final',
  'holiday photos',
  'Été à Paris',
  'ÉTÉ upper',
  'crème brûlée recipe',
  '100% done',
  'snake_case_name',
  'say "hello" please',
  "o'brien notes",
  'ab',
  'a',
  'x'.repeat(40),
  'naïve café',
  'Straße plan',
  '日本語のファイル',
  'emoji 📁 folder',
  'tab\tseparated',
  'mixed CaSe RePoRt',
];
const UPLOADERS = ['Ada Lovelace', 'Grace Hopper', 'Émile Zola', 'Report Writer', 'o"quote'];
const QUERIES = [
  'a',
  'ab',
  'é',
  'É',
  '%',
  '_',
  'rep',
  'REPORT',
  'port',
  'report 2',
  'été',
  'ÉTÉ',
  'paris',
  '100%',
  '_case',
  '"hello"',
  '"',
  "o'b",
  'xxxxxxxxxx',
  'café',
  'strasse',
  'straße',
  '日本語',
  '📁',
  'lovelace',
  'hopper',
  'zola',
  'o"q',
  'writer',
  'example.com',
  'search-',
  'nothing matches this',
];

describe.each(DIALECTS)('search through the trigram indexes (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  const owners: { id: string; email: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    viewer = t.client();
    await viewer.signUp({ name: 'Viewer' });
    const blobHash = crypto.createHash('sha256').update(png(77)).digest('hex');
    for (const name of UPLOADERS) {
      const client = t.client();
      const user = await client.signUp({ name, email: `search-${owners.length}@example.com` });
      owners.push({ id: user._id, email: user.email });
      expect((await client.upload({ bytes: png(77), name: 'seed.png' })).status).toBe(201);
    }
    // Rows written straight to the table, as any code path might: the index must follow every one of them.
    const now = new Date().toISOString();
    const rows = NAMES.flatMap((filename, i) =>
      owners.map((owner, j) => ({
        id: crypto.randomUUID(),
        owner_id: owner.id,
        blob_hash: blobHash,
        filename: `${filename} ${j}`,
        filename_key: nameSortKey(`${filename} ${j}`),
        mimetype: 'image/png',
        category: 'image',
        size: 100,
        is_public: (i + j) % 3 === 0 ? 0 : 1,
        download_count: 0,
        created_at: now,
        updated_at: now,
      })),
    );
    await t.db.insertInto('files').values(rows).execute();
    // Renames, deletions and a renamed uploader after the rows were indexed.
    await t.db
      .updateTable('files')
      .set({ filename: 'renamed search-target' })
      .where('id', '=', rows[0]!.id)
      .execute();
    await t.db.deleteFrom('files').where('id', '=', rows[1]!.id).execute();
    await t.db
      .updateTable('users')
      .set({ name: 'Renamed Uploader' })
      .where('id', '=', owners[4]!.id)
      .execute();
  });
  afterAll(() => t.close());

  /** The rows the former LIKE-only query finds, run directly: what the indexed search must return. */
  async function likeResults(q: string, scope: 'public' | 'all'): Promise<string[]> {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const contains = (column: string) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const rows = await t.db
      .selectFrom('files')
      .leftJoin('users', 'users.id', 'files.owner_id')
      .select('files.id')
      .where((eb) =>
        eb.and([
          ...(scope === 'public' ? [eb('files.is_public', '=', 1)] : []),
          eb.or([
            sql<boolean>`${contains('files.filename')}`,
            sql<boolean>`${contains('users.name')}`,
            ...(scope === 'all' ? [sql<boolean>`${contains('users.email')}`] : []),
          ]),
        ]),
      )
      .execute();
    return rows.map((r) => r.id).sort();
  }

  async function apiResults(client: TestClient, path: string, q: string) {
    const answer = await client.get(`${path}?q=${encodeURIComponent(q)}&limit=200`);
    expect(answer.status, q).toBe(200);
    expect(answer.body.meta.total, q).toBe(answer.body.data.length);
    return (answer.body.data as { _id: string }[]).map((f) => f._id).sort();
  }

  it('finds exactly the rows the LIKE search found, on the public list', async () => {
    for (const q of QUERIES) {
      const expected = await likeResults(q, 'public');
      expect(await apiResults(viewer, '/api/v1/files/public', q), q).toEqual(expected);
    }
    // The dataset is not trivial: searches find something, and not everything.
    expect((await likeResults('report', 'public')).length).toBeGreaterThan(10);
  });

  it('finds exactly the rows the LIKE search found on the admin list, emails included', async () => {
    for (const q of QUERIES) {
      const expected = await likeResults(q, 'all');
      expect(await apiResults(admin, '/api/v1/admin/files', q), q).toEqual(expected);
    }
    expect((await likeResults('search-3@', 'all')).length).toBe(NAMES.length + 1); // and its uploaded photo
    expect(await apiResults(admin, '/api/v1/admin/files', 'search-3@')).toEqual(
      await likeResults('search-3@', 'all'),
    );
    // Emails are not searched for everyone else.
    expect(await apiResults(viewer, '/api/v1/files/public', 'search-3@')).toEqual([]);
  });

  it('finds the same rows when a search is read in list order, as a common word is', async () => {
    const scopes = [
      [{ kind: 'public' }, false, 'public'],
      [{ kind: 'all' }, true, 'all'],
    ] as const;
    for (const q of QUERIES) {
      for (const [scope, searchEmail, likeScope] of scopes) {
        const params = fileListQuerySchema.parse({ q, limit: 200 });
        const page = await listFiles(t.db, scope, params, { searchEmail, countLimit: 1000, rareBelow: 0 });
        expect(page.items.map((row) => row.id).sort(), q).toEqual(await likeResults(q, likeScope));
        expect(page.total, q).toBe(page.items.length);
      }
    }
  });

  it('reads the matches through the index rather than every row', async () => {
    if (isPostgres(t.db)) {
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where indexname like '%_trgm'`.execute(t.db);
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([
        'files_filename_trgm',
        'users_email_trgm',
        'users_name_trgm',
      ]);
      return;
    }
    const indexed = await sql<{
      n: number;
    }>`select count(*) as n from files_search where files_search match '"report"'`.execute(t.db);
    const rows = await sql<{
      n: number;
    }>`select count(*) as n from files where lower(filename) like '%report%'`.execute(t.db);
    expect(Number(indexed.rows[0]!.n)).toBe(Number(rows.rows[0]!.n));
  });
});

describe.each(DIALECTS)('a text search counts its matches up to SEARCH_COUNT_LIMIT (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { SEARCH_COUNT_LIMIT: '5' } });
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    for (let i = 0; i < 12; i++) {
      const answer = await admin.upload({ bytes: png(i), name: `report ${i}.png`, isPublic: true });
      expect(answer.status).toBe(201);
    }
    for (let i = 0; i < 4; i++) {
      expect(
        (await admin.upload({ bytes: png(100 + i), name: `memo ${i}.png`, isPublic: true })).status,
      ).toBe(201);
    }
  });
  afterAll(() => t.close());

  /** Every page of a list, following the cursors. */
  async function allPages(path: string) {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const answer = await admin.get(`${path}&limit=4${after}`);
      expect(answer.status).toBe(200);
      const body = answer.body as { data: { _id: string }[]; meta: { nextCursor: string | null } };
      ids.push(...body.data.map((f) => f._id));
      cursor = body.meta.nextCursor;
    } while (cursor);
    return ids;
  }

  it.each([
    ['a word (through the index, or a scan where it is common)', '/api/v1/files/public?q=report'],
    ['two characters (always a scan)', '/api/v1/files/public?q=rt'],
    ['the uploader filter', '/api/v1/admin/files?uploader=admin'],
  ])('stops at the limit and says so: %s', async (_, path) => {
    const answer = await admin.get(`${path}&limit=4`);
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ total: 5, totalCapped: true });
    expect(answer.body.data).toHaveLength(4);
    // Every match is still listed, page after page.
    const ids = await allPages(path);
    expect(new Set(ids).size).toBe(path.includes('uploader') ? 16 : 12);
  });

  it('stops at the limit when a word is read in list order, as a common word is', async () => {
    const params = fileListQuerySchema.parse({ q: 'report', limit: 4 });
    const page = await listFiles(t.db, { kind: 'public' }, params, {
      searchEmail: false,
      countLimit: 5,
      rareBelow: 0,
    });
    expect({ total: page.total, totalCapped: page.totalCapped, rows: page.items.length }).toEqual({
      total: 5,
      totalCapped: true,
      rows: 4,
    });
  });

  it('gives the exact total, without totalCapped, when fewer match than the limit', async () => {
    const answer = await admin.get('/api/v1/files/public?q=memo&limit=2');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ total: 4, nextCursor: expect.any(String) });
  });

  it('counts lists without a text filter exactly, however many', async () => {
    const answer = await admin.get('/api/v1/files/public?limit=2');
    expect(answer.body.meta).toEqual({ total: 16, nextCursor: expect.any(String) });
    const images = await admin.get('/api/v1/files/user-files?category=image&limit=2');
    expect(images.body.meta).toEqual({ total: 16, nextCursor: expect.any(String) });
  });
});
