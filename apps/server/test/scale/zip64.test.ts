import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSortKey } from '@cloudstash/contract';
import { makeFolder, readZip } from '../helpers/folder-setup';
import { text } from '../helpers/fixtures';
import { signedUp, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

/** Past 65,535 entries a zip needs its ZIP64 records; a real reader must find every entry. */
const ENTRIES = 65_540;

describe('a zip of more entries than the classic format counts', () => {
  let t: TestApp;
  let owner: TestClient;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { LOG_LEVEL: 'warn' } });
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
      const link = await owner.post('/api/v1/files/zip', { folderIds: [folder] });
      const answer = await owner.get(link.body.data.url);
      expect(answer.status).toBe(200);
      expect(Number(answer.headers.get('content-length'))).toBe(answer.bytes.length);
      const entries = await readZip(answer.bytes);
      expect(entries).toHaveLength(ENTRIES);
      expect(new Set(entries.map((e) => e.name)).size).toBe(ENTRIES);
      expect(entries.every((e) => e.bytes.equals(bytes))).toBe(true);
    },
  );
});
