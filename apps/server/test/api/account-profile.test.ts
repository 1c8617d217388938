import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, sha256 } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import { strongPassword, type TestClient } from '../helpers/test-client';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DIALECTS)('profile, password, sessions and deleting an account (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
  });
  afterAll(() => t.close());

  /** A second browser signed in to the same account, with its own User-Agent. */
  async function secondBrowser(email: string, userAgent: string) {
    const other = t.client();
    const login = await other.request('POST', '/api/v1/users/login', {
      json: { email, password: strongPassword },
      headers: { 'user-agent': userAgent },
    });
    expect(login.status).toBe(200);
    return other;
  }

  it('renames the account, cleaning the name like a file name, and refuses an empty one', async () => {
    const c = t.client();
    await c.signUp();
    const renamed = await c.patch('/api/v1/users/me', { name: '  New\u202E Name  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: ACCOUNT_MESSAGES.profileUpdated,
      data: { name: 'New Name' },
    });
    expect((await c.get('/api/v1/users/me')).body.data.name).toBe('New Name');
    const empty = await c.patch('/api/v1/users/me', { name: '\u200B' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.nameRequired);
    expect((await t.client().patch('/api/v1/users/me', { name: 'x' })).status).toBe(401);
  });

  it('changes the password only with the current one and the password rule, ending every other session', async () => {
    const c = t.client();
    const me = await c.signUp();
    const other = await secondBrowser(me.email, FIREFOX_LINUX);

    const wrong = await c.post('/api/v1/users/me/password', {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'Another-Horse-88',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toContainEqual({
      path: 'currentPassword',
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
    const weak = await c.post('/api/v1/users/me/password', {
      currentPassword: strongPassword,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MESSAGES.passwordRule);
    const common = await c.post('/api/v1/users/me/password', {
      currentPassword: strongPassword,
      newPassword: 'Password1',
    });
    expect(common.body.message).toBe(MESSAGES.passwordTooCommon);
    expect((await other.get('/api/v1/users/me')).status).toBe(200);

    const changed = await c.post('/api/v1/users/me/password', {
      currentPassword: strongPassword,
      newPassword: 'Another-Horse-88',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(ACCOUNT_MESSAGES.passwordChangedTokensRevoked);
    expect((await c.get('/api/v1/users/me')).status).toBe(200);
    expect((await other.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().login(me.email, strongPassword)).status).toBe(401);
    expect((await t.client().login(me.email, 'Another-Horse-88')).status).toBe(200);
  });

  it('lists sessions with browser, OS, truncated address and which one is current; ends one, then all others', async () => {
    const c = t.client();
    const me = await c.signUp();
    const firefox = await secondBrowser(me.email, FIREFOX_LINUX);
    const chrome = await secondBrowser(me.email, CHROME_WINDOWS);

    const list = await firefox.get('/api/v1/users/me/sessions');
    expect(list.status).toBe(200);
    expect(list.body.message).toBe(ACCOUNT_MESSAGES.sessionsFetched);
    const sessions = list.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Firefox 133', os: 'Linux', address: '127.0.0.0/24' });
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Chrome 131', os: 'Windows', current: false }),
    );
    for (const s of sessions) {
      expect(s).toEqual({
        id: expect.any(String),
        browser: expect.any(String),
        os: expect.any(String),
        address: '127.0.0.0/24',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: expect.any(Boolean),
      });
    }
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);

    const chromeId = sessions.find((s) => s.browser === 'Chrome 131')!.id as string;
    const ended = await firefox.delete(`/api/v1/users/me/sessions/${chromeId}`);
    expect(ended.status).toBe(200);
    expect((await chrome.get('/api/v1/users/me')).status).toBe(401);
    expect((await firefox.delete(`/api/v1/users/me/sessions/${chromeId}`)).status).toBe(404);
    // Someone else's session id is not found either.
    const stranger = t.client();
    await stranger.signUp();
    const strangerId = (await stranger.get('/api/v1/users/me/sessions')).body.data[0].id;
    expect((await firefox.delete(`/api/v1/users/me/sessions/${strangerId}`)).status).toBe(404);
    expect((await stranger.get('/api/v1/users/me')).status).toBe(200);

    expect((await firefox.delete('/api/v1/users/me/sessions')).status).toBe(400);
    const others = await firefox.delete('/api/v1/users/me/sessions?others=1');
    expect(others.status).toBe(200);
    expect(others.body.message).toBe(ACCOUNT_MESSAGES.otherSessionsEnded);
    expect((await c.get('/api/v1/users/me')).status).toBe(401);
    expect((await firefox.get('/api/v1/users/me')).status).toBe(200);
    expect((await firefox.get('/api/v1/users/me/sessions')).body.data).toHaveLength(1);
  });

  it('deletes an account only with its password and email; shared bytes stay, its own are freed, fsck is clean', async () => {
    const leaving = t.client();
    const me = await leaving.signUp();
    const staying = t.client();
    await staying.signUp();
    const shared = png(9001);
    const own = png(9002);
    const sharedUpload = await leaving.upload({ bytes: shared, name: 'shared.png', type: 'image/png' });
    expect(sharedUpload.status).toBe(201);
    const ownUpload = await leaving.upload({ bytes: own, name: 'own.png', type: 'image/png' });
    const kept = await staying.upload({ bytes: shared, name: 'mine.png', type: 'image/png' });
    expect(kept.status).toBe(201);
    const token = await leaving.post('/api/v1/users/me/tokens', { name: 'script', scope: 'read' });

    const wrongEmail = await leaving.request('DELETE', '/api/v1/users/me', {
      json: { password: strongPassword, email: 'someone@example.com' },
    });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body.message).toBe(ACCOUNT_MESSAGES.deleteEmailMismatch);
    const wrongPassword = await leaving.request('DELETE', '/api/v1/users/me', {
      json: { password: 'Wrong-Password-1', email: me.email },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(ACCOUNT_MESSAGES.passwordWrong);

    const deleted = await leaving.request('DELETE', '/api/v1/users/me', {
      json: { password: strongPassword, email: me.email.toUpperCase() },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(ACCOUNT_MESSAGES.accountDeleted);
    expect((await leaving.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().login(me.email, strongPassword)).status).toBe(401);
    const bearer = await t.client().get('/api/v1/files/user-files', {
      authorization: `Bearer ${token.body.data.token}`,
    });
    expect(bearer.status).toBe(401);
    // Its files are gone for everyone, admins included; the bytes someone else holds still download.
    expect((await admin.get(`/api/v1/files/f/${ownUpload.body.data._id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/files/f/${sharedUpload.body.data._id}`)).status).toBe(404);
    const content = await staying.get(`/api/v1/files/f/${kept.body.data._id}/content`);
    expect(content.status).toBe(200);
    expect(sha256(content.bytes)).toBe(sha256(shared));
    await t.services.reclaims.drain();
    expect(await t.store.exists(sha256(own))).toBe(false);
    expect(await t.store.exists(sha256(shared))).toBe(true);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });

  it('does not let the last administrator delete their own account', async () => {
    const me = admin.user!;
    const refused = await admin.request('DELETE', '/api/v1/users/me', {
      json: { password: strongPassword, email: me.email },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: ACCOUNT_MESSAGES.lastAdmin, code: 'CONFLICT' });
    expect((await admin.get('/api/v1/users/me')).status).toBe(200);
  });
});
