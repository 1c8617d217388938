import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32c } from '@node-rs/crc32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { sha256, text } from '../helpers/fixtures';
import type { TestClient } from '../helpers/test-client';
import { filesUnder, startTestApp, type TestApp } from '../helpers/test-app';

/** The checksum as the blobs table keeps it: CRC32C as a signed 32-bit integer. */
const storedCrc = (bytes: Buffer) => crc32c(bytes) | 0;

describe.each(DIALECTS)('blob checksums, whole reads and the scrub (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = t.client();
    await owner.signUp({ name: 'Owner' });
  });
  afterAll(() => t.close());

  const checksumOf = async (hash: string) =>
    (await t.db.selectFrom('blobs').select('crc32c').where('hash', '=', hash).executeTakeFirstOrThrow())
      .crc32c;
  const blobFile = (hash: string) => filesUnder(path.join(t.dataDir, 'blobs')).find((f) => f.endsWith(hash))!;
  const uploadText = async (label: string) => {
    const bytes = text(`${label} `.repeat(30_000) + crypto.randomUUID());
    const file = (await owner.upload({ bytes, type: 'text/plain' })).body.data;
    return { bytes, file, hash: sha256(bytes) };
  };
  /** Whether a whole read delivered every byte intact (a cut-off response may also reject). */
  const readsWhole = (url: string, bytes: Buffer) =>
    owner.get(url).then(
      (answer) => answer.status === 200 && answer.bytes.equals(bytes),
      () => false,
    );

  it('records the CRC32C of the bytes at upload, and a duplicate upload keeps it', async () => {
    const { bytes, hash } = await uploadText('crc');
    expect(await checksumOf(hash)).toBe(storedCrc(bytes));
    expect((await owner.upload({ bytes, type: 'text/plain' })).status).toBe(201);
    expect(await checksumOf(hash)).toBe(storedCrc(bytes));
  });

  it('checks whole reads against the stored checksum, not the key', async () => {
    const { bytes, file, hash } = await uploadText('checked');
    expect(await readsWhole(file.url, bytes)).toBe(true);
    // Intact bytes under a wrong recorded checksum are refused: the check that ran is the CRC.
    await t.db
      .updateTable('blobs')
      .set({ crc32c: storedCrc(bytes) ^ 1 })
      .where('hash', '=', hash)
      .execute();
    expect(await readsWhole(file.url, bytes)).toBe(false);
    // A range is not a whole read and is not checked.
    const range = await owner.get(file.url, { range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(bytes.subarray(0, 100))).toBe(true);
    await t.db
      .updateTable('blobs')
      .set({ crc32c: storedCrc(bytes) })
      .where('hash', '=', hash)
      .execute();
  });

  it('cuts off a whole read of bytes that no longer match their checksum', async () => {
    const { bytes, file, hash } = await uploadText('rot');
    const rotten = Buffer.from(bytes);
    rotten[1000] = rotten[1000]! ^ 0x01;
    fs.writeFileSync(blobFile(hash), rotten);
    expect(await readsWhole(file.url, bytes)).toBe(false);
    expect(await readsWhole(file.url, rotten)).toBe(false);
    expect((await owner.get('/api/v1/health')).status).toBe(200);
    fs.writeFileSync(blobFile(hash), bytes);
  });

  it('gives a blob without a checksum one on its first whole read, only when its SHA-256 matches', async () => {
    const { bytes, file, hash } = await uploadText('legacy');
    await t.db.updateTable('blobs').set({ crc32c: null }).where('hash', '=', hash).execute();
    expect((await owner.get(file.url, { range: 'bytes=0-9' })).status).toBe(206);
    expect(await checksumOf(hash)).toBeNull();
    expect(await readsWhole(file.url, bytes)).toBe(true);
    expect(await checksumOf(hash)).toBe(storedCrc(bytes));

    const damaged = await uploadText('legacy damaged');
    await t.db.updateTable('blobs').set({ crc32c: null }).where('hash', '=', damaged.hash).execute();
    const rotten = Buffer.from(damaged.bytes);
    rotten[5] = rotten[5]! ^ 0x40;
    fs.writeFileSync(blobFile(damaged.hash), rotten);
    expect(await readsWhole(damaged.file.url, damaged.bytes)).toBe(false);
    expect(await checksumOf(damaged.hash)).toBeNull();
    fs.writeFileSync(blobFile(damaged.hash), damaged.bytes);
  });

  it('backfills missing checksums after checking SHA-256, and reports the damaged blob instead', async () => {
    const good = await uploadText('backfill');
    const bad = await uploadText('backfill damaged');
    await t.db
      .updateTable('blobs')
      .set({ crc32c: null })
      .where('hash', 'in', [good.hash, bad.hash])
      .execute();
    const rotten = Buffer.from(bad.bytes);
    rotten[0] = rotten[0]! ^ 0x02;
    fs.writeFileSync(blobFile(bad.hash), rotten);

    const report = await t.services.maintenance.backfillChecksums();
    expect(report.problems).toEqual([expect.objectContaining({ blob: bad.hash, problem: 'hash mismatch' })]);
    expect(await checksumOf(good.hash)).toBe(storedCrc(good.bytes));
    expect(await checksumOf(bad.hash)).toBeNull();
    fs.writeFileSync(blobFile(bad.hash), bad.bytes);
    expect((await t.services.maintenance.backfillChecksums()).problems).toEqual([]);
    expect(await checksumOf(bad.hash)).toBe(storedCrc(bad.bytes));
  });

  it('scrub re-hashes with SHA-256 and reports a damaged blob whose checksum was recorded over it', async () => {
    const victim = await uploadText('scrub');
    const rotten = Buffer.from(victim.bytes);
    rotten[rotten.length - 3] = rotten[rotten.length - 3]! ^ 0x10;
    fs.writeFileSync(blobFile(victim.hash), rotten);
    // The damage happened before the checksum was taken: whole reads now pass, only SHA-256 can tell.
    await t.db
      .updateTable('blobs')
      .set({ crc32c: storedCrc(rotten) })
      .where('hash', '=', victim.hash)
      .execute();
    expect(await readsWhole(victim.file.url, rotten)).toBe(true);

    const report = await t.services.maintenance.scrub();
    expect(report.problems).toEqual([
      expect.objectContaining({ blob: victim.hash, problem: 'hash mismatch' }),
    ]);
    const blobs = await t.db
      .selectFrom('blobs')
      .select(['hash', 'scrubbed_at'])
      .where('ref_count', '>', 0)
      .execute();
    expect(report.checkedBlobs).toBe(blobs.length);
    expect(blobs.every((b) => b.scrubbed_at !== '')).toBe(true);

    // A background slice with a small budget takes the blob checked longest ago, in one process at a time.
    const slice = await t.services.maintenance.scrubIfLeader(1);
    expect(slice?.checkedBlobs).toBe(1);
    fs.writeFileSync(blobFile(victim.hash), victim.bytes);
    await t.db
      .updateTable('blobs')
      .set({ crc32c: storedCrc(victim.bytes) })
      .where('hash', '=', victim.hash)
      .execute();
  });
});
