import type { BlobSource, BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import { inTransaction, nowIso, type Executor } from '../db/executor';
import * as blobs from '../repositories/blobs';
import * as files from '../repositories/files';
import type { NewFileRow } from '../repositories/files';
import { deleteThumbnailsOf } from './thumbnails/storage';

/**
 * The deduplication protocol. Three rules keep every file row backed by bytes, whatever
 * interleaves and wherever a process dies:
 *  1. A new file's bytes are put in place, then its transaction takes a reference on its blob row (the upsert
 *     locks the row), makes sure the bytes still exist under that lock, then inserts the file row. Bytes
 *     always land before the commit.
 *  2. Bytes are deleted only by `reclaim`, under the same row lock, after deleting the blob row, and only
 *     while nothing references it. An upload that waited on the lock finds the bytes gone and writes its own.
 *  3. Removing a file row and reclaiming its blob are separate transactions, so a failure after bytes are
 *     deleted can only ever roll back to a blob row that nothing references (garbage), never to a file row.
 */
export class BlobReferences {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
  ) {}

  /**
   * Commits a file whose bytes sit, hashed and durable, in `bytes.source` (a fsynced temporary file, or an
   * object staged in the store), which stays the caller's to remove afterwards. The bytes are put in place first, outside the transaction: on SQLite the transaction holds the
   * only write connection, which no upload should keep through a rename and a directory sync. A crash (or a
   * refusal by `admit`) after the put leaves bytes no row references, which gc reclaims after its grace period.
   * `admit` runs first in the transaction (the quota check) and refuses by throwing, before any lock on the
   * blob. Under the blob row's lock the bytes are checked again: a reclamation of the same key (its row had no
   * references) may have removed them since, and then they are put back from the source.
   */
  async commitNewFile(
    file: NewFileRow,
    bytes: { source: BlobSource; crc32c: number },
    admit: (trx: Executor) => Promise<void> = async () => {},
  ): Promise<void> {
    const { source } = bytes;
    await this.store.put(file.blob_hash, source, file.size);
    await inTransaction(this.db, async (trx) => {
      await admit(trx);
      await blobs.acquireBlobReference(trx, {
        hash: file.blob_hash,
        size: file.size,
        crc32c: bytes.crc32c,
        now: nowIso(),
      });
      if (!(await this.store.exists(file.blob_hash))) await this.store.put(file.blob_hash, source, file.size);
      await files.insertFile(trx, file);
    });
  }

  /**
   * Removes a file row and releases its blob reference in one transaction; the blob's hash, or undefined when
   * the row was already gone. The bytes are not touched here even when that was the last reference: a blob
   * row with no references is legal until `reclaim` (ReclaimQueue soon after, `gc` as the backstop) removes
   * it, so a delete costs the same whether or not anyone else holds the bytes.
   */
  async removeFile(fileId: string): Promise<string | undefined> {
    return inTransaction(this.db, async (trx) => {
      const released = await files.deleteFileRow(trx, fileId);
      if (released) await blobs.releaseBlobReference(trx, released);
      return released;
    });
  }

  /**
   * Gives an existing file new bytes in place (same id, links and counts), with the same order as
   * `commitNewFile`: bytes in place first, then one transaction that admits the change, references the new blob
   * and releases the old one. Answers the old blob's hash for the caller to queue for reclaiming.
   */
  async replaceContent(
    fileId: string,
    content: Parameters<typeof files.replaceFileContent>[2],
    bytes: { source: BlobSource; crc32c: number },
    admit: (trx: Executor) => Promise<void> = async () => {},
  ): Promise<string | undefined> {
    await this.store.put(content.blob_hash, bytes.source, content.size);
    return inTransaction(this.db, async (trx) => {
      await admit(trx);
      await blobs.acquireBlobReference(trx, {
        hash: content.blob_hash,
        size: content.size,
        crc32c: bytes.crc32c,
        now: nowIso(),
      });
      if (!(await this.store.exists(content.blob_hash)))
        await this.store.put(content.blob_hash, bytes.source, content.size);
      const old = await files.replaceFileContent(trx, fileId, content);
      if (old === undefined) throw new Error('file vanished during replace');
      await blobs.releaseBlobReference(trx, old);
      return old;
    });
  }

  /** A new file row on the same bytes as an existing one (a copy: nothing is read or written but rows). */
  async commitCopy(
    file: NewFileRow,
    admit: (trx: Executor) => Promise<void> = async () => {},
  ): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      await admit(trx);
      if (!(await blobs.addBlobReference(trx, file.blob_hash))) return false;
      await files.insertFile(trx, file);
      return true;
    });
  }

  /**
   * Removes many file rows in one transaction, each releasing its reference as removeFile does; the hashes they
   * released, for reclamation.
   */
  async removeFiles(fileIds: string[]): Promise<string[]> {
    return inTransaction(this.db, async (trx) => {
      const released: string[] = [];
      for (const id of fileIds) {
        const hash = await files.deleteFileRow(trx, id);
        if (hash) {
          await blobs.releaseBlobReference(trx, hash);
          released.push(hash);
        }
      }
      return released;
    });
  }

  /** Deletes an unreferenced blob's row and bytes; a no-op when someone references it again. */
  async reclaim(hash: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      if (!(await blobs.deleteBlobIfUnreferenced(trx, hash))) return false;
      await this.store.delete(hash);
      await deleteThumbnailsOf(trx, this.store, hash);
      return true;
    });
  }

  /**
   * Stored bytes that no blob row knows (left by a crash between writing bytes and committing). A tombstone
   * row with no references is committed first, so the normal `reclaim` path, with its lock, does the deletion.
   */
  async reclaimOrphanBytes(hash: string, size: number): Promise<boolean> {
    await inTransaction(this.db, async (trx) => {
      if (await blobs.findBlob(trx, hash)) return;
      await blobs.insertTombstone(trx, { hash, size, now: nowIso() });
    });
    return this.reclaim(hash);
  }
}
