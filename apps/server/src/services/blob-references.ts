import type { BlobSource, BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import { inTransaction, type Executor } from '../db/executor';
import * as blobs from '../repositories/blobs';
import { removePropertiesOf } from '../repositories/dav-properties';
import * as files from '../repositories/files';
import type { FileBytes, NewFileRow } from '../repositories/files';
import * as versions from '../repositories/file-versions';
import type { FileVersionRow } from '../repositories/file-versions';
import * as trash from '../repositories/trash';
import { deleteThumbnailsOf } from './thumbnails/storage';
import { isoNow, type Clock } from './clock';

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
    private readonly clock: Clock,
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
        now: isoNow(this.clock),
      });
      if (!(await this.store.exists(file.blob_hash))) await this.store.put(file.blob_hash, source, file.size);
      await files.insertFile(trx, file);
    });
  }

  /**
   * Removes a file row and its kept versions, releasing each one's blob reference, in one transaction; the
   * blobs' hashes (none when the row was already gone). The bytes are not touched here even when that was the
   * last reference: a blob row with no references is legal until `reclaim` (ReclaimQueue soon after, `gc` as
   * the backstop) removes it, so a delete costs the same whether or not anyone else holds the bytes.
   */
  async removeFile(fileId: string): Promise<string[]> {
    return this.removeFiles([fileId]);
  }

  /**
   * Points a file at new bytes that sit, hashed and durable, in `bytes.source`, by the same steps as a new
   * file (rule 1: bytes put first, then under the blob row's lock checked again). `plan` runs first in the
   * transaction, with the file's current bytes under its row lock: it refuses by throwing (the quota check),
   * and says whether the current bytes become a version (their reference moves to it, no count changes) and
   * which versions go (their references are released). Answers the released hashes for reclamation, or
   * 'unchanged' when the file already holds these bytes; a file that is gone throws `gone()`.
   */
  async replaceFileBytes(
    fileId: string,
    bytes: {
      source: BlobSource;
      crc32c: number;
      hash: string;
      size: number;
      mimetype: string;
      category: string;
      /** A WebDAV client's time for the new bytes; null: their upload's own. */
      clientMtime: string | null;
    },
    now: string,
    plan: (trx: Executor, current: FileBytes) => Promise<{ version?: FileVersionRow; drop: string[] }>,
    gone: () => Error,
  ): Promise<string[] | 'unchanged'> {
    await this.store.put(bytes.hash, bytes.source, bytes.size);
    return inTransaction(this.db, async (trx) => {
      const current = await files.lockFileBytes(trx, fileId);
      if (!current) throw gone();
      if (current.blob_hash === bytes.hash) return 'unchanged';
      const settled = await plan(trx, current);
      await blobs.acquireBlobReference(trx, {
        hash: bytes.hash,
        size: bytes.size,
        crc32c: bytes.crc32c,
        now,
      });
      if (!(await this.store.exists(bytes.hash))) await this.store.put(bytes.hash, bytes.source, bytes.size);
      const { hash, size, mimetype, category, clientMtime } = bytes;
      const row = { blob_hash: hash, size, mimetype, category, client_mtime: clientMtime };
      await files.setFileBytes(trx, fileId, row, now);
      return this.settleVersions(trx, current, settled);
    });
  }

  /**
   * Makes a kept version the file's bytes again: the version's reference moves to the file, and the file's to
   * the version `plan` builds of its current bytes (under the file's row lock), so no count changes; without
   * one it is released, like those of the versions `plan` says go. Answers the released hashes; throws
   * `gone()` when the file or the version no longer exists.
   */
  async restoreVersion(
    fileId: string,
    versionId: string,
    now: string,
    plan: (trx: Executor, current: FileBytes) => Promise<{ version?: FileVersionRow; drop: string[] }>,
    gone: () => Error,
  ): Promise<string[]> {
    return inTransaction(this.db, async (trx) => {
      const current = await files.lockFileBytes(trx, fileId);
      const restored = current && (await versions.findVersion(trx, fileId, versionId));
      if (!current || !restored || !(await versions.deleteVersionRow(trx, versionId))) throw gone();
      const settled = await plan(trx, current);
      const { blob_hash, size, mimetype, category } = restored;
      await files.setFileBytes(trx, fileId, { blob_hash, size, mimetype, category, client_mtime: null }, now);
      return this.settleVersions(trx, current, settled);
    });
  }

  /**
   * After a file's bytes changed: its previous bytes become `version` (the file's reference moves to it) or,
   * without one, are released; the versions in `drop` go and release theirs. The released hashes.
   */
  private async settleVersions(
    trx: Executor,
    previous: FileBytes,
    { version, drop }: { version?: FileVersionRow; drop: string[] },
  ): Promise<string[]> {
    const released: string[] = [];
    if (version) await versions.insertVersion(trx, version);
    else released.push(previous.blob_hash);
    for (const id of drop) {
      const dropped = await versions.deleteVersionRow(trx, id);
      if (dropped) released.push(dropped);
    }
    for (const hash of released) await blobs.releaseBlobReference(trx, hash);
    return released;
  }

  /** Deletes a kept version and releases its blob reference; its hash, or undefined when it was gone. */
  async removeVersion(versionId: string): Promise<string | undefined> {
    return inTransaction(this.db, async (trx) => {
      const released = await versions.deleteVersionRow(trx, versionId);
      if (released) await blobs.releaseBlobReference(trx, released);
      return released;
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
   * Removes many file rows in one transaction, each with its kept versions as removeFile does; the hashes they
   * released, for reclamation.
   */
  async removeFiles(fileIds: string[]): Promise<string[]> {
    return inTransaction(this.db, async (trx) => {
      await removePropertiesOf(
        trx,
        fileIds.map((id) => `file:${id}`),
      );
      const released: string[] = [];
      for (const id of fileIds) {
        released.push(...(await versions.deleteVersionsOfFile(trx, id)));
        const hash = await files.deleteFileRow(trx, id);
        if (hash) released.push(hash);
      }
      for (const hash of released) await blobs.releaseBlobReference(trx, hash);
      return released;
    });
  }

  /**
   * Deletes a trash entry for good, releasing the references it held (its files' and their versions' bytes);
   * the released hashes, or undefined when the entry was already gone (restored or purged by another request).
   */
  async releaseTrashEntry(entryId: string): Promise<string[] | undefined> {
    return inTransaction(this.db, async (trx) => {
      const taken = await trash.deleteEntry(trx, entryId);
      if (!taken) return undefined;
      for (const hash of taken.blobHashes) await blobs.releaseBlobReference(trx, hash);
      return taken.blobHashes;
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
      await blobs.insertTombstone(trx, { hash, size, now: isoNow(this.clock) });
    });
    return this.reclaim(hash);
  }
}
