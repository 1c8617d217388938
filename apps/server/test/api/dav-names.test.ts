import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * One name rule for every way in: what the API refuses or cleans (controls, line breaks, direction overrides,
 * zero-width marks, slashes and backslashes) a WebDAV client cannot store either, and a macOS client's
 * decomposed names are the same names as everyone else's.
 */
describe.each(DIALECTS)('WebDAV names (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let auth = '';

  const dav = (
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { authorization: auth, ...init.headers },
    });
  const topNames = async () => {
    const files = (await owner.get('/api/v1/files/user-files?limit=100')).body.data.map(
      (f: { filename: string }) => f.filename,
    );
    const folders = (await owner.get('/api/v1/folders?parentId=root&limit=100')).body.data.map(
      (f: { name: string }) => f.name,
    );
    return [...files, ...folders];
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ALLOWED_UPLOAD_TYPES: 'any' } });
    owner = await signedUp(t);
    auth = await davCredentials(owner);
  });
  afterAll(() => t.close());

  it('refuses a file or folder name the API would not keep, and stores nothing', async () => {
    const override = encodeURIComponent('photo_\u202Egnp.exe');
    const put = await dav('PUT', `/dav/${override}`, { body: 'MZ' });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { message: string }).message).toBe(MESSAGES.nameNotStorable);
    expect((await dav('PUT', `/dav/${encodeURIComponent('..\\x.txt')}`, { body: 'x' })).status).toBe(400);
    expect(
      (await dav('PUT', `/dav/${encodeURIComponent('zero\u200Bwidth.txt')}`, { body: 'x' })).status,
    ).toBe(400);
    const mkcol = await dav('MKCOL', `/dav/${encodeURIComponent('two\nlines')}`);
    expect(mkcol.status).toBe(400);
    expect(((await mkcol.json()) as { message: string }).message).toBe(FOLDER_MESSAGES.nameInvalid);

    expect((await dav('PUT', '/dav/plain.txt', { body: 'plain' })).status).toBe(201);
    const moved = await dav('MOVE', '/dav/plain.txt', {
      headers: { destination: `${t.baseUrl}/dav/${encodeURIComponent('plain\u202Etxt.exe')}` },
    });
    expect(moved.status).toBe(400);
    const copied = await dav('COPY', '/dav/plain.txt', {
      headers: { destination: `${t.baseUrl}/dav/${encodeURIComponent('copy\u0007.txt')}` },
    });
    expect(copied.status).toBe(400);
    expect((await dav('MKCOL', '/dav/Plain folder')).status).toBe(201);
    const renamed = await dav('MOVE', '/dav/Plain%20folder/', {
      headers: { destination: `${t.baseUrl}/dav/${encodeURIComponent('Plain\u202Eredlof')}/` },
    });
    expect(renamed.status).toBe(400);

    expect((await topNames()).sort()).toEqual(['Plain folder', 'plain.txt']);
  });

  it('the API refuses a folder name with a direction override, as WebDAV does', async () => {
    const made = await owner.post('/api/v1/folders', { name: 'Invoices\u202Efdp.exe' });
    expect(made.status).toBe(400);
    expect(made.body.message).toBe(FOLDER_MESSAGES.nameInvalid);
  });

  it('a decomposed name from a macOS client is the same name as the composed one', async () => {
    const decomposed = encodeURIComponent('Cafe\u0301.txt');
    const composed = encodeURIComponent('Caf\u00e9.txt');
    expect((await dav('PUT', `/dav/${decomposed}`, { body: 'menu' })).status).toBe(201);
    expect(await (await dav('GET', `/dav/${composed}`)).text()).toBe('menu');
    expect((await dav('PUT', `/dav/${composed}`, { body: 'new menu' })).status).toBe(204);
    expect(await (await dav('GET', `/dav/${decomposed}`)).text()).toBe('new menu');
    const listing = await (await dav('PROPFIND', '/dav/', { headers: { depth: '1' } })).text();
    expect(listing).toContain(`/dav/${composed}</d:href>`);
    expect(listing).not.toContain(decomposed);
  });
});
