import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png, sha256 } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, strongPassword, type TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('administration of accounts (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedUp(t, { name: 'Admin' });
  });
  afterAll(() => t.close());

  it('disables an account: its sessions, tokens and download links stop at once, it cannot sign in; enabling lets it sign in again', async () => {
    const user = t.client();
    const me = await user.signUp();
    const token = (await user.post('/api/v1/users/me/tokens', { name: 't', scope: 'read' })).body.data.token;
    const bearer = () => t.client().get('/api/v1/users/me', { authorization: `Bearer ${token}` });
    expect((await bearer()).status).toBe(200);
    const file = (await user.upload({ bytes: png(7), name: 'mine.png' })).body.data;
    const linkUrl = (await user.get(`/api/v1/files/f/${file._id}/download`)).body.data.url;
    expect((await t.client().get(linkUrl)).status).toBe(200);

    const disabled = await admin.patch(`/api/v1/admin/users/${me._id}`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ message: ACCOUNT_MESSAGES.userUpdated, data: { disabled: true } });
    expect((await user.get('/api/v1/users/me')).status).toBe(401);
    expect((await bearer()).status).toBe(401);
    const link = await t.client().get(linkUrl);
    expect(link.status).toBe(403);
    expect(link.body.message).toBe(MESSAGES.downloadLinkInvalid);
    const login = await t.client().login(me.email, strongPassword);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(ACCOUNT_MESSAGES.accountDisabled);
    const listed = (await admin.get('/api/v1/admin/users')).body.data.find(
      (u: { _id: string }) => u._id === me._id,
    );
    expect(listed.disabled).toBe(true);

    expect((await admin.patch(`/api/v1/admin/users/${me._id}`, { disabled: false })).status).toBe(200);
    expect((await t.client().login(me.email, strongPassword)).status).toBe(200);
    expect((await bearer()).status).toBe(200);
  });

  it('changes roles, and never demotes, disables or deletes the last administrator', async () => {
    const adminId = admin.user!._id;
    for (const body of [{ role: 'user' }, { disabled: true }]) {
      const refused = await admin.patch(`/api/v1/admin/users/${adminId}`, body);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ACCOUNT_MESSAGES.lastAdmin);
    }
    expect((await admin.delete(`/api/v1/admin/users/${adminId}`)).status).toBe(409);
    expect((await admin.get('/api/v1/users/me')).body.data.role).toBe('admin');

    const second = t.client();
    const other = await second.signUp();
    expect((await second.patch(`/api/v1/admin/users/${adminId}`, { role: 'user' })).status).toBe(403);
    const promoted = await admin.patch(`/api/v1/admin/users/${other._id}`, { role: 'admin' });
    expect(promoted.body.data.role).toBe('admin');
    // With two administrators one may step down; then the other is the last one again.
    expect((await second.patch(`/api/v1/admin/users/${other._id}`, { role: 'user' })).status).toBe(200);
    expect((await admin.patch(`/api/v1/admin/users/${adminId}`, { role: 'user' })).status).toBe(409);

    expect((await admin.patch(`/api/v1/admin/users/${other._id}`, {})).body.message).toBe(
      ACCOUNT_MESSAGES.nothingToUpdate,
    );
    expect((await admin.patch('/api/v1/admin/users/nobody', { role: 'user' })).status).toBe(404);
  });

  it('lets only one of two administrators demoting each other at once succeed', async () => {
    const other = t.client();
    const second = await other.signUp();
    await admin.patch(`/api/v1/admin/users/${second._id}`, { role: 'admin' });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        admin.patch(`/api/v1/admin/users/${second._id}`, { role: 'user' }),
        other.patch(`/api/v1/admin/users/${admin.user!._id}`, { role: 'user' }),
      ]);
      // The loser gets 409 (last administrator) or, when the winner committed before its request was
      // authenticated, 403 (no longer an administrator); never may both succeed.
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200)[0]).toBeOneOf([403, 409]);
      const stillAdmin = answers[0]!.status === 200 ? admin : other;
      const demotedId = answers[0]!.status === 200 ? second._id : admin.user!._id;
      expect((await stillAdmin.get('/api/v1/admin/users/summary')).body.data.admins).toBe(1);
      // Put both back for the next round.
      expect((await stillAdmin.patch(`/api/v1/admin/users/${demotedId}`, { role: 'admin' })).status).toBe(
        200,
      );
    }
    await admin.patch(`/api/v1/admin/users/${second._id}`, { role: 'user' });
  });

  it('deletes an account with its files: shared bytes stay, its own are freed, fsck is clean', async () => {
    const user = t.client();
    const me = await user.signUp();
    const shared = png(5001);
    const own = png(5002);
    await user.upload({ bytes: shared, name: 's.png', type: 'image/png' });
    await user.upload({ bytes: own, name: 'o.png', type: 'image/png' });
    const kept = await admin.upload({ bytes: shared, name: 'k.png', type: 'image/png' });
    expect((await t.client().get('/api/v1/admin/users')).status).toBe(401);

    const deleted = await admin.delete(`/api/v1/admin/users/${me._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(ACCOUNT_MESSAGES.userDeleted);
    await t.services.reclaims.drain();
    expect((await user.get('/api/v1/users/me')).status).toBe(401);
    expect((await admin.get(`/api/v1/admin/stats/${me._id}`)).status).toBe(404);
    expect((await admin.get(`/api/v1/files/f/${kept.body.data._id}/content`)).bytes.equals(shared)).toBe(
      true,
    );
    expect(await t.store.exists(sha256(own))).toBe(false);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
    expect((await admin.delete(`/api/v1/admin/users/${me._id}`)).status).toBe(404);
  });

  it('makes a one-time reset link valid for 1 hour that sets the password and ends every session', async () => {
    const user = t.client();
    const me = await user.signUp();
    expect((await user.post(`/api/v1/admin/users/${me._id}/reset-link`)).status).toBe(403);
    const made = await admin.post(`/api/v1/admin/users/${me._id}/reset-link`);
    expect(made.status).toBe(201);
    expect(made.body.data.url).toMatch(/^\/reset\/[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(made.body.data.expiresAt) - t.clock.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const token = made.body.data.url.split('/').pop();

    const weak = await t.client().post('/api/v1/users/reset', { token, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MESSAGES.passwordRule);
    const reset = await t.client().post('/api/v1/users/reset', { token, newPassword: 'Brand-New-Pass-9' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(ACCOUNT_MESSAGES.passwordReset);
    expect((await user.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().login(me.email, 'Brand-New-Pass-9')).status).toBe(200);

    const again = await t.client().post('/api/v1/users/reset', { token, newPassword: 'Another-Pass-10' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await t.client().login(me.email, 'Brand-New-Pass-9')).status).toBe(200);
  });

  it('refuses a reset link once its hour has passed', async () => {
    const user = t.client();
    const me = await user.signUp();
    const token = (await admin.post(`/api/v1/admin/users/${me._id}/reset-link`)).body.data.url
      .split('/')
      .pop();
    // The hour passes (moved in the database rather than waited for).
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .where('user_id', '=', me._id)
      .execute();
    const late = await t.client().post('/api/v1/users/reset', { token, newPassword: 'Brand-New-Pass-9' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await user.get('/api/v1/users/me')).status).toBe(200);
  });

  it("lets administrators unpublish and delete anyone's file, but not rename it", async () => {
    const owner = t.client();
    await owner.signUp();
    const file = (
      await owner.upload({
        bytes: png(6001),
        name: 'p.png',
        type: 'image/png',
        filename: 'Mine',
        isPublic: true,
      })
    ).body.data;
    const rename = await admin.patch(`/api/v1/files/update/${file._id}`, {
      filename: 'Renamed',
      isPublic: false,
    });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe(MESSAGES.notYourFile);
    const unpublished = await admin.patch(`/api/v1/files/update/${file._id}`, {
      filename: 'Mine',
      isPublic: false,
    });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.data).toMatchObject({ filename: 'Mine', isPublic: false });
    const stranger = t.client();
    await stranger.signUp();
    expect((await stranger.get(`/api/v1/files/f/${file._id}`)).status).toBe(404);
    expect(
      (await stranger.patch(`/api/v1/files/update/${file._id}`, { filename: 'Mine', isPublic: true })).status,
    ).toBe(404);
    expect((await admin.delete(`/api/v1/files/delete/${file._id}`)).status).toBe(200);
    expect((await owner.get(`/api/v1/files/f/${file._id}`)).status).toBe(404);
  });
});

describe.each(DIALECTS)('who may register (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { REGISTRATION: 'invite' } });
    // The first administrator of an invite-only instance comes from the create-admin command.
    const email = newAccount().email;
    await t.services.accounts.makeAdmin({ email, password: strongPassword });
    admin = t.client();
    expect((await admin.login(email, strongPassword)).status).toBe(200);
  });
  afterAll(() => t.close());

  const mode = async () => (await t.client().get('/api/v1/users/registration')).body.data.mode;

  it('takes the mode from REGISTRATION until an administrator stores one, which then wins', async () => {
    expect(await mode()).toBe('invite');
    const settings = await admin.get('/api/v1/admin/settings');
    expect(settings.body.data).toEqual({
      registration: 'invite',
      registrationSource: 'environment',
      allowedUploadTypes: 'media',
      allowedUploadTypesSource: 'environment',
      peopleDirectory: 'connected',
    });
    expect((await t.client().get('/api/v1/admin/settings')).status).toBe(401);
    expect((await admin.patch('/api/v1/admin/settings', { registration: 'sometimes' })).status).toBe(400);

    const closed = await admin.patch('/api/v1/admin/settings', { registration: 'closed' });
    expect(closed.body.data).toEqual({
      registration: 'closed',
      registrationSource: 'database',
      allowedUploadTypes: 'media',
      allowedUploadTypesSource: 'environment',
      peopleDirectory: 'connected',
    });
    expect(await mode()).toBe('closed');
    const refused = await t.client().register();
    expect(refused.answer.status).toBe(403);
    expect(refused.answer.body.message).toBe(ACCOUNT_MESSAGES.registrationClosed);

    await admin.patch('/api/v1/admin/settings', { registration: 'open' });
    expect((await t.client().register()).answer.status).toBe(201);
    await admin.patch('/api/v1/admin/settings', { registration: 'invite' });
  });

  it('needs a valid invite in invite mode, and an invite works once', async () => {
    const without = await t.client().register();
    expect(without.answer.status).toBe(403);
    expect(without.answer.body.message).toBe(ACCOUNT_MESSAGES.inviteRequired);
    const bogus = await t.client().post('/api/v1/users/register', { ...newAccount(), invite: 'nope' });
    expect(bogus.status).toBe(403);
    expect(bogus.body.message).toBe(ACCOUNT_MESSAGES.inviteInvalid);

    const made = await admin.post('/api/v1/admin/invites');
    expect(made.status).toBe(201);
    expect(made.body.data.url).toMatch(/^\/register\?invite=[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(made.body.data.expiresAt) - t.clock.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const invite = new URL(made.body.data.url, 'http://x').searchParams.get('invite');

    // A registration that fails for another reason does not use the invite up.
    const weak = await t
      .client()
      .post('/api/v1/users/register', { ...newAccount(), password: 'weak', invite });
    expect(weak.status).toBe(400);
    const joined = await t.client().post('/api/v1/users/register', { ...newAccount(), invite });
    expect(joined.status).toBe(201);
    expect(joined.body.data.role).toBe('user');
    const reused = await t.client().post('/api/v1/users/register', { ...newAccount(), invite });
    expect(reused.status).toBe(403);
    expect(reused.body.message).toBe(ACCOUNT_MESSAGES.inviteUsed);
    expect((await t.client().post('/api/v1/admin/invites')).status).toBe(401);
  });

  it('makes several invite links at once, each working once, and keeps the single answer for no count', async () => {
    const made = await admin.post('/api/v1/admin/invites', { count: 3 });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(ACCOUNT_MESSAGES.invitesCreated);
    const links = made.body.data.invites as { url: string; expiresAt: string }[];
    expect(links).toHaveLength(3);
    expect(new Set(links.map((l) => l.url)).size).toBe(3);
    // The first one also stands where a single invite always has.
    expect({ url: made.body.data.url, expiresAt: made.body.data.expiresAt }).toEqual(links[0]);
    for (const link of links) {
      expect(link.url).toMatch(/^\/register\?invite=[A-Za-z0-9_-]{43}$/);
      const invite = new URL(link.url, 'http://x').searchParams.get('invite');
      expect((await t.client().post('/api/v1/users/register', { ...newAccount(), invite })).status).toBe(201);
      expect((await t.client().post('/api/v1/users/register', { ...newAccount(), invite })).status).toBe(403);
    }
    const one = await admin.post('/api/v1/admin/invites');
    expect(one.body.message).toBe(ACCOUNT_MESSAGES.inviteCreated);
    expect(one.body.data.invites).toHaveLength(1);
    for (const count of [0, 21, 2.5, 'many']) {
      const refused = await admin.post('/api/v1/admin/invites', { count });
      expect(refused.status, String(count)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('binds an invite to an email, lists outstanding invites, revokes them, and says what a link is at once', async () => {
    const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('invite')!;
    const status = async (token: string) =>
      (await t.client().get(`/api/v1/users/invites/${token}`)).body.data;

    const bound = await admin.post('/api/v1/admin/invites', { email: '  Dana@Example.TEST ' });
    expect(bound.status).toBe(201);
    const boundToken = tokenOf(bound.body.data.url);
    expect(await status(boundToken)).toEqual({ state: 'usable', email: 'dana@example.test' });
    const other = await t.client().post('/api/v1/users/register', { ...newAccount(), invite: boundToken });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(ACCOUNT_MESSAGES.inviteOtherEmail);
    const twoBound = await admin.post('/api/v1/admin/invites', { email: 'x@example.test', count: 2 });
    expect(twoBound.status).toBe(400);
    expect(twoBound.body.message).toBe(ACCOUNT_MESSAGES.inviteEmailOneLink);

    const loose = await admin.post('/api/v1/admin/invites');
    const looseToken = tokenOf(loose.body.data.url);
    const listed = await admin.get('/api/v1/admin/invites');
    expect(listed.status).toBe(200);
    const dana = listed.body.data.find((i: { email: string | null }) => i.email === 'dana@example.test');
    expect(dana).toMatchObject({ createdBy: { name: 'Administrator' } });
    expect(typeof dana.expiresAt).toBe('string');

    // Every invite not bound to an address is revoked, the one just made among them.
    const looseIds = listed.body.data
      .filter((i: { email: string | null }) => i.email === null)
      .map((i: { _id: string }) => i._id);
    expect(looseIds.length).toBeGreaterThan(0);
    for (const id of looseIds) {
      const revoked = await admin.delete(`/api/v1/admin/invites/${id}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.message).toBe(ACCOUNT_MESSAGES.inviteRevokedDone);
    }
    const looseId = looseIds[0];
    expect((await status(looseToken)).state).toBe('revoked');
    const refused = await t.client().post('/api/v1/users/register', { ...newAccount(), invite: looseToken });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.inviteRevoked);
    expect(
      (await admin.get('/api/v1/admin/invites')).body.data.some((i: { _id: string }) => i._id === looseId),
    ).toBe(false);
    expect((await admin.delete(`/api/v1/admin/invites/${looseId}`)).status).toBe(404);

    const joined = await t.client().post('/api/v1/users/register', {
      ...newAccount({ email: 'dana@example.test' }),
      invite: boundToken,
    });
    expect(joined.status).toBe(201);
    expect(await status(boundToken)).toEqual({ state: 'used', email: null });
    expect(await status('no-such-token')).toEqual({ state: 'invalid', email: null });
    expect((await t.client().get('/api/v1/admin/invites')).status).toBe(401);
  });

  it('refuses an expired invite', async () => {
    const made = await admin.post('/api/v1/admin/invites');
    const invite = new URL(made.body.data.url, 'http://x').searchParams.get('invite');
    await t.db
      .updateTable('invites')
      .set({ expires_at: new Date(t.clock.now() - 1000).toISOString() })
      .execute();
    const late = await t.client().post('/api/v1/users/register', { ...newAccount(), invite });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(ACCOUNT_MESSAGES.inviteExpired);
  });
});
