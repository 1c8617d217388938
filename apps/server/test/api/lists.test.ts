import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { mp4, pdf, png, text } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

interface Listed {
  _id: string;
  filename: string;
  size: number;
  uploadedBy: { name: string };
}

describe.each(DIALECTS)('public list filters, sorting and pages (%s)', (dialect) => {
  let t: TestApp;
  let viewer: TestClient;
  let admin: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = t.client();
    await admin.signUp({ name: 'Admin' });
    const zoe = t.client();
    await zoe.signUp({ name: 'Zoe Quill' });
    const max = t.client();
    await max.signUp({ name: 'Max Rivers' });
    viewer = t.client();
    await viewer.signUp({ name: 'Viewer' });
    const add = async (
      c: TestClient,
      filename: string,
      bytes: Buffer,
      type = 'application/octet-stream',
      isPublic = true,
    ) => {
      ids[filename] = (await c.upload({ bytes, filename, type, isPublic })).body.data._id;
    };
    await add(zoe, 'beach', png(1, 8, 8));
    await add(zoe, 'contract', pdf('contract'));
    await add(max, 'alpha notes', text('alpha'), 'text/plain');
    await add(max, 'clip', mp4(1, 3000));
    await add(max, 'hidden', png(2), 'image/png', false);
  });
  afterAll(() => t.close());

  const names = (body: { data: Listed[] }) => body.data.map((f) => f.filename);
  const list = async (query = '') => (await viewer.get(`/api/v1/files/public${query}`)).body;

  it('shows public files newest first by default, and never private ones', async () => {
    const body = await list();
    expect(names(body)).toEqual(['clip', 'alpha notes', 'contract', 'beach']);
    expect(body.meta).toEqual({ total: 4, nextCursor: null });
  });

  it('searches filename or uploader name, case-insensitively', async () => {
    expect(names(await list('?q=ALPHA'))).toEqual(['alpha notes']);
    expect(names(await list('?q=quill'))).toEqual(['contract', 'beach']);
    expect(names(await list('?q=%25'))).toEqual([]);
  });

  it('filters by category, uploader name and file id', async () => {
    expect(names(await list('?category=document'))).toEqual(['alpha notes', 'contract']);
    expect(names(await list('?category=video'))).toEqual(['clip']);
    expect(names(await list('?category=image'))).toEqual(['beach']);
    expect(names(await list('?uploader=rivers'))).toEqual(['clip', 'alpha notes']);
    expect(names(await list(`?id=${ids.beach!.slice(0, 8)}`))).toEqual(['beach']);
  });

  it('sorts by every column in both directions', async () => {
    expect(names(await list('?sort=filename&order=asc'))).toEqual([
      'alpha notes',
      'beach',
      'clip',
      'contract',
    ]);
    expect(names(await list('?sort=filename&order=desc'))).toEqual([
      'contract',
      'clip',
      'beach',
      'alpha notes',
    ]);
    const bySize = (await list('?sort=size&order=asc')).data.map((f: Listed) => f.size);
    expect(bySize).toEqual([...bySize].sort((a, b) => a - b));
    expect((await list('?sort=uploader&order=asc')).data.map((f: Listed) => f.uploadedBy.name)).toEqual([
      'Max Rivers',
      'Max Rivers',
      'Zoe Quill',
      'Zoe Quill',
    ]);
    expect(names(await list('?sort=createdAt&order=asc'))).toEqual([
      'beach',
      'contract',
      'alpha notes',
      'clip',
    ]);
  });

  it('pages with a cursor without skipping or repeating', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body = await list(`?sort=filename&order=asc&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.meta.total).toBe(4);
      seen.push(...names(body));
      cursor = body.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['alpha notes', 'beach', 'clip', 'contract']);
  });

  it('answers the public summary tiles over all public files', async () => {
    const summary = (await viewer.get('/api/v1/files/public/summary')).body.data;
    expect(summary).toMatchObject({
      totalFiles: 4,
      images: 1,
      videos: 1,
      documents: 2,
      others: 0,
      downloads: 0,
      contributors: 2,
    });
  });

  it('refuses nonsense parameters with 400, not 500', async () => {
    for (const query of [
      '?sort=password',
      '?limit=100000',
      '?limit=abc',
      '?category=exe',
      '?order=sideways',
    ]) {
      const answer = await viewer.get(`/api/v1/files/public${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await viewer.get('/api/v1/files/public?cursor=not-a-cursor')).status).toBe(200);
  });

  it('refuses NUL characters anywhere with 400, and ignores cursors that do not fit the sort', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify([value, 'x'])).toString('base64url');
    for (const url of [
      '/api/v1/files/public?q=%00',
      '/api/v1/files/public?uploader=a%00b',
      '/api/v1/files/f/%00',
      `/api/v1/admin/files/%00`,
    ]) {
      // The administrator's routes answer only an administrator, who then meets the same check.
      const answer = await (url.startsWith('/api/v1/admin/') ? admin : viewer).get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    const register = await t.client().post('/api/v1/users/register', {
      name: 'a\u0000b',
      email: 'nul@example.com',
      password: 'Zebra-Horse-77',
    });
    expect(register.status).toBe(400);
    for (const [sort, value] of [
      ['createdAt', '\u0000'],
      ['size', 'not a number'],
      ['size', 1e300],
      ['downloadCount', 2 ** 40],
      ['filename', 42],
    ] as const) {
      const answer = await viewer.get(`/api/v1/files/public?sort=${sort}&cursor=${cursor(value)}`);
      expect(answer.status, `${sort} ${String(value)}`).toBe(200);
      expect(answer.body.data).toHaveLength(4);
    }
  });
});

