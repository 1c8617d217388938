import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_MAX_DEPTH, FOLDER_MESSAGES, TRASH_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * A folder tree never holds a cycle: moves of one owner's tree take turns, so two crossed moves cannot both
 * pass the "not into itself" check. And a tree that holds one anyway (an old race, a hand-edited database)
 * cannot make a request run without end: every walk of the tree stops at the depth limit, and fsck finds the
 * cycle and puts it back at the top.
 */
describe.each(DIALECTS)('folder cycles (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let sharee: TestClient;
  let davAuth = '';

  /** An answer, or a failure once a hang is plain: an unbounded walk of a cycle never answers at all. */
  const promptly = <T>(answer: Promise<T>): Promise<T> =>
    Promise.race([
      answer,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s')), 10_000)),
    ]);

  /** Two top folders made each other's parent straight in the database, A shared with the sharee first. */
  async function writeCycle(prefix: string) {
    const a = await makeFolder(owner, `${prefix} A`);
    const b = await makeFolder(owner, `${prefix} B`, a);
    expect(
      (
        await owner.upload({
          filename: `${prefix} note`,
          bytes: text('in B'),
          name: 'note.txt',
          type: 'text/plain',
          folderId: b,
        })
      ).status,
    ).toBe(201);
    const share = await owner.post('/api/v1/shares', {
      folderId: a,
      userId: sharee.user!._id,
      role: 'viewer',
    });
    expect(share.status).toBe(201);
    await t.db.updateTable('folders').set({ parent_id: b }).where('id', '=', a).execute();
    return { a, b };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { TRASH_RETENTION_DAYS: '30', ALLOWED_UPLOAD_TYPES: 'any' } });
    owner = await signedUp(t);
    sharee = await signedUp(t);
    const token = await sharee.post('/api/v1/users/me/tokens', { name: 'dav', scope: 'read' });
    expect(token.status).toBe(201);
    davAuth = `Basic ${Buffer.from(`${sharee.user!.email}:${token.body.data.token}`).toString('base64')}`;
  });
  afterAll(() => t.close());

  it('fifty crossed pairs of moves sent at once leave no cycle: one of each pair is refused', async () => {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < 50; i++)
      pairs.push([await makeFolder(owner, `Cross ${i} A`), await makeFolder(owner, `Cross ${i} B`)]);
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        owner.patch(`/api/v1/folders/${a}`, { parentId: b }),
        owner.patch(`/api/v1/folders/${b}`, { parentId: a }),
      ]),
    );
    for (let i = 0; i < answers.length; i += 2) {
      const statuses = [answers[i]!.status, answers[i + 1]!.status].sort();
      expect(statuses).toEqual([200, 400]);
      const refused = answers[i]!.status === 400 ? answers[i]! : answers[i + 1]!;
      expect(refused.body.message).toBe(FOLDER_MESSAGES.intoItself);
    }
    expect(await t.services.folderTrees.problems()).toEqual([]);
  });

  it('a cycle in the database answers list, path, move, WebDAV, delete and restore at once, not a hang', async () => {
    const { a, b } = await writeCycle('Loop');

    const list = await promptly(owner.get(`/api/v1/folders?parentId=${a}`));
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: { _id: string }) => f._id)).toEqual([b]);
    expect((await promptly(owner.get(`/api/v1/folders/${b}`))).status).toBe(200);

    // Nothing can be moved into it: above it lies more than the depth limit allows.
    const outside = await makeFolder(owner, 'Outside');
    const move = await promptly(owner.patch(`/api/v1/folders/${outside}`, { parentId: a }));
    expect(move.status).toBe(400);
    expect(move.body.message).toBe(FOLDER_MESSAGES.tooDeep);

    const propfind = await promptly(
      fetch(`${t.baseUrl}/dav/Shared%20with%20me/Loop%20A/`, {
        method: 'PROPFIND',
        headers: { authorization: davAuth, depth: '1' },
      }),
    );
    expect(propfind.status).toBe(207);
    expect(await propfind.text()).toContain('Loop%20B');

    const removed = await promptly(owner.delete(`/api/v1/folders/${a}`));
    expect(removed.status).toBe(200);
    expect((await owner.get(`/api/v1/folders/${b}`)).status).toBe(404);
    const trash = await promptly(owner.get('/api/v1/trash'));
    expect(trash.body.data.map((item: { name: string }) => item.name)).toContain('Loop A');

    // Back out of the trash, the cycle is broken: the folder above it went with it, so it comes back at the top.
    const restored = await promptly(owner.post('/api/v1/trash/restore', { folderIds: [a] }));
    expect(restored.status).toBe(200);
    const again = await owner.get(`/api/v1/folders/${b}`);
    expect(again.status).toBe(200);
    expect(again.body.data.path.map((f: { name: string }) => f.name)).toEqual(['Loop A']);
    expect((await owner.get(`/api/v1/folders/${a}`)).body.data.parentId).toBeNull();
    expect(await t.services.folderTrees.problems()).toEqual([]);
  });

  it('fsck reports a cycle, and --repair puts it back at the top as … (restored)', async () => {
    const { a, b } = await writeCycle('Ring');
    const problems = await t.services.folderTrees.problems();
    expect(problems).toHaveLength(1);
    expect(problems[0]!.problem).toBe('folder cycle');
    expect([a, b]).toContain(problems[0]!.folder);

    expect(await t.services.folderTrees.repair()).toBe(1);
    expect(await t.services.folderTrees.problems()).toEqual([]);
    const top = (await owner.get('/api/v1/folders?parentId=root&limit=200')).body.data.map(
      (f: { name: string }) => f.name,
    );
    const cut = problems[0]!.folder === a ? 'Ring A' : 'Ring B';
    expect(top).toContain(TRASH_MESSAGES.restoredName(cut));
    const below = problems[0]!.folder === a ? b : a;
    expect((await owner.get(`/api/v1/folders/${below}`)).body.data.path).toEqual([
      { _id: problems[0]!.folder, name: TRASH_MESSAGES.restoredName(cut) },
    ]);
  });

  it('a restore that would pass the depth limit comes back at the top as … (restored), and says so', async () => {
    const parent = await makeFolder(owner, 'Holder');
    let tip = await makeFolder(owner, 'Subtree', parent);
    const subtree = tip;
    for (let level = 1; level <= 6; level++) tip = await makeFolder(owner, `Level ${level}`, tip);
    expect((await owner.delete(`/api/v1/folders/${subtree}`)).status).toBe(200);

    // While the subtree lies in the trash, its parent moves 58 levels deeper: only its own depth counts now.
    let deep: string | null = null;
    for (let level = 1; level <= FOLDER_MAX_DEPTH - 6; level++)
      deep = await makeFolder(owner, `D${level}`, deep);
    expect((await owner.patch(`/api/v1/folders/${parent}`, { parentId: deep })).status).toBe(200);

    const restored = await owner.post('/api/v1/trash/restore', { folderIds: [subtree] });
    expect(restored.status).toBe(200);
    const name = TRASH_MESSAGES.restoredName('Subtree');
    expect(restored.body.data.atTop).toEqual([name]);
    expect(restored.body.message).toBe(TRASH_MESSAGES.restoredAtTop([name]));
    const back = await owner.get(`/api/v1/folders/${subtree}`);
    expect(back.body.data).toMatchObject({ name, parentId: null });
    const deepest = await owner.get(`/api/v1/folders/${tip}`);
    expect(deepest.body.data.path).toHaveLength(6);
    expect(await t.services.folderTrees.problems()).toEqual([]);
  });
});
