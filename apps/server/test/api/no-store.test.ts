import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, type TestClient } from '../helpers/test-client';

/** JSON about one person is never kept by a cache: every such answer says `Cache-Control: no-store`. */
describe.each(DIALECTS)('no-store on answers for a session or a token (%s)', (dialect) => {
  let t: TestApp;
  let user: TestClient;
  let fileId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    user = t.client();
    await user.signUp();
    fileId = (await user.upload({ bytes: png(1300), filename: 'mine' })).body.data._id;
  });
  afterAll(() => t.close());

  it('marks every JSON answer to a signed-in browser no-store, errors included', async () => {
    for (const url of [
      '/api/v1/users/me',
      '/api/v1/files/user-files',
      `/api/v1/files/f/${fileId}`,
      `/api/v1/files/f/${fileId}/download`,
      '/api/v1/files/stats',
      '/api/v1/links',
      '/api/v1/users/me/sessions',
      '/api/v1/files/f/00000000-0000-0000-0000-000000000000',
    ]) {
      const answer = await user.get(url);
      expect(answer.headers.get('content-type'), url).toContain('application/json');
      expect(answer.headers.get('cache-control'), `${url} (${answer.status})`).toBe('no-store');
    }
  });

  it('marks the sign-in answer that sets the session, and answers to a bearer token', async () => {
    const account = newAccount();
    const browser = t.client();
    await browser.register(account);
    const login = await browser.login(account.email, account.password);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');

    const created = await user.post('/api/v1/users/me/tokens', { name: 'script', scope: 'read' });
    expect(created.headers.get('cache-control')).toBe('no-store');
    const script = t.client();
    const headers = { authorization: `Bearer ${created.body.data.token}` };
    for (const url of ['/api/v1/users/me', '/api/v1/files/user-files', '/api/v1/files/f/nope']) {
      const answer = await script.get(url, headers);
      expect(answer.headers.get('cache-control'), `${url} (${answer.status})`).toBe('no-store');
    }
  });
});