describe.each(DIALECTS)('name sorting ignores case, the same on every database (%s)', (dialect) => {
  let t: TestApp;
  let viewer: TestClient;
  const NAMES = ['alpha', 'Zeta', 'beta', 'Alpha2'];
  const ASCENDING = ['alpha', 'Alpha2', 'beta', 'Zeta'];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // Each name is both a file name and its uploader's name, so both name sorts see the same four words.
    for (const [i, name] of NAMES.entries()) {
      const uploader = t.client();
      await uploader.signUp({ name });
      await uploader.upload({ bytes: png(500 + i), filename: name, isPublic: true });
    }
    viewer = t.client();
    await viewer.signUp({ name: 'Viewer' });
  });
  afterAll(() => t.close());

  /** Every page of a sorted list, `limit` at a time, following the cursor to the end. */
  const walk = async (sort: string, order: string, limit: number) => {
    const seen: Listed[] = [];
    let cursor: string | null = null;
    do {
      const page = `/api/v1/files/public?sort=${sort}&order=${order}&limit=${limit}`;
      const body: { data: Listed[]; meta: { total: number; nextCursor: string | null } } = (
        await viewer.get(`${page}${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      expect(body.meta.total).toBe(NAMES.length);
      seen.push(...(body.data as Listed[]));
      cursor = body.meta.nextCursor;
    } while (cursor);
    return seen;
  };

  it.each([1, 2, 4])('sorts file names a, A, b, Z and back, across pages of %i', async (limit) => {
    expect((await walk('filename', 'asc', limit)).map((f) => f.filename)).toEqual(ASCENDING);
    expect((await walk('filename', 'desc', limit)).map((f) => f.filename)).toEqual([...ASCENDING].reverse());
  });

  it.each([1, 3])('sorts uploader names a, A, b, Z and back, across pages of %i', async (limit) => {
    expect((await walk('uploader', 'asc', limit)).map((f) => f.uploadedBy.name)).toEqual(ASCENDING);
    expect((await walk('uploader', 'desc', limit)).map((f) => f.uploadedBy.name)).toEqual(
      [...ASCENDING].reverse(),
    );
  });
});
