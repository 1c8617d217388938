import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config';
import { DIALECTS } from '../helpers/dialects';
import { mp4, sha256 } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)('hand-off to the reverse proxy with X-Accel-Redirect (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let id: string;
  let hash: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { ACCEL_REDIRECT_PREFIX: '/_blobs/' } });
    owner = t.client();
    await owner.signUp();
    other = t.client();
    await other.signUp();
    const bytes = mp4(41, 50_000);
    hash = sha256(bytes);
    id = (await owner.upload({ bytes, name: 'clip.mp4', isPublic: false })).body.data._id;
  });
  afterAll(() => t.close());

  const location = () => `/_blobs/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`;

  it('answers a permitted read with the internal location, its headers and no body', async () => {
    const answer = await owner.get(`/api/v1/files/f/${id}/content`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-accel-redirect')).toBe(location());
    expect(answer.bytes.length).toBe(0);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    // nginx announces ranges itself; both would make the header say it twice.
    expect(answer.headers.get('accept-ranges')).toBeNull();
    // A range is the proxy's to cut from the file: handed off alike.
    const ranged = await owner.get(`/api/v1/files/f/${id}/content`, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(200);
    expect(ranged.headers.get('x-accel-redirect')).toBe(location());
  });

  it('checks access first: a file the viewer may not see is a 404 without the header', async () => {
    const answer = await other.get(`/api/v1/files/f/${id}/content`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-accel-redirect')).toBeNull();
    const anonymous = await t.client().get(`/api/v1/files/f/${id}/content`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-accel-redirect')).toBeNull();
  });

  it('hands off a signed download as an attachment and counts it once handed off', async () => {
    const url = (await owner.get(`/api/v1/files/f/${id}/download`)).body.data.url as string;
    const answer = await owner.get(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-accel-redirect')).toBe(location());
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await owner.get(`/api/v1/files/f/${id}`)).body.data.downloadCount).toBe(1);
  });

  it('refuses a prefix that is not an absolute folder path', () => {
    for (const bad of ['_blobs/', '/_blobs', 'http://x/_blobs/', '/a b/'])
      expect(() => loadConfig({ ACCEL_REDIRECT_PREFIX: bad }), bad).toThrow(ConfigError);
    expect(loadConfig({ ACCEL_REDIRECT_PREFIX: '/internal/blobs/' }).accelRedirectPrefix).toBe(
      '/internal/blobs/',
    );
  });
});

describe('without the setting', () => {
  it('sends the bytes itself', async () => {
    const t = await startTestApp('sqlite');
    try {
      const owner = t.client();
      await owner.signUp();
      const bytes = mp4(42, 20_000);
      const id = (await owner.upload({ bytes, name: 'clip.mp4' })).body.data._id;
      const answer = await owner.get(`/api/v1/files/f/${id}/content`);
      expect(answer.headers.get('x-accel-redirect')).toBeNull();
      expect(answer.bytes.equals(bytes)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
