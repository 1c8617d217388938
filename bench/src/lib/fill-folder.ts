import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { nameSortKey } from '@cloudstash/contract';

/**
 * Copies of one uploaded file's row straight into the database, `count` of them in the folder, each holding a
 * reference to the same blob: a folder of 10,000 files in seconds instead of 10,000 uploads. The maintained totals
 * follow through their triggers, as for any insert.
 */
export function fillFolder(dbFile: string, templateId: string, folderId: string, count: number) {
  const db = new SQLite(dbFile);
  try {
    const template = db.prepare('select * from files where id = ?').get(templateId) as Record<
      string,
      unknown
    >;
    const insert = db.prepare(
      `insert into files (id, owner_id, blob_hash, filename, filename_key, mimetype, category, size, is_public,
        download_count, created_at, updated_at, folder_id) values (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const name = `file ${String(i).padStart(5, '0')}`;
        const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
        insert.run(
          crypto.randomUUID(),
          template.owner_id,
          template.blob_hash,
          name,
          nameSortKey(name),
          template.mimetype,
          template.category,
          template.size,
          at,
          at,
          folderId,
        );
      }
      db.prepare('update blobs set ref_count = ref_count + ? where hash = ?').run(count, template.blob_hash);
    })();
  } finally {
    db.close();
  }
}
