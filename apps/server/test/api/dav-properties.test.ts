import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_PROPERTY_LIMITS } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { davCredentials, signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const NS = 'urn:example:props';

/** A PROPPATCH body setting each `name` to its value, in one request. */
const setting = (props: Record<string, string>) =>
  `<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="${NS}"><d:set><d:prop>${Object.entries(
    props,
  )
    .map(([name, value]) => `<x:${name}>${value}</x:${name}>`)
    .join('')}</d:prop></d:set></d:propertyupdate>`;

/**
 * Dead properties are writing to an item: the access policy decides them as it does a PUT, and they are capped
 * per item and per account (507 past a cap, nothing of the request kept), so they are never storage no quota
 * counts.
 */
describe.each(DIALECTS)('WebDAV dead properties (%s)', (dialect) => {
  let t: TestApp;
  const auth: Record<'owner' | 'editor' | 'viewer', string> = { owner: '', editor: '', viewer: '' };
  let owner: TestClient;

  const dav = (who: keyof typeof auth, method: string, path: string, body?: string, depth = '0') =>
    fetch(`${t.baseUrl}${path}`, { method, body, headers: { authorization: auth[who], depth } });
  const propsOf = async (who: keyof typeof auth, path: string) =>
    (await dav(who, 'PROPFIND', path, undefined, '0')).text();

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ALLOWED_UPLOAD_TYPES: 'any' } });
    const clients: Record<string, TestClient> = {};
    for (const who of ['owner', 'editor', 'viewer'] as const) {
      const client = await signedUp(t);
      clients[who] = client;
      auth[who] = await davCredentials(client);
    }
    owner = clients.owner!;
    expect((await dav('owner', 'MKCOL', '/dav/Trip')).status).toBe(201);
    expect((await dav('owner', 'PUT', '/dav/Trip/a.txt', 'a')).status).toBe(201);
    const trip = (await owner.get('/api/v1/folders?parentId=root')).body.data.find(
      (f: { name: string }) => f.name === 'Trip',
    )._id;
    for (const who of ['editor', 'viewer'] as const) {
      const shared = await owner.post('/api/v1/shares', {
        folderId: trip,
        userId: clients[who]!.user!._id,
        role: who,
      });
      expect(shared.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('keeps values under the caps and gives them back', async () => {
    const answer = await dav(
      'owner',
      'PROPPATCH',
      '/dav/Trip/a.txt',
      setting({ colour: 'teal', rating: '5' }),
    );
    expect(answer.status).toBe(207);
    const listed = await propsOf('owner', '/dav/Trip/a.txt');
    expect(listed).toContain('teal');
    expect(listed).toContain('5</');
  });

  it('refuses the name past the per-item cap with 507 and keeps nothing of that request', async () => {
    expect((await dav('owner', 'PUT', '/dav/Trip/many.txt', 'm')).status).toBe(201);
    const names: Record<string, string> = {};
    for (let i = 0; i < DAV_PROPERTY_LIMITS.namesPerItem - 1; i++) names[`p${i}`] = 'v';
    expect((await dav('owner', 'PROPPATCH', '/dav/Trip/many.txt', setting(names))).status).toBe(207);
    const over = await dav(
      'owner',
      'PROPPATCH',
      '/dav/Trip/many.txt',
      setting({ last: 'fits', extra: 'passes' }),
    );
    expect(over.status).toBe(507);
    const listed = await propsOf('owner', '/dav/Trip/many.txt');
    expect(listed).toContain('p0');
    expect(listed).not.toContain('fits');
    expect(listed).not.toContain('passes');
  });

  it('refuses values past the per-item bytes with 507', async () => {
    const big = 'x'.repeat(DAV_PROPERTY_LIMITS.bytesPerItem);
    const answer = await dav('owner', 'PROPPATCH', '/dav/Trip/a.txt', setting({ huge: big }));
    expect(answer.status).toBe(507);
    expect(await propsOf('owner', '/dav/Trip/a.txt')).not.toContain('huge');
  });

  it('refuses a property that would pass the account’s bytes with 507, whichever item holds it', async () => {
    // The account's other items already hold all but a few bytes of its allowance.
    await t.db
      .insertInto('dav_properties')
      .values({
        resource: 'file:elsewhere',
        namespace: NS,
        name: 'filler',
        value_xml: '<x:filler/>',
        owner_id: owner.user!._id,
        size: DAV_PROPERTY_LIMITS.bytesPerAccount - 8 * 1024,
      })
      .execute();
    try {
      const answer = await dav('owner', 'PROPPATCH', '/dav/Trip/a.txt', setting({ note: 'y'.repeat(9000) }));
      expect(answer.status).toBe(507);
      expect(await propsOf('owner', '/dav/Trip/a.txt')).not.toContain('yyyy');
      // A small one still fits.
      expect((await dav('owner', 'PROPPATCH', '/dav/Trip/a.txt', setting({ tag: 'ok' }))).status).toBe(207);
    } finally {
      await t.db.deleteFrom('dav_properties').where('resource', '=', 'file:elsewhere').execute();
    }
  });

  it('a viewer cannot write a property on the owner’s file, an editor can', async () => {
    const planted = await dav(
      'viewer',
      'PROPPATCH',
      '/dav/Shared%20with%20me/Trip/a.txt',
      setting({ planted: 'by-viewer' }),
    );
    expect(planted.status).toBe(403);
    expect((await dav('viewer', 'PUT', '/dav/Shared%20with%20me/Trip/a.txt', 'b')).status).toBe(403);
    expect(await propsOf('owner', '/dav/Trip/a.txt')).not.toContain('by-viewer');
    const onFolder = await dav(
      'viewer',
      'PROPPATCH',
      '/dav/Shared%20with%20me/Trip/',
      setting({ planted: 'f' }),
    );
    expect(onFolder.status).toBe(403);

    const edited = await dav(
      'editor',
      'PROPPATCH',
      '/dav/Shared%20with%20me/Trip/a.txt',
      setting({ reviewed: 'by-editor' }),
    );
    expect(edited.status).toBe(207);
    expect(await propsOf('owner', '/dav/Trip/a.txt')).toContain('by-editor');
  });
});
