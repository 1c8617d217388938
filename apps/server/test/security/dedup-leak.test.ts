import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { png, sha256, text } from '../helpers/fixtures';
import type { Answer, TestClient } from '../helpers/test-client';
import { eventually, startTestApp, type TestApp } from '../helpers/test-app';
import { mannWhitneyU } from '@cloudstash/test-support/mann-whitney';

/** Text of a fixed length (6400 bytes) whose content depends on `seed`. */
const sample = (seed: number) => text(sha256(Buffer.from(String(seed))).repeat(100));
const SIZE = sample(0).length;

/** What may differ between two uploads: identities and instants. Everything else must be equal. */
function comparable(answer: Answer<any>) {
  const { _id, createdAt, updatedAt, url, uploadedBy, uploader, ...rest } = answer.body.data as Record<
    string,
    unknown
  > & { uploadedBy: Record<string, unknown>; uploader: Record<string, unknown> };
  void _id;
  void url;
  expect(createdAt).toBe(updatedAt);
  // Each probe is the uploader of its own file, whoever else holds the bytes.
  expect(uploader._id).toBe(uploadedBy._id);
  const headers = [...answer.headers.keys()].filter((k) => !['date', 'x-request-id'].includes(k)).sort();
  return {
    status: answer.status,
    message: answer.body.message,
    rest,
    uploadedByKeys: Object.keys(uploadedBy).sort(),
    uploader: { keys: Object.keys(uploader).sort(), via: uploader.via },
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
    // No background worker: the test runs the thumbnail jobs itself, so what a file shows before its job
    // has run is seen for sure.
    t = await startTestApp(dialect, { env: { THUMBNAIL_WORKERS: '0' } });
    await t.client().signUp();
    holder = t.client();
    await holder.signUp({ name: 'Holder' });
    // Names and addresses of equal length, so any difference in body size could only come from deduplication
    // (the default addresses carry a counter, which may gain a digit between the two).
    probeA = t.client();
    await probeA.signUp({ name: 'Probe A', email: 'probe-a@example.com' });
    probeB = t.client();
    await probeB.signUp({ name: 'Probe B', email: 'probe-b@example.com' });
  });
  afterAll(() => t.close());
  const drainJobs = async () => {
    while (await t.services.thumbnailWorker.runOne());
  };

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

  it('answers an image whose thumbnails already exist exactly like a new image, and shows them no sooner', async () => {
    const held = png(61_001, 64, 48);
    const fresh = png(61_006, 64, 48);
    expect(fresh.length).toBe(held.length);
    const mine = await holder.upload({ bytes: held, type: 'image/png', name: 'held.png' });
    await drainJobs();
    expect((await holder.get(`/api/v1/files/f/${mine.body.data._id}`)).body.data.thumbnailUrl).toBeTruthy();

    // Someone else's copy of those bytes, then new bytes of the same size and kind.
    const image = { type: 'image/png', name: 'probe.png', filename: 'probe' };
    const dup = await probeA.upload({ bytes: held, ...image });
    const neu = await probeB.upload({ bytes: fresh, ...image });
    expect(comparable(dup)).toEqual(comparable(neu));
    expect(dup.body.data).toMatchObject({ thumbnailPending: true, thumbnailUrl: null });
    const seen = async (client: TestClient, id: string) => ({
      file: (await client.get(`/api/v1/files/f/${id}`)).body.data,
      thumbnail: (await client.get(`/api/v1/files/f/${id}/thumbnail`)).status,
    });
    const [dupId, neuId] = [dup.body.data._id, neu.body.data._id];
    expect((await seen(probeA, dupId)).thumbnail).toBe(404);
    expect((await seen(probeB, neuId)).thumbnail).toBe(404);

    // Both show them once their own jobs have run.
    await drainJobs();
    for (const [client, id] of [
      [probeA, dupId],
      [probeB, neuId],
    ] as const) {
      expect(await seen(client, id)).toMatchObject({
        file: { thumbnailPending: false, thumbnailUrl: `/api/v1/files/f/${id}/thumbnail` },
        thumbnail: 200,
      });
    }
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

  it('takes as long to upload bytes someone else holds as new bytes (Mann-Whitney U)', async () => {
    // Big enough (256 KiB) that the disk work of placing the bytes is a real part of an upload.
    const rounds = 40;
    const bytesOf = (seed: number) => Buffer.concat(Array.from({ length: 40 }, () => sample(seed)));
    for (let i = 0; i < rounds; i++) await holder.upload({ bytes: bytesOf(400_000 + i) });
    const timedUpload = async (bytes: Buffer) => {
      const started = performance.now();
      const answer = await probeB.upload({ bytes, filename: 'probe' });
      const ms = performance.now() - started;
      expect(answer.status).toBe(201);
      return ms;
    };
    const stored: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < rounds; i++) {
      if (i % 2) {
        stored.push(await timedUpload(bytesOf(400_000 + i)));
        fresh.push(await timedUpload(bytesOf(500_000 + i)));
      } else {
        fresh.push(await timedUpload(bytesOf(500_000 + i)));
        stored.push(await timedUpload(bytesOf(400_000 + i)));
      }
    }
    const { p } = mannWhitneyU(stored, fresh);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(2);
    console.log(
      `upload timing (${dialect}): already stored p50 ${median(stored)} ms, fresh p50 ${median(fresh)} ms, U test p=${p.toFixed(4)}`,
    );
    expect(p).toBeGreaterThanOrEqual(0.001);
  });

  it('takes as long to delete bytes nobody else holds as to delete shared ones (Mann-Whitney U)', async () => {
    // Small files, where waiting for the bytes to be reclaimed would be most of a delete's cost.
    const rounds = 60;
    const ids: { shared: string; unshared: string }[] = [];
    for (let i = 0; i < rounds; i++) {
      const common = sample(100_000 + i);
      await holder.upload({ bytes: common });
      ids.push({
        shared: (await probeA.upload({ bytes: common })).body.data._id,
        unshared: (await probeA.upload({ bytes: sample(200_000 + i) })).body.data._id,
      });
    }
    const timedDelete = async (id: string) => {
      const started = performance.now();
      const answer = await probeA.delete(`/api/v1/files/delete/${id}`);
      const ms = performance.now() - started;
      expect(answer.status).toBe(200);
      return ms;
    };
    // Alternating (and swapping which goes first) spreads any load on the machine over both kinds alike.
    const shared: number[] = [];
    const unshared: number[] = [];
    for (const [i, pair] of ids.entries()) {
      if (i % 2) {
        shared.push(await timedDelete(pair.shared));
        unshared.push(await timedDelete(pair.unshared));
      } else {
        unshared.push(await timedDelete(pair.unshared));
        shared.push(await timedDelete(pair.shared));
      }
    }
    const { p } = mannWhitneyU(shared, unshared);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(2);
    console.log(
      `delete timing (${dialect}): shared p50 ${median(shared)} ms, unshared p50 ${median(unshared)} ms, U test p=${p.toFixed(4)}`,
    );
    expect(p).toBeGreaterThanOrEqual(0.001);
  });

  it('treats a blob with no references as legal until it is reclaimed, and reclaims it off the request', async () => {
    await t.services.reclaims.drain();
    const bytes = sample(300_000);
    const id = (await probeB.upload({ bytes })).body.data._id;
    // Released but not yet reclaimed: the state every delete leaves for a moment.
    await t.services.references.removeFile(id);
    const hash = sha256(bytes);
    expect(await t.store.exists(hash)).toBe(true);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
    expect((await t.services.maintenance.gc({ graceMs: 0 })).unreferencedBlobs).toBe(1);
    expect(await t.store.exists(hash)).toBe(false);
    // Through the API the queue reclaims it shortly after the answer.
    const again = (await probeB.upload({ bytes })).body.data._id;
    expect((await probeB.delete(`/api/v1/files/delete/${again}`)).status).toBe(200);
    expect(await eventually(async () => !(await t.store.exists(hash)))).toBe(true);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });
});
