import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, MESSAGES, SHARE_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

type Actor = 'owner' | 'viewer' | 'editor' | 'member' | 'exMember' | 'stranger';
const ACTORS: Actor[] = ['owner', 'viewer', 'editor', 'member', 'exMember', 'stranger'];

/**
 * The owner's tree:  Shared/ (shared)  ─ notes.txt, Sub/ ─ deep.txt
 *                    Private/          ─ secret.txt
 * Shared/ is given to `viewer` as a viewer, to `editor` as an editor, and to the group Team (editors) whose
 * member is `member`; `exMember` was in Team and was taken out.
 */
describe.each(DIALECTS)('sharing inside the team (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  const as = {} as Record<Actor, TestClient>;
  const id = {} as Record<'shared' | 'sub' | 'private' | 'notes' | 'deep' | 'secret' | 'team', string>;

  const upload = async (client: TestClient, name: string, folderId: string) => {
    const answer = await client.upload({ bytes: text(`${name} ${Math.random()}`), name, folderId });
    if (answer.status !== 201) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data._id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
    for (const actor of ACTORS) as[actor] = await signedUp(t, { name: actor });
    const { owner } = as;
    id.shared = await makeFolder(owner, 'Shared');
    id.sub = await makeFolder(owner, 'Sub', id.shared);
    id.private = await makeFolder(owner, 'Private');
    id.notes = await upload(owner, 'notes.txt', id.shared);
    id.deep = await upload(owner, 'deep.txt', id.sub);
    id.secret = await upload(owner, 'secret.txt', id.private);

    const team = await admin.post('/api/v1/admin/groups', {
      name: 'Team',
      memberIds: [as.member.user!._id, as.exMember.user!._id],
    });
    expect(team.status).toBe(201);
    id.team = team.body.data._id;
    for (const [grantee, role] of [
      [{ userId: as.viewer.user!._id }, 'viewer'],
      [{ email: as.editor.user!.email.toUpperCase() }, 'editor'],
      [{ groupId: id.team }, 'editor'],
    ] as const) {
      const shared = await owner.post('/api/v1/shares', { folderId: id.shared, ...grantee, role });
      expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    }
    const out = await admin.patch(`/api/v1/admin/groups/${id.team}`, { memberIds: [as.member.user!._id] });
    expect(out.body.data.memberCount).toBe(1);
  });
  afterAll(() => t.close());

  const sees: Record<Actor, boolean> = {
    owner: true,
    viewer: true,
    editor: true,
    member: true,
    exMember: false,
    stranger: false,
  };

  it.each(ACTORS)('every read route of the shared folder and what lies below it, as %s', async (actor) => {
    const client = as[actor];
    const reads = [
      `/api/v1/folders/${id.shared}`,
      `/api/v1/folders/${id.sub}`,
      `/api/v1/folders?parentId=${id.shared}`,
      `/api/v1/files/user-files?folderId=${id.sub}`,
      `/api/v1/files/f/${id.deep}`,
      `/api/v1/files/f/${id.deep}/content`,
      `/api/v1/files/f/${id.deep}/download`,
    ];
    for (const url of reads) {
      const answer = await client.get(url);
      expect(answer.status, `${actor} GET ${url}`).toBe(sees[actor] ? 200 : 404);
    }
    const zip = await client.post('/api/v1/files/zip', { folderIds: [id.sub], fileIds: [id.notes] });
    expect(zip.status, `${actor} zip`).toBe(sees[actor] ? 200 : 404);
    if (sees[actor]) {
      const entries = await readZip((await client.get(zip.body.data.url)).bytes);
      expect(entries.map((e) => e.name).sort()).toEqual(['Sub/deep.txt', 'notes.txt']);
      const listed = await client.get(`/api/v1/files/user-files?folderId=${id.sub}`);
      expect(listed.body.data.map((f: { filename: string }) => f.filename)).toEqual(['deep']);
    }
    // Nothing outside what was shared: the owner's other folder and its file, and the versions of a shared file.
    const outside = [
      `/api/v1/folders/${id.private}`,
      `/api/v1/folders?parentId=${id.private}`,
      `/api/v1/files/user-files?folderId=${id.private}`,
      `/api/v1/files/f/${id.secret}`,
      `/api/v1/files/f/${id.secret}/content`,
      `/api/v1/files/f/${id.deep}/versions`,
    ];
    for (const url of outside) {
      const answer = await client.get(url);
      expect(answer.status, `${actor} GET ${url}`).toBe(actor === 'owner' ? 200 : 404);
    }
  });

  it('a shared folder answers with the path from the shared folder down, the access and the owner', async () => {
    const asViewer = await as.viewer.get(`/api/v1/folders/${id.sub}`);
    expect(asViewer.body.data).toMatchObject({ access: 'viewer', owner: { name: 'owner' } });
    expect(asViewer.body.data.path).toEqual([{ _id: id.shared, name: 'Shared' }]);
    expect((await as.member.get(`/api/v1/folders/${id.shared}`)).body.data).toMatchObject({
      access: 'editor',
      path: [],
    });
    expect((await as.owner.get(`/api/v1/folders/${id.sub}`)).body.data.access).toBe('owner');
    expect((await admin.get(`/api/v1/folders/${id.sub}`)).body.data.access).toBe('admin');
  });

  it.each(ACTORS)('writes into the shared folder, as %s', async (actor) => {
    const client = as[actor];
    const writes = actor === 'owner' || actor === 'editor' || actor === 'member';
    const made = await client.post('/api/v1/folders', { name: `by ${actor}`, parentId: id.shared });
    // One who sees the folder but may not write is told so (403); one who does not see it finds nothing.
    const refused = sees[actor] ? 403 : 404;
    expect(made.status, `${actor} makes a folder`).toBe(writes ? 201 : refused);
    const sent = await client.upload({
      bytes: text(`from ${actor}`),
      name: `${actor}.txt`,
      folderId: id.sub,
    });
    expect(sent.status, `${actor} uploads`).toBe(writes ? 201 : refused);
    if (!writes) {
      const rename = await client.patch(`/api/v1/files/update/${id.notes}`, { filename: 'mine.txt' });
      expect(rename.status, `${actor} renames`).toBe(sees[actor] ? 403 : 404);
      const remove = await client.delete(`/api/v1/files/delete/${id.notes}`);
      expect(remove.status, `${actor} deletes`).toBe(sees[actor] ? 403 : 404);
      return;
    }
    // What an editor uploads is the owner's: listed in the owner's folder, counted against the owner.
    expect(sent.body.data.uploadedBy.name).toBe('owner');
    const file = sent.body.data._id as string;
    const renamed = await client.patch(`/api/v1/files/update/${file}`, { filename: `${actor}-renamed.txt` });
    expect(renamed.status).toBe(200);
    const moved = await client.patch(`/api/v1/files/update/${file}`, { folderId: id.shared });
    expect(moved.status).toBe(200);
    expect(moved.body.data.folderId).toBe(id.shared);
    const removed = await client.delete(`/api/v1/files/delete/${file}`);
    expect(removed.status).toBe(200);
    const folder = made.body.data._id as string;
    expect((await client.patch(`/api/v1/folders/${folder}`, { name: `${actor} renamed` })).status).toBe(200);
    expect((await client.delete(`/api/v1/folders/${folder}`)).status).toBe(200);
  });

  it('an editor changes nothing beyond what was shared: not the shared folder’s place, not visibility', async () => {
    const { editor } = as;
    const file = await upload(editor, 'edge.txt', id.shared);
    // Out of the share: to the owner's top, into the owner's private folder, into the editor's own tree.
    expect((await editor.patch(`/api/v1/files/update/${file}`, { folderId: null })).status).toBe(403);
    expect((await editor.patch(`/api/v1/files/update/${file}`, { folderId: id.private })).status).toBe(404);
    const own = await makeFolder(editor, 'Mine');
    expect((await editor.patch(`/api/v1/files/update/${file}`, { folderId: own })).status).toBe(404);
    expect(
      (await editor.post('/api/v1/files/batch', { action: 'move', fileIds: [file], targetFolderId: own }))
        .status,
    ).toBe(404);
    // Publishing stays the owner's.
    const publish = await editor.patch(`/api/v1/files/update/${file}`, { filename: 'edge', isPublic: true });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toBe(MESSAGES.notYourFile);
    // The shared folder itself stays where the owner put it: the editor sees it, so is told no.
    expect((await editor.delete(`/api/v1/folders/${id.shared}`)).status).toBe(403);
    expect((await editor.patch(`/api/v1/folders/${id.shared}`, { parentId: own })).status).toBe(403);
    // A batch delete inside the share goes to the owner's side like a single one.
    const batch = await editor.post('/api/v1/files/batch', { action: 'delete', fileIds: [file] });
    expect(batch.status).toBe(200);
    expect((await as.owner.get(`/api/v1/files/f/${file}`)).status).toBe(404);
  });

  it('shares further only with the owner’s leave, and never with more than one’s own role', async () => {
    const { owner, editor, viewer, stranger } = as;
    const refused = await editor.post('/api/v1/shares', {
      folderId: id.shared,
      userId: stranger.user!._id,
      role: 'viewer',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SHARE_MESSAGES.notYours);
    expect((await viewer.get(`/api/v1/shares?folderId=${id.shared}`)).status).toBe(403);

    const listed = await owner.get(`/api/v1/shares?folderId=${id.shared}`);
    const editorShare = listed.body.data.find(
      (s: { grantee: { _id: string } }) => s.grantee._id === editor.user!._id,
    );
    expect(editorShare).toMatchObject({
      role: 'editor',
      reshare: false,
      grantee: { kind: 'user', name: 'editor' },
    });
    expect(
      listed.body.data.find((s: { grantee: { kind: string } }) => s.grantee.kind === 'group'),
    ).toMatchObject({
      grantee: { name: 'Team', memberCount: 1 },
    });
    expect((await owner.patch(`/api/v1/shares/${editorShare._id}`, { reshare: true })).status).toBe(200);

    const reshared = await editor.post('/api/v1/shares', {
      folderId: id.sub,
      userId: stranger.user!._id,
      role: 'viewer',
    });
    expect(reshared.status).toBe(201);
    expect((await stranger.get(`/api/v1/folders/${id.sub}`)).status).toBe(200);
    expect((await stranger.get(`/api/v1/folders/${id.shared}`)).status).toBe(404);
    const promote = await stranger.post('/api/v1/shares', {
      folderId: id.sub,
      userId: viewer.user!._id,
      role: 'editor',
    });
    expect(promote.status).toBe(403);
    expect((await owner.delete(`/api/v1/shares/${reshared.body.data._id}`)).status).toBe(200);
    expect((await stranger.get(`/api/v1/folders/${id.sub}`)).status).toBe(404);
    expect((await owner.patch(`/api/v1/shares/${editorShare._id}`, { reshare: false })).status).toBe(200);
  });

  it('refuses unknown people alike, shares with oneself, and malformed bodies', async () => {
    const { owner } = as;
    const byId = await owner.post('/api/v1/shares', {
      fileId: id.notes,
      userId: 'no-such-user',
      role: 'viewer',
    });
    const byEmail = await owner.post('/api/v1/shares', {
      fileId: id.notes,
      email: 'nobody@example.test',
      role: 'viewer',
    });
    expect([byId.status, byEmail.status]).toEqual([404, 404]);
    expect(byEmail.body.message).toBe(byId.body.message);
    expect(byId.body.message).toBe(SHARE_MESSAGES.personNotFound);
    const self = await owner.post('/api/v1/shares', {
      fileId: id.notes,
      userId: owner.user!._id,
      role: 'viewer',
    });
    expect(self.status).toBe(400);
    const both = await owner.post('/api/v1/shares', {
      fileId: id.notes,
      folderId: id.shared,
      userId: as.viewer.user!._id,
      role: 'viewer',
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(SHARE_MESSAGES.oneItem);
    const badRole = await owner.post('/api/v1/shares', {
      fileId: id.notes,
      userId: as.viewer.user!._id,
      role: 'admin',
    });
    expect(badRole.status).toBe(400);
    expect(
      (
        await as.stranger.post('/api/v1/shares', {
          fileId: id.secret,
          userId: as.viewer.user!._id,
          role: 'viewer',
        })
      ).status,
    ).toBe(404);
  });

  it('lists what is shared with me once, with the owner and my best role, and lets me leave a direct share', async () => {
    const { owner, viewer, member, stranger } = as;
    // The viewer also joins Team (editors): the folder is listed once, as an editor, and leaving the direct
    // share leaves the group's.
    await admin.patch(`/api/v1/admin/groups/${id.team}`, { memberIds: [member.user!._id, viewer.user!._id] });
    const direct = await owner.post('/api/v1/shares', {
      fileId: id.secret,
      userId: viewer.user!._id,
      role: 'viewer',
    });
    expect(direct.status).toBe(201);

    const mine = await viewer.get('/api/v1/shares/with-me');
    expect(mine.status).toBe(200);
    const byName = new Map(mine.body.data.map((item: { name: string }) => [item.name, item]));
    expect([...byName.keys()].sort()).toEqual(['Shared', 'secret']);
    expect(byName.get('Shared')).toMatchObject({ kind: 'folder', role: 'editor', owner: { name: 'owner' } });
    expect(byName.get('secret')).toMatchObject({
      kind: 'file',
      role: 'viewer',
      shareId: direct.body.data._id,
    });
    expect((await viewer.get(`/api/v1/files/f/${id.secret}`)).status).toBe(200);
    expect((await viewer.get(`/api/v1/files/f/${id.secret}/content`)).bytes.length).toBeGreaterThan(0);
    // One zip of a file shared by itself and files reached through the folders above them.
    const zip = await viewer.post('/api/v1/files/zip', { fileIds: [id.secret, id.notes, id.deep] });
    expect(zip.status, JSON.stringify(zip.body)).toBe(200);
    expect((await readZip((await viewer.get(zip.body.data.url)).bytes)).map((e) => e.name).sort()).toEqual([
      'deep.txt',
      'notes.txt',
      'secret.txt',
    ]);
    expect(
      (await viewer.get('/api/v1/users/me/groups')).body.data.map((g: { name: string }) => g.name),
    ).toEqual(['Team']);

    const left = await viewer.delete(`/api/v1/shares/${direct.body.data._id}`);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(SHARE_MESSAGES.left);
    expect((await viewer.get(`/api/v1/files/f/${id.secret}`)).status).toBe(404);
    expect((await viewer.post('/api/v1/files/zip', { fileIds: [id.notes, id.secret] })).status).toBe(404);
    // Someone else's share is not the stranger's to end.
    const teamShare = (await owner.get(`/api/v1/shares?folderId=${id.shared}`)).body.data.find(
      (s: { grantee: { kind: string } }) => s.grantee.kind === 'group',
    );
    expect((await stranger.delete(`/api/v1/shares/${teamShare._id}`)).status).toBe(404);
    expect((await stranger.get('/api/v1/shares/with-me')).body.data).toEqual([]);
  });

  it('keeps groups for administrators: unique names, real members, and a deleted group’s shares end', async () => {
    expect((await as.owner.get('/api/v1/admin/groups')).status).toBe(403);
    const dup = await admin.post('/api/v1/admin/groups', { name: 'team' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(GROUP_MESSAGES.nameTaken);
    const ghost = await admin.post('/api/v1/admin/groups', { name: 'Ghosts', memberIds: ['no-such-user'] });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe(GROUP_MESSAGES.memberNotFound);
    const blank = await admin.post('/api/v1/admin/groups', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(GROUP_MESSAGES.nameRequired);

    const temp = await admin.post('/api/v1/admin/groups', {
      name: 'Temp',
      memberIds: [as.stranger.user!._id],
    });
    await as.owner.post('/api/v1/shares', {
      folderId: id.private,
      groupId: temp.body.data._id,
      role: 'viewer',
    });
    expect((await as.stranger.get(`/api/v1/folders/${id.private}`)).status).toBe(200);
    const members = await admin.get(`/api/v1/admin/groups/${temp.body.data._id}`);
    expect(members.body.data.members).toEqual([
      { _id: as.stranger.user!._id, name: 'stranger', email: as.stranger.user!.email },
    ]);
    expect((await admin.delete(`/api/v1/admin/groups/${temp.body.data._id}`)).status).toBe(200);
    expect((await as.stranger.get(`/api/v1/folders/${id.private}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/admin/groups/${temp.body.data._id}`)).status).toBe(404);
  });

  it('finds people and groups to share with, never oneself', async () => {
    const people = await as.owner.get('/api/v1/shares/people?q=EDIT');
    expect(people.status).toBe(200);
    expect(people.body.data.map((p: { name: string }) => p.name)).toEqual(['editor']);
    const everyone = await as.owner.get('/api/v1/shares/people');
    expect(everyone.body.data.some((p: { _id: string }) => p._id === as.owner.user!._id)).toBe(false);
    const groups = await as.owner.get('/api/v1/shares/groups?q=tea');
    expect(groups.body.data.map((g: { name: string }) => g.name)).toEqual(['Team']);
  });
});
