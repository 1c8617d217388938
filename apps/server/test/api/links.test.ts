import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const UNAVAILABLE = { message: LINK_MESSAGES.linkUnavailable, code: 'NOT_FOUND' };
const HOUR = 3_600_000;

describe.each(DIALECTS)('share links (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let other: TestClient;
  let ownerName: string;
  let ownerEmail: string;
  let privateId: string;
  let publicId: string;
  const imageBytes = png(1200);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
    owner = t.client();
    const account = await owner.signUp({ name: 'Link Owner' });
    ownerName = account.name;
    ownerEmail = account.email;
    other = await signedUp(t, { name: 'Other' });
    privateId = (await owner.upload({ bytes: imageBytes, filename: 'holiday', isPublic: false })).body.data
      ._id;
    publicId = (await owner.upload({ bytes: png(1201), filename: 'poster', isPublic: true })).body.data._id;
  });
  afterAll(() => t.close());

  async function createLink(body: Record<string, unknown> = {}, fileId = privateId, as = owner) {
    const answer = await as.post(`/api/v1/files/f/${fileId}/links`, body);
    if (answer.status !== 201)
      throw new Error(`create link: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data as { _id: string; token: string; url: string; downloads: number; state: string };
  }
  const visitor = () => t.client();

  it('creates a link for the owner with a 256-bit URL-safe token and the visitor address', async () => {
    const answer = await owner.post(`/api/v1/files/f/${privateId}/links`, {
      label: 'For Ana',
      maxDownloads: 5,
      expiresAt: new Date(t.clock.now() + 7 * 24 * HOUR).toISOString(),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(LINK_MESSAGES.linkCreated);
    const link = answer.body.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      url: `/s/${link.token}`,
      fileId: privateId,
      filename: 'holiday',
      label: 'For Ana',
      hasPassword: false,
      maxDownloads: 5,
      downloads: 0,
      lastDownloadAt: null,
      revokedAt: null,
      state: 'active',
    });
    expect(JSON.stringify(link)).not.toContain('hash');
  });

  it("refuses links to others' files: 404 for a private one, 403 for a public one, 401 signed out", async () => {
    const hidden = await other.post(`/api/v1/files/f/${privateId}/links`, {});
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
    expect((await other.post(`/api/v1/files/f/${publicId}/links`, {})).status).toBe(403);
    expect((await admin.post(`/api/v1/files/f/${publicId}/links`, {})).status).toBe(403);
    expect((await visitor().post(`/api/v1/files/f/${publicId}/links`, {})).status).toBe(401);
    // Without a body too: the access answer comes first, and says nothing a missing file would not.
    const bare = await other.request('POST', `/api/v1/files/f/${privateId}/links`);
    expect(bare.status).toBe(404);
    expect(bare.body).toEqual({ message: MESSAGES.fileNotFound, code: 'NOT_FOUND' });
    const own = await owner.request('POST', `/api/v1/files/f/${privateId}/links`);
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ hasPassword: false, maxDownloads: null, expiresAt: null });
  });

  it('refuses bad options with 400 and a message', async () => {
    for (const body of [{ maxDownloads: 0 }, { maxDownloads: 1_000_001 }, { maxDownloads: 1.5 }]) {
      const answer = await owner.post(`/api/v1/files/f/${privateId}/links`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(LINK_MESSAGES.linkMaxDownloads);
    }
    const past = await owner.post(`/api/v1/files/f/${privateId}/links`, {
      expiresAt: new Date(t.clock.now() - HOUR).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(LINK_MESSAGES.linkExpiryPast);
    expect((await owner.post(`/api/v1/files/f/${privateId}/links`, { expiresAt: 'soon' })).status).toBe(400);
  });

  it('refuses a link password shorter than 6 characters with 400 and says why', async () => {
    for (const password of ['', 'a', '12345']) {
      const answer = await owner.post(`/api/v1/files/f/${privateId}/links`, { password });
      expect(answer.status, JSON.stringify(password)).toBe(400);
      expect(answer.body.message).toBe(LINK_MESSAGES.linkPasswordTooShort);
    }
    expect((await createLink({ password: '123456' })).state).toBe('active');
  });

  it('cleans a label like a name: no direction overrides, controls, line breaks or zero-width characters', async () => {
    const cases: [string, string | null][] = [
      ['invoice\u202Egnp.exe', 'invoicegnp.exe'],
      ['For\u0007 Ana\u200B  and Bo\u2066b\u2069\r\n', 'For Ana and Bob'],
      ['Q3/Q4 \u200Freview', 'Q3/Q4 review'],
      ['\u202E\u200B', null],
    ];
    for (const [label, stored] of cases) {
      const answer = await owner.post(`/api/v1/files/f/${privateId}/links`, { label });
      expect(answer.status).toBe(201);
      expect(answer.body.data.label, JSON.stringify(label)).toBe(stored);
      const listed = (await owner.get(`/api/v1/files/f/${privateId}/links?limit=200`)).body.data.find(
        (l: { _id: string }) => l._id === answer.body.data._id,
      );
      expect(listed.label).toBe(stored);
    }
  });

  it("shows a visitor the file's name, type, size and owner's name, never the email", async () => {
    const link = await createLink({ maxDownloads: 4 });
    const answer = await visitor().get(`/api/v1/s/${link.token}`);
    expect(answer.status).toBe(200);
    const { thumbnailUrl, ...shown } = answer.body.data;
    expect(shown).toEqual({
      passwordRequired: false,
      kind: 'file',
      filename: 'holiday',
      downloadName: 'holiday.png',
      mimetype: 'image/png',
      size: imageBytes.length,
      ownerName,
      expiresAt: null,
      downloadsLeft: 4,
    });
    // The worker makes the thumbnail in the background: either not yet, or through the link itself.
    expect([null, `/api/v1/s/${link.token}/thumbnail`]).toContain(thumbnailUrl);
    expect(JSON.stringify(answer.body)).not.toContain(ownerEmail);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('serves the bytes with the preview rules plus no-referrer and noindex, and the visitor page too', async () => {
    const link = await createLink();
    const preview = await visitor().get(`/api/v1/s/${link.token}/content`);
    expect(preview.status).toBe(200);
    expect(preview.bytes.equals(imageBytes)).toBe(true);
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(preview.headers.get('referrer-policy')).toBe('no-referrer');
    expect(preview.headers.get('x-robots-tag')).toContain('noindex');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(preview.headers.get('etag')).toBeTruthy();

    const page = await visitor().get(`/s/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('counts a full download once; previews, ranges and HEAD are not counted', async () => {
    const link = await createLink({ maxDownloads: 10 });
    const before = (await owner.get(`/api/v1/files/f/${privateId}`)).body.data.downloadCount;
    const guest = visitor();
    await guest.get(`/api/v1/s/${link.token}/content`);
    const range = await guest.get(`/api/v1/s/${link.token}/content?download=1`, { range: 'bytes=0-3' });
    expect(range.status).toBe(206);
    const head = await fetch(`${t.baseUrl}/api/v1/s/${link.token}/content?download=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    let listed = (await owner.get(`/api/v1/files/f/${privateId}/links`)).body.data.find(
      (l: { _id: string }) => l._id === link._id,
    );
    expect(listed.downloads).toBe(0);

    const download = await guest.get(`/api/v1/s/${link.token}/content?download=1`);
    expect(download.status).toBe(200);
    expect(download.bytes.equals(imageBytes)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('content-disposition')).toContain('holiday.png');
    listed = (await owner.get(`/api/v1/files/f/${privateId}/links`)).body.data.find(
      (l: { _id: string }) => l._id === link._id,
    );
    expect(listed.downloads).toBe(1);
    expect(listed.lastDownloadAt).toBeTruthy();
    expect((await owner.get(`/api/v1/files/f/${privateId}`)).body.data.downloadCount).toBe(before + 1);
    expect((await guest.get(`/api/v1/s/${link.token}`)).body.data.downloadsLeft).toBe(9);
  });

  it('counts a download whose client already holds the ETag, and sends it the whole file', async () => {
    const link = await createLink({ maxDownloads: 1 });
    const guest = visitor();
    const etag = (await guest.get(`/api/v1/s/${link.token}/content`)).headers.get('etag')!;
    const download = await guest.get(`/api/v1/s/${link.token}/content?download=1`, { 'if-none-match': etag });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(imageBytes)).toBe(true);
    expect((await guest.get(`/api/v1/s/${link.token}/content?download=1`)).status).toBe(404);
  });

  it('gives exactly 3 of 20 concurrent downloads to a link with a limit of 3', async () => {
    const link = await createLink({ maxDownloads: 3 });
    const before = (await owner.get(`/api/v1/files/f/${privateId}`)).body.data.downloadCount;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => visitor().get(`/api/v1/s/${link.token}/content?download=1`)),
    );
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(3);
    for (const a of served) expect(a.bytes.equals(imageBytes)).toBe(true);
    const refused = answers.filter((a) => a.status === 404);
    expect(refused).toHaveLength(17);
    for (const a of refused) expect(a.body).toEqual(UNAVAILABLE);
    const listed = (await owner.get('/api/v1/links?limit=200')).body.data.find(
      (l: { _id: string }) => l._id === link._id,
    );
    expect(listed).toMatchObject({ downloads: 3, state: 'used up' });
    expect((await owner.get(`/api/v1/files/f/${privateId}`)).body.data.downloadCount).toBe(before + 3);
  });

  it('answers expired, used-up, revoked and unknown links with the same 404', async () => {
    const expiring = await createLink({ expiresAt: new Date(t.clock.now() + HOUR).toISOString() });
    const usedUp = await createLink({ maxDownloads: 1 });
    await visitor().get(`/api/v1/s/${usedUp.token}/content?download=1`);
    const revoked = await createLink({ password: 'pw-123' });
    expect((await owner.delete(`/api/v1/links/${revoked._id}`)).status).toBe(200);
    t.clock.advance(2 * HOUR);
    try {
      const tokens = [expiring.token, usedUp.token, revoked.token, 'A'.repeat(43), 'x'];
      for (const token of tokens) {
        for (const [method, url, json] of [
          ['GET', `/api/v1/s/${token}`],
          ['GET', `/api/v1/s/${token}/content`],
          ['GET', `/api/v1/s/${token}/content?download=1`],
          ['POST', `/api/v1/s/${token}/unlock`, { password: 'pw-123' }],
        ] as const) {
          const answer = await visitor().request(method, url, json ? { json } : {});
          expect(answer.status, `${method} ${url}`).toBe(404);
          expect(answer.body).toEqual(UNAVAILABLE);
        }
      }
      const states = (await owner.get('/api/v1/links?limit=200')).body.data;
      const stateOf = (id: string) => states.find((l: { _id: string }) => l._id === id).state;
      expect(stateOf(expiring._id)).toBe('expired');
      expect(stateOf(usedUp._id)).toBe('used up');
      expect(stateOf(revoked._id)).toBe('revoked');
    } finally {
      // Back to today, so the later tests' links and downloads fall on the day they expect.
      t.clock.advance(-2 * HOUR);
    }
  });

  it("answers a disabled account's links with the same 404 until it is enabled again", async () => {
    const sharer = t.client();
    const account = await sharer.signUp({ name: 'Sharer' });
    const fileId = (await sharer.upload({ bytes: png(1202), filename: 'shared', isPublic: false })).body.data
      ._id;
    const link = await createLink({}, fileId, sharer);
    const locked = await createLink({ password: 'pw-123' }, fileId, sharer);
    const requests = (token: string) =>
      [
        ['GET', `/api/v1/s/${token}`],
        ['GET', `/api/v1/s/${token}/content`],
        ['GET', `/api/v1/s/${token}/content?download=1`],
        ['GET', `/api/v1/s/${token}/thumbnail`],
        ['POST', `/api/v1/s/${token}/unlock`, { password: 'pw-123' }],
      ] as const;
    expect((await visitor().get(`/api/v1/s/${link.token}/content`)).status).toBe(200);

    expect((await admin.patch(`/api/v1/admin/users/${account._id}`, { disabled: true })).status).toBe(200);
    for (const token of [link.token, locked.token]) {
      for (const [method, url, json] of requests(token)) {
        const answer = await visitor().request(method, url, json ? { json } : {});
        expect(answer.status, `${method} ${url}`).toBe(404);
        expect(answer.body).toEqual(UNAVAILABLE);
      }
    }

    // Not revoked: enabled again, the account's links serve again.
    expect((await admin.patch(`/api/v1/admin/users/${account._id}`, { disabled: false })).status).toBe(200);
    const back = await visitor().get(`/api/v1/s/${link.token}/content`);
    expect(back.status).toBe(200);
    expect(back.bytes.equals(png(1202))).toBe(true);
    expect((await visitor().get(`/api/v1/s/${locked.token}`)).body.data).toEqual({ passwordRequired: true });
  });

  it('expires a link when the clock passes its expiry, and not before', async () => {
    const link = await createLink({ expiresAt: new Date(t.clock.now() + 24 * HOUR).toISOString() });
    try {
      t.clock.advance(23 * HOUR);
      expect((await visitor().get(`/api/v1/s/${link.token}/content?download=1`)).status).toBe(200);
      t.clock.advance(2 * HOUR);
      expect((await visitor().get(`/api/v1/s/${link.token}`)).status).toBe(404);
      expect((await visitor().get(`/api/v1/s/${link.token}/content?download=1`)).status).toBe(404);
    } finally {
      t.clock.advance(-25 * HOUR);
    }
  });

  it("lists my links paged, a file's links for its owner, and every link for admins only", async () => {
    const fresh = (await owner.upload({ bytes: text('links list'), filename: 'notes', isPublic: true })).body
      .data._id;
    // The test clock stands still: a second passes before each link so that "newest first" has an order to show.
    t.clock.advance(1000);
    const first = await createLink({ label: 'one' }, fresh);
    t.clock.advance(1000);
    const second = await createLink({ label: 'two' }, fresh);
    const ofFile = await owner.get(`/api/v1/files/f/${fresh}/links`);
    expect(ofFile.body.data.map((l: { _id: string }) => l._id)).toEqual([second._id, first._id]);
    expect(ofFile.body.meta.total).toBe(2);
    expect((await other.get(`/api/v1/files/f/${fresh}/links`)).status).toBe(403);
    expect((await other.get(`/api/v1/files/f/${privateId}/links`)).status).toBe(404);
    expect((await admin.get(`/api/v1/files/f/${fresh}/links`)).body.data).toHaveLength(2);

    const page1 = await owner.get('/api/v1/links?limit=1');
    expect(page1.body.data).toHaveLength(1);
    expect(page1.body.data[0]._id).toBe(second._id);
    const page2 = await owner.get(`/api/v1/links?limit=1&cursor=${page1.body.meta.nextCursor}`);
    expect(page2.body.data[0]._id).toBe(first._id);
    expect(page1.body.meta.total).toBe(page2.body.meta.total);
    expect((await other.get('/api/v1/links')).body.data).toEqual([]);

    expect((await other.get('/api/v1/admin/links')).status).toBe(403);
    const all = await admin.get('/api/v1/admin/links?limit=200');
    expect(all.status).toBe(200);
    expect(all.body.data.find((l: { _id: string }) => l._id === first._id)).toMatchObject({
      ownerName,
      token: first.token,
    });
  });

  it('revokes at once for the owner or an admin; anyone else is told it does not exist', async () => {
    const link = await createLink();
    const guest = visitor();
    expect((await guest.get(`/api/v1/s/${link.token}`)).status).toBe(200);
    const stranger = await other.delete(`/api/v1/links/${link._id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(LINK_MESSAGES.linkNotFound);
    expect((await guest.get(`/api/v1/s/${link.token}`)).status).toBe(200);
    const revoked = await owner.delete(`/api/v1/links/${link._id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ state: 'revoked' });
    expect(revoked.body.data.revokedAt).toBeTruthy();
    expect((await guest.get(`/api/v1/s/${link.token}`)).status).toBe(404);

    const byAdmin = await createLink();
    expect((await admin.delete(`/api/v1/links/${byAdmin._id}`)).status).toBe(200);
    expect((await guest.get(`/api/v1/s/${byAdmin.token}/content`)).status).toBe(404);
  });

  it('ends the links of a deleted file, but keeps them when the file turns private', async () => {
    const id = (await owner.upload({ bytes: png(1300), filename: 'turns', isPublic: true })).body.data._id;
    const link = await createLink({}, id);
    expect(
      (await owner.patch(`/api/v1/files/update/${id}`, { filename: 'turns', isPublic: false })).status,
    ).toBe(200);
    expect((await visitor().get(`/api/v1/s/${link.token}/content`)).status).toBe(200);
    expect((await owner.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
    const gone = await visitor().get(`/api/v1/s/${link.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(UNAVAILABLE);
    const mine = (await owner.get('/api/v1/links?limit=200')).body.data;
    expect(mine.some((l: { _id: string }) => l._id === link._id)).toBe(false);
  });

  it('shows the owner and admins the downloads of the last 30 days by day, links and signed-in alike', async () => {
    const id = (await owner.upload({ bytes: png(1400), filename: 'charted', isPublic: true })).body.data._id;
    const link = await createLink({}, id);
    await visitor().get(`/api/v1/s/${link.token}/content?download=1`);
    await visitor().get(`/api/v1/s/${link.token}/content?download=1`);
    // A signed-in download counts once its bytes are delivered through the signed link.
    const signed = await other.get(`/api/v1/files/f/${id}/download`);
    expect((await other.get(signed.body.data.url)).status).toBe(200);
    const answer = await owner.get(`/api/v1/files/f/${id}/downloads`);
    expect(answer.status).toBe(200);
    const { days, total } = answer.body.data;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 3 });
    expect(total).toBe(3);
    expect((await admin.get(`/api/v1/files/f/${id}/downloads`)).body.data.total).toBe(3);
    expect((await other.get(`/api/v1/files/f/${id}/downloads`)).status).toBe(403);
    expect((await other.get(`/api/v1/files/f/${privateId}/downloads`)).status).toBe(404);
  });

  it('rolls history older than 90 days up into one row per day without changing the counts', async () => {
    const id = (await owner.upload({ bytes: png(1500), filename: 'old', isPublic: false })).body.data._id;
    const link = await createLink({}, id);
    for (let i = 0; i < 3; i++) await visitor().get(`/api/v1/s/${link.token}/content?download=1`);
    const signed = await owner.get(`/api/v1/files/f/${id}/download`);
    await owner.get(signed.body.data.url);
    const rows = () =>
      t.db.selectFrom('downloads').select(['count', 'link_id']).where('file_id', '=', id).execute();
    expect(await rows()).toHaveLength(4);
    t.clock.advance(91 * 24 * HOUR);
    try {
      await t.services.downloads.rollUp();
    } finally {
      // Back to today, where the last 30 days still hold these downloads.
      t.clock.advance(-91 * 24 * HOUR);
    }
    const rolled = await rows();
    expect(rolled).toHaveLength(2);
    expect(rolled.map((r) => Number(r.count)).sort()).toEqual([1, 3]);
    const viewer = (await t.services.accounts.viewerOf(owner.user!._id))!;
    const today = (await t.services.downloads.history(viewer, id)).total;
    expect(today).toBe(4);
  });

  it('rolls old history up during the maintenance sweep (gc)', async () => {
    const id = (await owner.upload({ bytes: png(1600), filename: 'older', isPublic: false })).body.data._id;
    const old = new Date(Date.now() - 100 * 24 * HOUR).toISOString();
    // Arranged directly: three downloads 100 days ago cannot be made through the API.
    await t.db
      .insertInto('downloads')
      .values(
        ['a', 'b', 'c'].map((n) => ({ id: `${id}-${n}`, at: old, file_id: id, link_id: null, count: 1 })),
      )
      .execute();
    await t.services.maintenance.gc();
    const rows = await t.db.selectFrom('downloads').select('count').where('file_id', '=', id).execute();
    expect(rows.map((r) => Number(r.count))).toEqual([3]);
  });
});
