import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { png } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

const HOUR = 3_600_000;

describe.each(DIALECTS)('share link passwords and cross-site calls (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let privateId: string;
  const imageBytes = png(1200);

  beforeAll(async () => {
    // Behind a trusted proxy, so tests can speak from several client addresses (X-Forwarded-For).
    t = await startTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    owner = t.client();
    await owner.signUp({ name: 'Link Owner' });
    privateId = (await owner.upload({ bytes: imageBytes, filename: 'holiday', isPublic: false })).body.data
      ._id;
  });
  afterAll(() => t.close());

  async function createLink(body: Record<string, unknown> = {}) {
    const answer = await owner.post(`/api/v1/files/f/${privateId}/links`, body);
    if (answer.status !== 201)
      throw new Error(`create link: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data as { _id: string; token: string; url: string; downloads: number; state: string };
  }
  const visitor = () => t.client();
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses owner calls and unlocking from a foreign Origin', async () => {
    const link = await createLink({ password: 'open sesame' });
    const foreign = { origin: 'https://evil.example' };
    const create = await owner.request('POST', `/api/v1/files/f/${privateId}/links`, {
      json: {},
      headers: foreign,
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('CROSS_SITE');
    const revoke = await owner.request('DELETE', `/api/v1/links/${link._id}`, { headers: foreign });
    expect(revoke.status).toBe(403);
    const unlock = await visitor().request('POST', `/api/v1/s/${link.token}/unlock`, {
      json: { password: 'open sesame' },
      headers: foreign,
    });
    expect(unlock.status).toBe(403);
    expect(unlock.headers.get('set-cookie')).toBeNull();
    expect((await visitor().get(`/api/v1/s/${link.token}`)).body.data).toEqual({ passwordRequired: true });
  });

  it('reveals nothing about a locked link before it is unlocked', async () => {
    const link = await createLink({ password: 'correct horse', label: 'secret label', maxDownloads: 9 });
    const guest = visitor();
    const meta = await guest.get(`/api/v1/s/${link.token}`);
    expect(meta.status).toBe(200);
    expect(meta.body.data).toEqual({ passwordRequired: true });
    expect(JSON.stringify(meta.body)).not.toMatch(/holiday|image|Owner|secret|9/);
    for (const url of [`/api/v1/s/${link.token}/content`, `/api/v1/s/${link.token}/content?download=1`]) {
      const content = await guest.get(url);
      expect(content.status).toBe(401);
      expect(content.body).toEqual({ message: LINK_MESSAGES.linkPasswordRequired, code: 'UNAUTHENTICATED' });
      expect(content.bytes.includes(Buffer.from('PNG'))).toBe(false);
    }
    const head = await fetch(`${t.baseUrl}/api/v1/s/${link.token}/content`, { method: 'HEAD' });
    expect(head.status).toBe(401);
    expect(head.headers.get('content-length')).not.toBe(String(imageBytes.length));
  });

  it('unlocks a link for one browser with a cookie scoped to that link', async () => {
    const expiresAt = new Date(t.clock.now() + 2 * HOUR).toISOString();
    const link = await createLink({ password: 'correct horse', expiresAt });
    const sibling = await createLink({ password: 'correct horse' });
    const guest = visitor();
    const wrong = await guest.post(`/api/v1/s/${link.token}/unlock`, { password: 'wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: LINK_MESSAGES.linkPasswordWrong, code: 'UNAUTHENTICATED' });
    expect((await guest.post(`/api/v1/s/${link.token}/unlock`, { password: '' })).status).toBe(400);

    const right = await guest.post(`/api/v1/s/${link.token}/unlock`, { password: 'correct horse' });
    expect(right.status).toBe(200);
    const cookie = right.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain(`Path=/api/v1/s/${link.token}`);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);

    expect((await guest.get(`/api/v1/s/${link.token}`)).body.data).toMatchObject({
      passwordRequired: false,
      filename: 'holiday',
    });
    const content = await guest.get(`/api/v1/s/${link.token}/content`);
    expect(content.status).toBe(200);
    expect(content.bytes.equals(imageBytes)).toBe(true);
    // The same cookie sent to another link with the same password opens nothing there.
    expect((await guest.get(`/api/v1/s/${sibling.token}`)).body.data).toEqual({ passwordRequired: true });
    expect((await guest.get(`/api/v1/s/${sibling.token}/content`)).status).toBe(401);
    // Another browser is still asked for the password.
    expect((await visitor().get(`/api/v1/s/${link.token}`)).body.data).toEqual({ passwordRequired: true });
  });

  it('locks out an address after 10 wrong passwords, with Retry-After, even for the right one', async () => {
    const link = await createLink({ password: 'correct horse' });
    const guest = visitor();
    for (let i = 0; i < 10; i++) {
      const answer = await guest.request('POST', `/api/v1/s/${link.token}/unlock`, {
        json: { password: `guess ${i}` },
        headers: from('203.0.113.10'),
      });
      expect(answer.status).toBe(401);
    }
    const locked = await guest.request('POST', `/api/v1/s/${link.token}/unlock`, {
      json: { password: 'correct horse' },
      headers: from('203.0.113.10'),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LINK_MESSAGES.linkTooManyAttempts);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.headers.get('set-cookie')).toBeNull();
    // Another address may still unlock this link.
    const elsewhere = await visitor().request('POST', `/api/v1/s/${link.token}/unlock`, {
      json: { password: 'correct horse' },
      headers: from('203.0.113.11'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('locks a link after 20 wrong passwords from any addresses', async () => {
    const link = await createLink({ password: 'correct horse' });
    const other = await createLink({ password: 'correct horse' });
    for (let i = 0; i < 20; i++) {
      const answer = await visitor().request('POST', `/api/v1/s/${link.token}/unlock`, {
        json: { password: `guess ${i}` },
        headers: from(`198.51.100.${i % 2}`),
      });
      expect(answer.status).toBe(401);
    }
    const locked = await visitor().request('POST', `/api/v1/s/${link.token}/unlock`, {
      json: { password: 'correct horse' },
      headers: from('198.51.100.50'),
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const unaffected = await visitor().request('POST', `/api/v1/s/${other.token}/unlock`, {
      json: { password: 'correct horse' },
      headers: from('198.51.100.51'),
    });
    expect(unaffected.status).toBe(200);
  });
});
