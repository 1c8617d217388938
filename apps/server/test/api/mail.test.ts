import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MAIL_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { startSmtpSink, type ArrivedMail, type SmtpSink } from '@cloudstash/test-support/smtp-sink';
import { signedUp, startTestApp, until, type TestApp } from '../helpers/test-app';
import { newAccount, type TestClient } from '../helpers/test-client';
import { text } from '../helpers/fixtures';
import { makeFolder } from '../helpers/folder-setup';

const ORIGIN = 'http://files.example.org';
const RESET_LINK = /http:\/\/files\.example\.org\/reset\/([A-Za-z0-9_-]{43})/;

describe.each(DIALECTS)('mail (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, {
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: 'CloudStash <files@example.org>',
        PUBLIC_ORIGIN: ORIGIN,
        // The tests reach the server on loopback; alias.example.org stands for any other name a proxy passes on.
        ALLOWED_HOSTS: '127.0.0.1,alias.example.org',
      },
    });
    admin = await signedUp(t, { name: 'Admin' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const forgot = (email: string) => t.client().post('/api/v1/users/password/forgot', { email });
  const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));
  const arrived = (email: string) => until(`a mail to ${email}`, async () => mailsTo(email)[0]);
  const status = async () => (await admin.get('/api/v1/admin/settings/mail')).body.data;
  /** Every queued mail has been sent, dropped or failed. */
  const outboxSettled = () => until('an empty outbox', async () => (await status()).pending === 0);
  const tokenOf = (mail: ArrivedMail) => RESET_LINK.exec(mail.parsed.text ?? '')?.[1];

  it('says mail is on in GET /config', async () => {
    expect((await t.client().get('/api/v1/config')).body.data.mail).toBe(true);
  });

  it('mails a forgot-password link once, which resets the password once and ends every session', async () => {
    const person = t.client();
    const account = await person.signUp({ name: 'Ana' });
    expect((await forgot(account.email)).status).toBe(202);
    const mail = await arrived(account.email);
    await outboxSettled();
    expect(mailsTo(account.email)).toHaveLength(1);
    expect(mail.parsed.from?.value).toEqual([{ name: 'CloudStash', address: 'files@example.org' }]);
    expect(mail.parsed.subject).toBe('Reset your CloudStash password');
    expect(mail.parsed.text).toContain('Hello Ana,');
    expect(mail.parsed.html).toContain(`href="${ORIGIN}/reset/`);
    expect(mail.parsed.text).toContain('files.example.org');
    const token = tokenOf(mail)!;
    expect(token).toBeDefined();

    const reset = await t.client().post('/api/v1/users/reset', { token, newPassword: 'Brand-New-Pass-9' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(ACCOUNT_MESSAGES.passwordReset);
    expect((await person.get('/api/v1/users/me')).status).toBe(401);
    expect((await t.client().login(account.email, 'Brand-New-Pass-9')).status).toBe(200);
    const again = await t.client().post('/api/v1/users/reset', { token, newPassword: 'Another-Pass-10' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('answers the same for an address with an account and one without, and mails only the account', async () => {
    const known = await signedUp(t);
    const unknown = newAccount().email;
    const a = await forgot(known.user!.email);
    const b = await forgot(unknown);
    expect([a.status, a.body]).toEqual([202, { message: MAIL_MESSAGES.forgotPasswordSent }]);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    expect(b.bytes.equals(a.bytes)).toBe(true);
    await arrived(known.user!.email);
    await outboxSettled();
    expect(mailsTo(unknown)).toEqual([]);
  });

  it('mails a disabled account nothing', async () => {
    const person = await signedUp(t);
    const { _id: id, email } = person.user!;
    expect((await admin.patch(`/api/v1/admin/users/${id}`, { disabled: true })).status).toBe(200);
    expect((await forgot(email)).status).toBe(202);
    await outboxSettled();
    expect(mailsTo(email)).toEqual([]);
  });

  it('builds the link from PUBLIC_ORIGIN even when the request names another host', async () => {
    const person = await signedUp(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password/forgot',
      headers: { host: 'alias.example.org', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: person.user!.email }),
    });
    expect(answer.statusCode).toBe(202);
    const mail = await arrived(person.user!.email);
    expect(tokenOf(mail)).toBeDefined();
    expect(mail.raw).not.toContain('alias.example.org');
  });

  it('keeps a mail while the SMTP server is down and delivers it once when it is back', async () => {
    const person = await signedUp(t);
    const email = person.user!.email;
    await sink.stop();
    try {
      expect((await forgot(email)).status).toBe(202);
      // The first attempt found no server; the next one is queued for later.
      await until('a retry to be queued', async () =>
        t.db
          .selectFrom('jobs')
          .select('key')
          .where('kind', '=', 'mail')
          .where('key', 'like', '%:2')
          .where('state', '=', 'queued')
          .executeTakeFirst(),
      );
      expect((await status()).pending).toBeGreaterThanOrEqual(1);
    } finally {
      await sink.start();
    }
    // The back-off is waited out here rather than in real time.
    await t.db
      .updateTable('jobs')
      .set({ run_after: new Date(0).toISOString() })
      .where('kind', '=', 'mail')
      .where('state', '=', 'queued')
      .execute();
    await t.services.mailWorker.runOne();
    await arrived(email);
    await outboxSettled();
    await t.services.mailWorker.runOne();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('fails a mail the SMTP server refuses with a 5xx, and shows its answer in Instance Settings', async () => {
    const person = await signedUp(t);
    const answer = '5.7.1 Sender address rejected: not owned by this relay';
    sink.answerWith({ code: 554, text: answer });
    try {
      expect((await forgot(person.user!.email)).status).toBe(202);
      const failed = await until('a failed mail', async () => {
        const s = await status();
        return s.latestFailure?.recipient === person.user!.email && s;
      });
      expect(failed.failed).toBeGreaterThanOrEqual(1);
      expect(failed.latestFailure.error).toContain(answer);
      expect(failed.latestFailure.error).toMatch(/^554/);
    } finally {
      sink.answerWith({ take: true });
    }
    expect(mailsTo(person.user!.email)).toEqual([]);
  });

  it('keeps a name with line breaks and markup inside the body: it adds no header and no markup', async () => {
    const person = await signedUp(t);
    const { _id: id, email } = person.user!;
    // The API refuses such a name; one in the database (an import, an older row) must still inject nothing.
    const name = 'Eve\r\nBcc: victim@example.net\r\n\r\n<b>bold</b>';
    await t.db.updateTable('users').set({ name }).where('id', '=', id).execute();
    expect((await forgot(email)).status).toBe(202);
    const mail = await arrived(email);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.to).toEqual([email]);
    expect(mail.parsed.html).not.toContain('<b>bold</b>');
    expect(mail.parsed.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });

  const uploadText = async (client: TestClient, name: string) => {
    const answer = await client.upload({ bytes: text(`${name} ${Math.random()}`), name, type: 'text/plain' });
    expect(answer.status).toBe(201);
    return answer.body.data._id as string;
  };

  it('mails a person a file shared with them, once, with a link to it', async () => {
    const owner = await signedUp(t, { name: 'Olga' });
    const friend = await signedUp(t, { name: 'Femi' });
    const fileId = await uploadText(owner, 'plans.txt');
    const shared = await owner.post('/api/v1/shares', { fileId, userId: friend.user!._id, role: 'viewer' });
    expect(shared.status).toBe(201);
    const mail = await arrived(friend.user!.email);
    expect(mail.parsed.subject).toBe('Olga shared plans with you');
    expect(mail.parsed.text).toContain(`${ORIGIN}/dashboard/shared-with-me`);
    // Sharing it again (a new role) changes the same share: no second mail.
    const again = await owner.post('/api/v1/shares', { fileId, userId: friend.user!._id, role: 'editor' });
    expect([again.status, again.body.data._id]).toEqual([201, shared.body.data._id]);
    await outboxSettled();
    expect(mailsTo(friend.user!.email)).toHaveLength(1);
    expect(mailsTo(owner.user!.email)).toEqual([]);
  });

  it('mails each member of a group a folder shared with it, but not the one who shared it', async () => {
    const owner = await signedUp(t, { name: 'Gus' });
    const members = [await signedUp(t), await signedUp(t)];
    const group = await admin.post('/api/v1/admin/groups', {
      name: `Crew ${Math.random()}`,
      memberIds: [owner.user!._id, ...members.map((m) => m.user!._id)],
    });
    expect(group.status).toBe(201);
    const folderId = await makeFolder(owner, 'Holiday');
    const shared = await owner.post('/api/v1/shares', {
      folderId,
      groupId: group.body.data._id,
      role: 'viewer',
    });
    expect(shared.status).toBe(201);
    for (const member of members) {
      const mail = await arrived(member.user!.email);
      expect(mail.parsed.subject).toBe('Gus shared Holiday with you');
      expect(mail.parsed.text).toContain(`${ORIGIN}/dashboard/shared-with-me/${folderId}`);
    }
    await outboxSettled();
    expect(mailsTo(owner.user!.email)).toEqual([]);
    for (const member of members) expect(mailsTo(member.user!.email)).toHaveLength(1);
  });

  it('keeps a sharer name with CR/LF inside the Subject: it adds no header', async () => {
    const owner = await signedUp(t);
    const friend = await signedUp(t);
    await t.db
      .updateTable('users')
      .set({ name: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes' })
      .where('id', '=', owner.user!._id)
      .execute();
    const fileId = await uploadText(owner, 'note.txt');
    expect(
      (await owner.post('/api/v1/shares', { fileId, userId: friend.user!._id, role: 'viewer' })).status,
    ).toBe(201);
    const mail = await arrived(friend.user!.email);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(bcc|x-injected):/im);
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    expect(mail.parsed.subject).toBe('Eve Bcc: victim@example.net X-Injected: yes shared note with you');
    expect(mail.to).toEqual([friend.user!.email]);
  });

  it('sends a test mail to the administrator, and says what the SMTP server answered when it refuses', async () => {
    const sent = await admin.post('/api/v1/admin/settings/mail/test');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: MAIL_MESSAGES.testMailSent, data: { ok: true } });
    expect((await arrived(admin.user!.email)).parsed.subject).toBe('CloudStash test email');

    sink.answerWith({ code: 550, text: '5.1.1 Mailbox unavailable' });
    try {
      const refused = await admin.post('/api/v1/admin/settings/mail/test');
      expect(refused.body.message).toBe(MAIL_MESSAGES.testMailFailed);
      expect(refused.body.data).toMatchObject({ ok: false, to: admin.user!.email });
      expect(refused.body.data.error).toContain('550 5.1.1 Mailbox unavailable');
    } finally {
      sink.answerWith({ take: true });
    }
    const user = await signedUp(t);
    expect((await user.post('/api/v1/admin/settings/mail/test')).status).toBe(403);
  });
});

describe.each(DIALECTS)('mail from a process that makes no thumbnails (%s)', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(dialect, {
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: 'CloudStash <files@example.org>',
        PUBLIC_ORIGIN: ORIGIN,
        ALLOWED_HOSTS: '127.0.0.1',
        THUMBNAIL_WORKERS: '0',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('still sends mail: its sender does not share the thumbnail workers', async () => {
    const person = await signedUp(t);
    const email = person.user!.email;
    expect((await t.client().post('/api/v1/users/password/forgot', { email })).status).toBe(202);
    const mail = await until(`a mail to ${email}`, async () => sink.mails.find((m) => m.to.includes(email)));
    expect(mail.parsed.subject).toBe('Reset your CloudStash password');
  });
});

describe.each(DIALECTS)('without SMTP_URL (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(async () => t?.close());

  it('offers no mail: no flag in GET /config, and forgot password is not found', async () => {
    const admin = await signedUp(t);
    expect((await t.client().get('/api/v1/config')).body.data.mail).toBeUndefined();
    const forgot = await t.client().post('/api/v1/users/password/forgot', { email: admin.user!.email });
    expect([forgot.status, forgot.body.message]).toEqual([404, MAIL_MESSAGES.mailOff]);
    expect((await admin.get('/api/v1/admin/settings/mail')).body.data).toEqual({
      configured: false,
      pending: 0,
      failed: 0,
      latestFailure: null,
    });
  });
});
