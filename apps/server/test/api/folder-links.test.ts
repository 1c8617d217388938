import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { png, text } from '../helpers/fixtures';
import { signedUp, startTestApp, until, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * The owner's tree:  Parent/ ─ Trip/ (the link) ─ photo.png, Day 1/ ─ notes.txt, Deep/ ─ deep.txt
 *                            └ Sibling/ ─ sibling.txt
 *                    top.txt
 * and another account's Theirs/ ─ theirs.txt.
 */
describe.each(DIALECTS)('folder links (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  const id = {} as Record<
    | 'parent'
    | 'trip'
    | 'day1'
    | 'deep'
    | 'sibling'
    | 'theirs'
    | 'photo'
    | 'notes'
    | 'deepFile'
    | 'siblingFile'
    | 'top'
    | 'theirsFile',
    string
  >;
  const bytes = { photo: png(7, 32, 32), notes: text('day one notes'), deep: text('deep down') };

  const upload = async (client: TestClient, data: Buffer, name: string, folderId?: string) => {
    const answer = await client.upload({ bytes: data, name, folderId });
    if (answer.status !== 201) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data._id as string;
  };
  const visitor = () => t.client();
  const makeLink = async (body: Record<string, unknown> = {}) => {
    const made = await owner.post(`/api/v1/folders/${id.trip}/links`, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data as { token: string; _id: string };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = await signedUp(t, { name: 'Owner' });
    other = await signedUp(t, { name: 'Other' });
    id.parent = await makeFolder(owner, 'Parent');
    id.trip = await makeFolder(owner, 'Trip', id.parent);
    id.day1 = await makeFolder(owner, 'Day 1', id.trip);
    id.deep = await makeFolder(owner, 'Deep', id.day1);
    id.sibling = await makeFolder(owner, 'Sibling', id.parent);
    id.theirs = await makeFolder(other, 'Theirs');
    id.photo = await upload(owner, bytes.photo, 'photo.png', id.trip);
    id.notes = await upload(owner, bytes.notes, 'notes.txt', id.day1);
    id.deepFile = await upload(owner, bytes.deep, 'deep.txt', id.deep);
    id.siblingFile = await upload(owner, text('sibling'), 'sibling.txt', id.sibling);
    id.top = await upload(owner, text('top'), 'top.txt');
    id.theirsFile = await upload(other, text('theirs'), 'theirs.txt', id.theirs);
  });
  afterAll(() => t.close());

  it('makes a link to a folder, listed with the folder’s links, and only for whoever may share it', async () => {
    const link = await makeLink({ label: 'For the client' });
    expect(link).toMatchObject({ kind: 'folder', folderId: id.trip, fileId: null, filename: 'Trip' });
    const listed = await owner.get(`/api/v1/folders/${id.trip}/links`);
    expect(listed.body.data.map((l: { _id: string }) => l._id)).toContain(link._id);
    expect(
      (await owner.get('/api/v1/links')).body.data.some((l: { _id: string }) => l._id === link._id),
    ).toBe(true);
    expect((await other.post(`/api/v1/folders/${id.trip}/links`, {})).status).toBe(404);
    expect((await other.get(`/api/v1/folders/${id.trip}/links`)).status).toBe(404);
  });

  it('lets a visitor browse the shared folder and what lies below it, never above', async () => {
    const { token } = await makeLink();
    const top = await visitor().get(`/api/v1/s/${token}`);
    expect(top.status).toBe(200);
    expect(top.body.data).toMatchObject({
      kind: 'folder',
      folder: { _id: id.trip, name: 'Trip' },
      path: [],
      folders: [{ _id: id.day1, name: 'Day 1' }],
      ownerName: 'Owner',
      downloadsLeft: null,
    });
    expect(top.body.data.files.map((f: { filename: string }) => f.filename)).toEqual(['photo']);
    expect(top.body.data.files[0].downloadName).toBe('photo.png');
    const thumbnailUrl = await until('the photo’s thumbnail', async () => {
      const again = await visitor().get(`/api/v1/s/${token}`);
      return again.body.data.files[0].thumbnailUrl ?? undefined;
    });
    expect(thumbnailUrl).toBe(`/api/v1/s/${token}/files/${id.photo}/thumbnail`);
    const thumbnail = await visitor().get(thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);

    const deep = await visitor().get(`/api/v1/s/${token}?folderId=${id.deep}`);
    expect(deep.body.data.path).toEqual([
      { _id: id.trip, name: 'Trip' },
      { _id: id.day1, name: 'Day 1' },
    ]);
    expect(deep.body.data.files.map((f: { filename: string }) => f.filename)).toEqual(['deep']);
    const content = await visitor().get(`/api/v1/s/${token}/files/${id.notes}/content`);
    expect(content.status).toBe(200);
    expect(content.bytes.equals(bytes.notes)).toBe(true);
  });

  it('answers every id outside the shared folder like a dead link, through every visitor route', async () => {
    const { token } = await makeLink();
    const outsideFolders = [id.parent, id.sibling, id.theirs, 'no-such-folder'];
    const outsideFiles = [id.siblingFile, id.top, id.theirsFile, 'no-such-file'];
    const refused = async (answer: { status: number; body: { message: string } }, what: string) => {
      expect(answer.status, what).toBe(404);
      expect(answer.body.message, what).toBe(LINK_MESSAGES.linkUnavailable);
    };
    for (const folderId of outsideFolders) {
      await refused(await visitor().get(`/api/v1/s/${token}?folderId=${folderId}`), `browse ${folderId}`);
      await refused(
        await visitor().post(`/api/v1/s/${token}/zip`, { folderIds: [folderId] }),
        `zip ${folderId}`,
      );
    }
    for (const fileId of outsideFiles) {
      for (const route of ['content', 'content?download=1', 'thumbnail']) {
        await refused(
          await visitor().get(`/api/v1/s/${token}/files/${fileId}/${route}`),
          `${route} ${fileId}`,
        );
      }
      await refused(
        await visitor().post(`/api/v1/s/${token}/zip`, { fileIds: [id.photo, fileId] }),
        `zip ${fileId}`,
      );
    }
    // A folder link is not a file link, and a file link reaches no folder.
    await refused(await visitor().get(`/api/v1/s/${token}/content`), 'the file route of a folder link');
    const fileLink = await owner.post(`/api/v1/files/f/${id.top}/links`, {});
    await refused(
      await visitor().get(`/api/v1/s/${fileLink.body.data.token}/files/${id.top}/content`),
      'the folder route of a file link',
    );
    await refused(
      await visitor().post(`/api/v1/s/${fileLink.body.data.token}/zip`, { fileIds: [id.top] }),
      'a zip through a file link',
    );
    // A zip link made for one link opens through no other.
    const { token: second } = await makeLink();
    const zip = await visitor().post(`/api/v1/s/${token}/zip`, { fileIds: [id.photo] });
    const selection = zip.body.data.url.split('/').at(-1);
    await refused(await visitor().get(`/api/v1/s/${second}/zip/${selection}`), 'a zip through another link');
  });

  it('zips a selection, counting each file against the link’s limit, all or none', async () => {
    const { token } = await makeLink({ maxDownloads: 4 });
    const left = async () => (await visitor().get(`/api/v1/s/${token}`)).body.data.downloadsLeft;
    const one = await visitor().get(`/api/v1/s/${token}/files/${id.photo}/content?download=1`);
    expect(one.status).toBe(200);
    expect(one.bytes.equals(bytes.photo)).toBe(true);
    expect(await left()).toBe(3);

    const link = await visitor().post(`/api/v1/s/${token}/zip`, { folderIds: [id.day1] });
    expect(link.status).toBe(200);
    const zip = await visitor().get(link.body.data.url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('Day 1.zip');
    const entries = await readZip(zip.bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(['Day 1/Deep/deep.txt', 'Day 1/notes.txt']);
    expect(entries.find((e) => e.name === 'Day 1/notes.txt')!.bytes.equals(bytes.notes)).toBe(true);
    expect(await left()).toBe(1);

    // Two files do not fit in the one download left: the zip is refused whole, and nothing is used up.
    const tooMany = await visitor().post(`/api/v1/s/${token}/zip`, { folderIds: [id.day1] });
    const refused = await visitor().get(tooMany.body.data.url);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(LINK_MESSAGES.linkUnavailable);
    expect(await left()).toBe(1);
    expect((await visitor().get(`/api/v1/s/${token}/files/${id.notes}/content?download=1`)).status).toBe(200);
    expect((await visitor().get(`/api/v1/s/${token}`)).status).toBe(404);
  });

  it('keeps a password-protected folder closed until unlocked, and ends with a revoke or the trash', async () => {
    const { token, _id } = await makeLink({ password: 'open sesame' });
    const guest = visitor();
    expect((await guest.get(`/api/v1/s/${token}`)).body.data).toEqual({ passwordRequired: true });
    const locked = await guest.get(`/api/v1/s/${token}/files/${id.photo}/content`);
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe(LINK_MESSAGES.linkPasswordRequired);
    expect((await guest.post(`/api/v1/s/${token}/zip`, { fileIds: [id.photo] })).status).toBe(401);
    expect((await guest.post(`/api/v1/s/${token}/unlock`, { password: 'open sesame' })).status).toBe(200);
    expect((await guest.get(`/api/v1/s/${token}?folderId=${id.day1}`)).status).toBe(200);
    expect((await guest.get(`/api/v1/s/${token}/files/${id.notes}/content`)).status).toBe(200);

    // A folder below it in the trash is gone for the visitor too.
    expect((await owner.delete(`/api/v1/folders/${id.deep}`)).status).toBe(200);
    expect((await guest.get(`/api/v1/s/${token}?folderId=${id.deep}`)).status).toBe(404);
    expect((await guest.get(`/api/v1/s/${token}/files/${id.deepFile}/content`)).status).toBe(404);

    expect((await owner.delete(`/api/v1/links/${_id}`)).status).toBe(200);
    expect((await guest.get(`/api/v1/s/${token}`)).status).toBe(404);
    expect((await guest.get(`/api/v1/s/${token}/files/${id.photo}/content`)).status).toBe(404);
  });
});
