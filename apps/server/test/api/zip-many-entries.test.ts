import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSortKey } from '@cloudstash/contract';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/**
 * Enough entries for a central directory past 64 KB, where the zip writer's own estimate of its length runs 76
 * bytes long (it counts ZIP64 end records it does not write): an answer that announced that length never ended.
 * ZIP_ENTRIES=65540 runs the same test past the classic format's entry count (ZIP64; about 6 minutes, each entry a
 * counted download).
 */
const ENTRIES = Number(process.env.ZIP_ENTRIES ?? 1_200);

describe('a zip of many small files', () => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    owner = await signedUp(t);
  });
  afterAll(() => t.close());

  it(
    `packs ${ENTRIES} files into one zip that a ZIP64 reader opens whole`,
    { timeout: 600_000 },
    async () => {
      const folder = await makeFolder(owner, 'Many');
      const bytes = text('x');
      const template = (await owner.upload({ bytes, name: 'x.txt', folderId: folder })).body.data._id;
      const row = await t.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', template)
        .executeTakeFirstOrThrow();
      // Rows straight into the database, each a reference to the same blob: the zip reads the bytes each time.
      for (let start = 1; start < ENTRIES; start += 2000) {
        const rows = Array.from({ length: Math.min(2000, ENTRIES - start) }, (_, i) => {
          const name = `file ${start + i}`;
          return { ...row, id: crypto.randomUUID(), filename: name, filename_key: nameSortKey(name) };
        });
        await t.db.insertInto('files').values(rows).execute();
        await t.db
          .updateTable('blobs')
          .set((eb) => ({ ref_count: eb('ref_count', '+', rows.length) }))
          .where('hash', '=', row.blob_hash)
          .execute();
      }
      // The bulk insert kept this process busy for longer than the server keeps an idle connection: the first
      // request after it may be written to a socket the server has closed meanwhile, and is sent again once.
      const ask = () => owner.post('/api/v1/files/zip', { folderIds: [folder] });
      const link = await ask().catch(ask);
      const answer = await owner.get(link.body.data.url);
      expect(answer.status).toBe(200);
      const entries = await readZip(answer.bytes);
      expect(entries).toHaveLength(ENTRIES);
      expect(new Set(entries.map((e) => e.name)).size).toBe(ENTRIES);
      expect(entries.every((e) => e.bytes.equals(bytes))).toBe(true);
    },
  );
});
