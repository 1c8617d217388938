import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/db/totals';
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
