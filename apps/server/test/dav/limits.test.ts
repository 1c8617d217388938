import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsupportedTypeMessage } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { basicAuth, davAccount, startDavServer, type DavAccount, type DavServer } from './dav-server';

const LIMIT = 1024 * 1024;

/** A media-only instance (no ALLOWED_UPLOAD_TYPES=any) with a 1 MB limit: PUT keeps the upload's rules. */
describe.each(DIALECTS)('WebDAV PUT limits on %s', (dialect) => {
  let server: DavServer;
  let account: DavAccount;
  const dav = (
    method: string,
    path: string,
    init: { body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { authorization: basicAuth(account), ...init.headers },
      ...(init.body instanceof ReadableStream && { duplex: 'half' }),
    } as RequestInit);
  const listing = async () => (await dav('PROPFIND', '/dav/', { headers: { depth: '1' } })).text();

  beforeAll(async () => {
    server = await startDavServer(dialect, { mediaOnly: true, env: { MAX_UPLOAD_BYTES: String(LIMIT) } });
    account = await davAccount(server.baseUrl);
  });
  afterAll(() => server?.stop());

  it('a type the instance refuses answers 415 with the upload message and leaves nothing behind', async () => {
    const answer = await dav('PUT', '/dav/random.bin', { body: crypto.randomBytes(4096) });
    expect(answer.status).toBe(415);
    expect(((await answer.json()) as { message: string }).message).toBe(
      unsupportedTypeMessage('application/octet-stream'),
    );
    expect(await listing()).not.toContain('random.bin');
    expect((await account.client.get('/api/v1/files/user-files')).body.data).toEqual([]);
  });

  it('a file over the size limit answers 413, declared or streamed without a length', async () => {
    const declared = await dav('PUT', '/dav/big.txt', { body: 'a'.repeat(LIMIT + 1) });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 3; i++) controller.enqueue(new TextEncoder().encode('b'.repeat(LIMIT / 2)));
        controller.close();
      },
    });
    const chunked = await dav('PUT', '/dav/chunked.txt', { body: stream });
    expect(chunked.status).toBe(413);
    expect(await listing()).not.toMatch(/big\.txt|chunked\.txt/);
  });

  it('a chunked PUT without Content-Length is stored; an empty file is a file; a PUT over a name replaces in place', async () => {
    const bytes = png(7);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    });
    expect((await dav('PUT', '/dav/picture.png', { body: stream })).status).toBe(201);
    expect(Buffer.from(await (await dav('GET', '/dav/picture.png')).arrayBuffer())).toEqual(bytes);
    expect((await dav('PUT', '/dav/empty.txt', { body: '' })).status).toBe(201);
    const empty = await dav('PROPFIND', '/dav/empty.txt', { headers: { depth: '0' } });
    expect(await empty.text()).toContain('<d:getcontentlength>0</d:getcontentlength>');

    const before = (await account.client.get('/api/v1/files/user-files')).body.data as Array<{
      _id: string;
      filename: string;
    }>;
    const etag = (await dav('HEAD', '/dav/empty.txt')).headers.get('etag');
    expect((await dav('PUT', '/dav/empty.txt', { body: 'now with words' })).status).toBe(204);
    expect((await dav('HEAD', '/dav/empty.txt')).headers.get('etag')).not.toBe(etag);
    const after = (await account.client.get('/api/v1/files/user-files')).body.data as Array<{
      _id: string;
      filename: string;
    }>;
    expect(after.map((f) => f._id).sort()).toEqual(before.map((f) => f._id).sort());
    expect(await (await dav('GET', '/dav/empty.txt')).text()).toBe('now with words');
  });
});
