import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { sha256, text } from '../helpers/fixtures';
import type { Answer, TestClient } from '../helpers/test-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Text of a fixed length (6400 bytes) whose content depends on `seed`. */
const sample = (seed: number) => text(sha256(Buffer.from(String(seed))).repeat(100));
const SIZE = sample(0).length;

/** What may differ between two uploads: identities and instants. Everything else must be equal. */
function comparable(answer: Answer<any>) {
  const { _id, createdAt, updatedAt, url, uploadedBy, ...rest } = answer.body.data as Record<
    string,
    unknown
  > & { uploadedBy: Record<string, unknown> };
  void _id;
  void url;
  expect(createdAt).toBe(updatedAt);
  const headers = [...answer.headers.keys()].filter((k) => !['date', 'x-request-id'].includes(k)).sort();
  return {
    status: answer.status,
    message: answer.body.message,
    rest,
    uploadedByKeys: Object.keys(uploadedBy).sort(),
    headers,
    length: Number(answer.headers.get('content-length')),
  };
}

/**
 * Whether someone else already holds the bytes must be impossible to learn. The answer, its
 * headers and size, and the uploader's storage figures are the same for new bytes and for stored ones.
 * (Latency is compared by the benchmark: `npm run bench`.)
 */
describe.each(DIALECTS)('deduplication does not leak (%s)', (dialect) => {
  let t: TestApp;
  let holder: TestClient;
  let probeA: TestClient;
  let probeB: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp();
    holder = t.client();
    await holder.signUp({ name: 'Holder' });
    // Names of equal length, so any difference in body size could only come from deduplication.
    probeA = t.client();
    await probeA.signUp({ name: 'Probe A' });
    probeB = t.client();
    await probeB.signUp({ name: 'Probe B' });
  });
  afterAll(() => t.close());

  it('answers an upload of bytes someone else holds exactly like an upload of new bytes', async () => {
    for (let round = 0; round < 5; round++) {
      const stored = sample(70_000 + round);
      const fresh = sample(80_000 + round);
      expect(stored.length).toBe(fresh.length);
      expect((await holder.upload({ bytes: stored, isPublic: false })).status).toBe(201);
      // Alternate who probes which, so per-account state cannot explain a difference.
      const [dupClient, newClient] = round % 2 ? [probeA, probeB] : [probeB, probeA];
      const dup = await dupClient.upload({ bytes: stored, filename: 'probe', isPublic: false });
      const neu = await newClient.upload({ bytes: fresh, filename: 'probe', isPublic: false });
      expect(comparable(dup)).toEqual(comparable(neu));
    }
  });

  it('charges each uploader the full size of their own files, shared bytes or not', async () => {
    const a = await probeA.get('/api/v1/files/stats');
    const b = await probeB.get('/api/v1/files/stats');
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data.totalFiles).toBe(5);
    expect(a.body.data.totalStorageUsed).toBe(5 * SIZE);
    // The holder's figures do not move when others upload the same bytes.
    expect((await holder.get('/api/v1/files/stats')).body.data).toMatchObject({
      totalFiles: 5,
      totalStorageUsed: 5 * SIZE,
    });
  });

  it('shows no trace of sharing in what a user can read about their file', async () => {
    const bytes = sample(90_000);
    await holder.upload({ bytes });
    const mine = (await probeA.upload({ bytes })).body.data;
    const details = await probeA.get(`/api/v1/files/f/${mine._id}`);
    const content = await probeA.get(mine.url);
    const solo = (await probeB.upload({ bytes: sample(90_001) })).body.data;
    const soloDetails = await probeB.get(`/api/v1/files/f/${solo._id}`);
    const soloContent = await probeB.get(solo.url);
    expect(Object.keys(details.body.data).sort()).toEqual(Object.keys(soloDetails.body.data).sort());
    expect([...content.headers.keys()].sort()).toEqual([...soloContent.headers.keys()].sort());
    expect(details.body.data.downloadCount).toBe(0);
  });
});
