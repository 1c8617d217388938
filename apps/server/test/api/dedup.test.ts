import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { png, sha256 } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

describe.each(DIALECTS)('deduplication invariants (%s)', (dialect) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  // A fresh instance per test: each one sets up the content it counts, whatever ran before it.
  beforeEach(async () => {
    t = await startTestApp(dialect);
    await t.client().signUp();
    alice = t.client();
    await alice.signUp();
    bob = t.client();
    await bob.signUp();
  });
  afterEach(() => t.close());

  const storage = async () => await t.services.stats.storage();

  it('stores bytes uploaded by two users at the same moment once, with two files', async () => {
    const bytes = png(500, 64, 64);
    const uploaders = [alice, bob, alice, bob];
    const answers = await Promise.all(uploaders.map((c) => c.upload({ bytes })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const stats = await storage();
    expect(stats.mostDuplicatedFile).toMatchObject({ sha256: sha256(bytes), count: 4 });
    // The answer does not tell anyone the bytes were already there.
    const shapes = answers.map((a) => Object.keys(a.body.data).sort().join());
    expect(new Set(shapes).size).toBe(1);
    // Each uploader gets the whole content of their own file; a private file of someone else stays hidden.
    for (const [i, a] of answers.entries()) {
      const content = await uploaders[i]!.get(a.body.data.url);
      expect(content.status).toBe(200);
      expect(content.bytes.equals(bytes)).toBe(true);
    }
    expect((await alice.get(answers[1]!.body.data.url)).status).toBe(404);
  });

  it('never loses bytes when deletes race uploads of the same content', async () => {
    const bytes = png(600, 32, 32);
    for (let round = 0; round < 15; round++) {
      const first = await alice.upload({ bytes });
      expect(first.status).toBe(201);
      const [, second] = await Promise.all([
        alice.delete(`/api/v1/files/delete/${first.body.data._id}`),
        bob.upload({ bytes }),
      ]);
      expect(second.status).toBe(201);
      const content = await bob.get(second.body.data.url);
      expect(content.status).toBe(200);
      expect(sha256(content.bytes)).toBe(sha256(bytes));
      await bob.delete(`/api/v1/files/delete/${second.body.data._id}`);
    }
    const fsck = await t.services.maintenance.fsck();
    expect(fsck.problems).toEqual([]);
  });

  it('reclaims bytes when the last reference goes, and keeps them while one remains', async () => {
    const bytes = png(700);
    const a = await alice.upload({ bytes });
    const b = await bob.upload({ bytes });
    const before = await storage();
    await alice.delete(`/api/v1/files/delete/${a.body.data._id}`);
    expect((await bob.get(b.body.data.url)).bytes.equals(bytes)).toBe(true);
    expect((await storage()).uniqueFilesStored).toBe(before.uniqueFilesStored);
    await bob.delete(`/api/v1/files/delete/${b.body.data._id}`);
    expect((await storage()).uniqueFilesStored).toBe(before.uniqueFilesStored - 1);
    // The bytes go just after the answer (services/reclaim-queue.ts), so the delete's timing tells nothing.
    await t.services.reclaims.drain();
    expect(await t.store.exists(sha256(bytes))).toBe(false);
  });

  it('keeps every blob referenced and every reference backed after shared uploads and deletes', async () => {
    const shared = png(800);
    const kept = await alice.upload({ bytes: shared });
    const dropped = await bob.upload({ bytes: shared });
    const alone = await bob.upload({ bytes: png(801) });
    for (const answer of [kept, dropped, alone]) expect(answer.status).toBe(201);
    expect((await bob.delete(`/api/v1/files/delete/${dropped.body.data._id}`)).status).toBe(200);
    expect((await bob.delete(`/api/v1/files/delete/${alone.body.data._id}`)).status).toBe(200);
    await t.services.reclaims.drain();
    const fsck = await t.services.maintenance.fsck();
    expect(fsck.problems).toEqual([]);
    const gc = await t.services.maintenance.gc({ dryRun: true, graceMs: 0 });
    expect(gc).toEqual({
      unreferencedBlobs: 0,
      orphanBytes: 0,
      orphanThumbnails: 0,
      tempFiles: 0,
      abandonedUploads: 0,
      trashPurged: 0,
      bytesFreed: 0,
    });
  });

  it('removes the half-written names a crash leaves in the blob folders once they are old, and no others', async () => {
    const stored = png(900);
    expect((await alice.upload({ bytes: stored })).status).toBe(201);
    const hash = sha256(stored);
    const { blobStore, dataDir } = t.config;
    if (blobStore.kind !== 'fs') throw new Error('these tests run on the local blob store');
    const leftover = (root: string, name: string, ageMs: number) => {
      const file = path.join(root, name.slice(0, 2), name.slice(2, 4), name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'half');
      const when = new Date(Date.now() - ageMs);
      fs.utimesSync(file, when, when);
      return file;
    };
    const hour = 3_600_000;
    const oldStaged = leftover(blobStore.root, `${hash}.0b6c2f.staged`, 2 * hour);
    const oldThumb = leftover(path.join(dataDir, 'thumbs'), `${hash}-256.webp.5e1a.tmp`, 2 * hour);
    const youngStaged = leftover(blobStore.root, `${'e'.repeat(64)}.77aa.staged`, 0);
    // Bytes a put replaced keep a name until they are freed; a crash in between leaves it.
    const replaced = path.join(dataDir, 'replaced', '4b1d7c2e-replaced');
    fs.mkdirSync(path.dirname(replaced), { recursive: true });
    fs.writeFileSync(replaced, 'old');
    fs.utimesSync(replaced, new Date(Date.now() - 2 * hour), new Date(Date.now() - 2 * hour));
    // So does a stand-in folder a put made beside them.
    const standIn = path.join(dataDir, 'replaced', '9c0e4a1f.stand-in');
    fs.mkdirSync(standIn);
    fs.utimesSync(standIn, new Date(Date.now() - 2 * hour), new Date(Date.now() - 2 * hour));

    expect((await t.services.maintenance.gc({ graceMs: hour })).tempFiles).toBe(4);
    expect([oldStaged, oldThumb, replaced, standIn, youngStaged].map((f) => fs.existsSync(f))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    // The blob beside them is untouched, and nothing else looks broken.
    expect((await alice.get(`/api/v1/files/user-files`)).status).toBe(200);
    expect(await t.store.exists(hash)).toBe(true);
    expect((await t.services.maintenance.fsck()).problems).toEqual([]);
  });
});
