import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder } from '../helpers/folder-setup';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * Whom the share dialog may find: people connected to the one asking (a group in common, a share either way)
 * by the start of a name or email, anyone else only by their exact email, no one for an empty query, nothing
 * for an access token; an administrator may open the whole directory.
 */
describe.each(DIALECTS)('people directory (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let me: TestClient;
  const people: Record<'teammate' | 'sharer' | 'sharedTo' | 'stranger', TestClient> = {} as never;

  const find = async (q: string, client = me) => {
    const answer = await client.get(`/api/v1/shares/people?q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    return (answer.body.data as Array<{ name: string }>).map((p) => p.name).sort();
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
    me = await signedUp(t, { name: 'Me Myself' });
    for (const [key, name] of [
      ['teammate', 'Pat Teammate'],
      ['sharer', 'Pat Sharer'],
      ['sharedTo', 'Pat Shared'],
      ['stranger', 'Pat Stranger'],
    ] as const)
      people[key] = await signedUp(t, { name, email: `${key.toLowerCase()}@example.test` });
    const group = await admin.post('/api/v1/admin/groups', {
      name: 'Studio',
      memberIds: [me.user!._id, people.teammate.user!._id],
    });
    expect(group.status).toBe(201);
    const theirs = await makeFolder(people.sharer, 'From sharer');
    expect(
      (await people.sharer.post('/api/v1/shares', { folderId: theirs, userId: me.user!._id, role: 'viewer' }))
        .status,
    ).toBe(201);
    const mine = await makeFolder(me, 'From me');
    expect(
      (await me.post('/api/v1/shares', { folderId: mine, userId: people.sharedTo.user!._id, role: 'viewer' }))
        .status,
    ).toBe(201);
  });
  afterAll(() => t.close());

  it('finds no one for an empty query', async () => {
    expect(await find('')).toEqual([]);
  });

  it('finds connected people by the start of a name or email, never a stranger by a substring', async () => {
    expect(await find('pat')).toEqual(['Pat Shared', 'Pat Sharer', 'Pat Teammate']);
    expect(await find('TEAMMATE@')).toEqual(['Pat Teammate']);
    expect(await find('stranger')).toEqual([]);
    expect(await find('trang')).toEqual([]);
    expect(await find('example.test')).toEqual([]);
  });

  it('finds a stranger by their exact email only', async () => {
    expect(await find('STRANGER@example.test')).toEqual(['Pat Stranger']);
    expect(await find('stranger@example.tes')).toEqual([]);
  });

  it('refuses an access token, whatever its scope', async () => {
    for (const scope of ['read', 'read-write']) {
      const token = await me.post('/api/v1/users/me/tokens', { name: `people ${scope}`, scope });
      const answer = await t
        .client()
        .get('/api/v1/shares/people?q=pat', { authorization: `Bearer ${token.body.data.token}` });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(SHARE_MESSAGES.peopleNeedsSession);
    }
  });

  it('an administrator may open the whole directory, and close it again', async () => {
    expect((await admin.get('/api/v1/admin/settings')).body.data.peopleDirectory).toBe('connected');
    const opened = await admin.patch('/api/v1/admin/settings', { peopleDirectory: 'everyone' });
    expect(opened.status).toBe(200);
    expect(opened.body.data.peopleDirectory).toBe('everyone');
    expect(await find('pat')).toEqual(['Pat Shared', 'Pat Sharer', 'Pat Stranger', 'Pat Teammate']);
    expect(await find('trang')).toEqual([]);
    expect((await admin.patch('/api/v1/admin/settings', { peopleDirectory: 'connected' })).status).toBe(200);
    expect(await find('pat')).toEqual(['Pat Shared', 'Pat Sharer', 'Pat Teammate']);
    expect((await me.patch('/api/v1/admin/settings', { peopleDirectory: 'everyone' })).status).toBe(403);
  });
});
