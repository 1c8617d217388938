import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { mp4 } from '../helpers/fixtures';
import { startNginx, type RunningNginx } from '../helpers/nginx';
import { TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * How long nginx keeps a link's check here: docs/nginx/ says 10 s, shortened so the test can outwait it, yet
 * long enough that two requests in a row on a slow machine still fall within it.
 */
const LINK_SECONDS = 2;

describe.each(DIALECTS)('nginx in front, as docs/deployment.md configures it (%s)', (dialect) => {
  let t: TestApp;
  let nginx: RunningNginx;
  let owner: TestClient;
  /** Requests for a file's bytes that reached CloudStash. */
  let contentRequests = 0;
  const bytes = mp4(51, 300_000);

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { ACCEL_REDIRECT_PREFIX: '/_blobs/' },
      beforeListen: (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.url.includes('/content')) contentRequests++;
        }),
    });
    nginx = await startNginx({
      upstream: t.baseUrl,
      blobs: path.join(t.dataDir, 'blobs'),
      linkSeconds: LINK_SECONDS,
    });
    owner = t.client();
    await owner.signUp();
  });
  afterAll(async () => {
    await nginx?.stop();
    await t.close();
  });

  async function signedLink() {
    const id = (await owner.upload({ bytes, name: 'clip.mp4' })).body.data._id as string;
    const url = (await owner.get(`/api/v1/files/f/${id}/download`)).body.data.url as string;
    return { id, url };
  }
  const viaNginx = () => new TestClient(nginx.origin);
  const downloads = async (id: string) =>
    (await owner.get(`/api/v1/files/f/${id}`)).body.data.downloadCount as number;

  it('cuts the ranges of a signed link itself once CloudStash has checked the link', async () => {
    const { id, url } = await signedLink();
    const before = contentRequests;
    const first = await viaNginx().get(url, { range: 'bytes=0-99' });
    const second = await viaNginx().get(url, { range: 'bytes=1000-199999' });
    expect(first.status).toBe(206);
    expect(first.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    expect(second.status).toBe(206);
    expect(second.bytes.equals(bytes.subarray(1000, 200_000))).toBe(true);
    expect(second.headers.get('content-range')).toBe(`bytes 1000-199999/${bytes.length}`);
    expect(contentRequests - before).toBe(1);
    // CloudStash's headers, each once: the type is not guessed from the blob's name.
    expect(second.headers.get('content-type')).toBe('video/mp4');
    expect(second.headers.get('content-disposition')).toMatch(/^attachment; filename="clip.mp4"/);
    expect(second.headers.get('content-security-policy')).toContain('sandbox');
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    // Ranges never count as downloads.
    expect(await downloads(id)).toBe(0);
  });

  it('asks CloudStash for every whole download, which counts', async () => {
    const { id, url } = await signedLink();
    const before = contentRequests;
    const whole = await viaNginx().get(url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(bytes)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    await viaNginx().get(url);
    expect(contentRequests - before).toBe(2);
    expect(await downloads(id)).toBe(1);
  });

  it("gives CloudStash's own answer to a link it refuses and to a range past the end", async () => {
    const { url } = await signedLink();
    const forged = url.replace(/([?&]s=)./, (_, key: string) => `${key}${url.includes('s=A') ? 'B' : 'A'}`);
    const refused = await viaNginx().get(forged, { range: 'bytes=0-9' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: MESSAGES.downloadLinkInvalid });
    // Once before the link's check is kept, once after.
    for (let i = 0; i < 2; i++) {
      const past = await viaNginx().get(url, { range: `bytes=${bytes.length + 10}-` });
      expect(past.status).toBe(416);
      expect(past.body).toMatchObject({ message: MESSAGES.rangeNotSatisfiable });
      expect((await viaNginx().get(url, { range: 'bytes=0-9' })).status).toBe(206);
    }
  });

  it('refuses the ranges of a deleted file once the kept check has expired', async () => {
    const { id, url } = await signedLink();
    expect((await viaNginx().get(url, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await owner.delete(`/api/v1/files/delete/${id}`)).status).toBe(200);
    // nginx keeps time in whole seconds and an entry lasts through its last one: up to a second more.
    await new Promise((resolve) => setTimeout(resolve, (LINK_SECONDS + 1) * 1000 + 500));
    const gone = await viaNginx().get(url, { range: 'bytes=0-9' });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: MESSAGES.fileNotFound });
  });
});
