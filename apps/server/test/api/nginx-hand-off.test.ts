import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { mp4 } from '../helpers/fixtures';
import { startNginx, type RunningNginx } from '@cloudstash/test-support/nginx';
import { TestClient } from '../helpers/test-client';
import { startTestApp, until, type TestApp } from '../helpers/test-app';

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
  /** What came with each of them: whether it carried a cookie or an Authorization header. */
  const reached: { url: string; cookie: boolean; authorization: boolean }[] = [];
  const bytes = mp4(51, 300_000);

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { ACCEL_REDIRECT_PREFIX: '/_blobs/' },
      beforeListen: (app) =>
        app.addHook('onRequest', async (request) => {
          if (!request.url.includes('/content')) return;
          contentRequests++;
          reached.push({
            url: request.url,
            cookie: request.headers.cookie !== undefined,
            authorization: request.headers.authorization !== undefined,
          });
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
    const gone = await until(
      'the kept check to expire',
      async () => {
        const answer = await viaNginx().get(url, { range: 'bytes=0-9' });
        return answer.status !== 206 && answer;
      },
      (LINK_SECONDS + 1) * 1000 + 1500,
    );
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: MESSAGES.fileNotFound });
  });

  /** A URL as CloudStash's router sees it: path and query. */
  const requestTarget = (url: string) => {
    const parsed = new URL(url, 'http://cloudstash');
    return parsed.pathname + parsed.search;
  };

  it('takes only an exact `s` for a signed link: with `S` the request is the cookie holder’s, kept for no one', async () => {
    const { id } = await signedLink();
    const url = `/api/v1/files/f/${id}/content?S=x`;
    const before = reached.length;
    const own = await viaNginx().get(url, { range: 'bytes=0-99', cookie: owner.cookieHeader() });
    expect(own.status).toBe(206);
    expect(own.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    // Straight to CloudStash as it came, once, with the cookie: not through the link's check.
    expect(reached.slice(before)).toEqual([{ url, cookie: true, authorization: false }]);
    const stranger = await viaNginx().get(url, { range: 'bytes=0-99' });
    expect(stranger.status).toBe(401);
    expect(stranger.bytes.includes(bytes.subarray(0, 100))).toBe(false);
  });

  it("asks CloudStash about a link with neither the client's cookie nor its Authorization", async () => {
    const { url } = await signedLink();
    const before = reached.length;
    const answer = await viaNginx().get(url, {
      range: 'bytes=0-99',
      cookie: owner.cookieHeader(),
      authorization: 'Bearer cs_not-a-token',
    });
    expect(answer.status).toBe(206);
    expect(reached.slice(before)).toEqual([{ url: requestTarget(url), cookie: false, authorization: false }]);
  });

  it('never lets a cookie stand in for a link on a request that names one, even an empty one', async () => {
    const { id, url } = await signedLink();
    const link = new URL(url, t.baseUrl).searchParams;
    const partial = ['s=', `u=${link.get('u')}&e=${link.get('e')}`, `u=${link.get('u')}`, 'e=1&s='];
    for (const query of partial) {
      const answer = await owner.get(`/api/v1/files/f/${id}/content?${query}`, { range: 'bytes=0-9' });
      expect(answer.status, query).toBe(403);
      expect(answer.body).toMatchObject({ message: MESSAGES.downloadLinkInvalid });
    }
    // Without link parameters the cookie decides, as ever: CloudStash hands the read off.
    const own = await owner.get(`/api/v1/files/f/${id}/content`, { range: 'bytes=0-9' });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-accel-redirect')).toMatch(/^\/_blobs\//);
  });

  it('answers the same headers before and after another account stores the same bytes', async () => {
    const same = mp4(52, 200_000);
    const id = (await owner.upload({ bytes: same, name: 'mine.mp4' })).body.data._id as string;
    const url = (await owner.get(`/api/v1/files/f/${id}/download`)).body.data.url as string;
    const share = await owner.post(`/api/v1/files/f/${id}/links`, {});
    expect(share.status).toBe(201);
    const token = share.body.data.token as string;
    const direct = await owner.get(`/api/v1/files/f/${id}/content`);
    const blob = path.join(
      t.dataDir,
      'blobs',
      direct.headers.get('x-accel-redirect')!.slice('/_blobs/'.length),
    );
    // Stored long ago, so that a later upload of the same bytes leaves another date on the blob file.
    const longAgo = new Date('2020-01-01T00:00:00Z');
    fs.utimesSync(blob, longAgo, longAgo);
    const cookie = owner.cookieHeader();
    const answers = async () => {
      const requests = {
        preview: viaNginx().get(`/api/v1/files/f/${id}/content`, { cookie }),
        download: viaNginx().get(url),
        range: viaNginx().get(url, { range: 'bytes=10-99' }),
        share: viaNginx().get(`/api/v1/s/${token}/content?download=1`),
      };
      const headers: Record<string, Record<string, string>> = {};
      for (const [name, request] of Object.entries(requests)) {
        const answer = await request;
        expect(answer.status, name).toBe(name === 'range' ? 206 : 200);
        headers[name] = Object.fromEntries([...answer.headers].filter(([header]) => header !== 'date'));
      }
      return headers;
    };
    const before = await answers();
    for (const name of ['preview', 'download', 'range', 'share']) {
      // CloudStash's validator, made from the bytes alone; no date of the file.
      expect(before[name]!.etag, name).toBe(direct.headers.get('etag'));
      expect(before[name]!['last-modified'], name).toBeUndefined();
    }

    // A resumed download names that validator in If-Range, and still gets its range.
    const resume = { range: 'bytes=100-199', 'if-range': direct.headers.get('etag')! };
    for (const resumed of [
      await viaNginx().get(`/api/v1/files/f/${id}/content`, { cookie, ...resume }),
      await viaNginx().get(url, resume),
    ]) {
      expect(resumed.status).toBe(206);
      expect(resumed.bytes.equals(same.subarray(100, 200))).toBe(true);
    }

    const other = t.client();
    await other.signUp();
    expect((await other.upload({ bytes: same, name: 'theirs.mp4' })).status).toBe(201);
    expect(fs.statSync(blob).mtimeMs).not.toBe(longAgo.getTime());
    expect(await answers()).toEqual(before);
  });

  it("keeps a share link's referrer, robots and framing headers through the hand-off", async () => {
    const id = (await owner.upload({ bytes, name: 'shared.mp4' })).body.data._id as string;
    const share = await owner.post(`/api/v1/files/f/${id}/links`, {});
    expect(share.status).toBe(201);
    const token = share.body.data.token as string;
    for (const query of ['', '?download=1']) {
      const answer = await viaNginx().get(`/api/v1/s/${token}/content${query}`);
      expect(answer.status).toBe(200);
      expect(answer.bytes.equals(bytes)).toBe(true);
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
