import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@cloudstash/contract';
import { DIALECTS } from '../helpers/dialects';
import { pdf } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { eventually, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A download is counted when its bytes are delivered through a signed link (a full GET that finished), at
 * most once per user and file a minute; handing out the link counts nothing, and foreign pages cannot ask
 * for one.
 */
describe.each(DIALECTS)('download counts cannot be inflated (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let reader: TestClient;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = t.client();
    await owner.signUp();
    reader = t.client();
    await reader.signUp();
  });
  afterAll(() => t.close());

  const countOf = async (id: string) => (await owner.get(`/api/v1/files/f/${id}`)).body.data.downloadCount;
  const linkFor = async (client: TestClient, id: string) =>
    (await client.get(`/api/v1/files/f/${id}/download`)).body.data.url as string;
  const upload = async (seed: string) =>
    (await owner.upload({ bytes: pdf(seed), filename: seed, isPublic: true })).body.data._id as string;

  it('counts nothing for handing out links', async () => {
    const id = await upload('links only');
    for (let i = 0; i < 5; i++) expect((await owner.get(`/api/v1/files/f/${id}/download`)).status).toBe(200);
    expect(await countOf(id)).toBe(0);
  });

  it('counts a full GET through the link once, not ranges, HEAD or a repeat within a minute', async () => {
    const id = await upload('counted');
    const url = await linkFor(owner, id);
    expect((await t.client().get(url, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await t.client().request('HEAD', url)).status).toBe(200);
    expect((await t.client().get(url)).status).toBe(200);
    expect(await eventually(async () => (await countOf(id)) === 1)).toBe(true);
    // The same user again within the minute: not counted. Another user's full GET afterwards is, and once it
    // shows, the earlier requests have long been settled.
    expect((await t.client().get(url)).status).toBe(200);
    expect((await t.client().get(await linkFor(reader, id))).status).toBe(200);
    expect(await eventually(async () => (await countOf(id)) >= 2)).toBe(true);
    expect(await countOf(id)).toBe(2);
  });

  it('counts the same user again once the minute has passed', async () => {
    const id = await upload('a minute later');
    const url = await linkFor(owner, id);
    await t.client().get(url);
    expect(await eventually(async () => (await countOf(id)) === 1)).toBe(true);
    // The minute passes on the server's clock.
    t.clock.advance(61_000);
    await t.client().get(url);
    expect(await eventually(async () => (await countOf(id)) === 2)).toBe(true);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a link request with %s (403)', async (_label, headers) => {
    const id = await upload(`cross ${_label}`);
    const answer = await owner.get(`/api/v1/files/f/${id}/download`, headers);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: MESSAGES.crossSite, code: 'CROSS_SITE' });
    const same = await owner.get(`/api/v1/files/f/${id}/download`, {
      origin: t.baseUrl,
      'sec-fetch-site': 'same-origin',
    });
    expect(same.status).toBe(200);
  });
});
