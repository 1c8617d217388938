import type { Readable } from 'node:stream';

/**
 * Where the bytes a `put` stores come from: a local file (written and fsynced by its creator), or an object
 * staged in the store itself under `{prefix}uploads/` (an assembled resumable upload), which only the S3
 * store has and copies into place on the server side, so the bytes never travel through this process again.
 */
export type BlobSource = { kind: 'file'; path: string } | { kind: 'staged'; name: string };

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where file bytes live, addressed by their SHA-256 (hex). Implementations: the local file system (the
 * embedded default) and any S3-compatible object store (scale-out).
 */
export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /**
   * Makes the bytes of `source` durable under `key`; returns only once they are. When `key` already holds
   * bytes, they are the same bytes (the key is their hash). The source (temporary file or staged object)
   * stays its creator's, who removes it afterwards and may put it again meanwhile: `put` never moves or
   * deletes it.
   */
  put(key: string, source: BlobSource, size: number): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The bytes of `key`, or of one inclusive range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Where the bytes of `key` sit below the store's root folder (`ab/cd/<hash>`), for a reverse proxy that
   * serves them itself (X-Accel-Redirect); only stores on a local disk have it.
   */
  localName?(key: string): string;
  /** The absolute path of the bytes of `key`, for decoders that read files themselves; local stores only. */
  localPath?(key: string): string;
  /** Every stored key with its size and last modification, for fsck and gc. */
  list(): AsyncIterable<{ key: string; size: number; modifiedAt: Date }>;
  /**
   * Files derived from a blob (its thumbnails), named by the blob's hash (`{sha256}-256.webp`) and kept apart
   * from the blobs under their own prefix (S3: `{prefix}thumbs/`; fs: a `thumbs` folder beside the blob
   * folder). A put replaces the object whole (never a torn one); they are small, so they travel as buffers.
   */
  putDerived(name: string, bytes: Buffer): Promise<void>;
  readDerived(name: string): Promise<Readable>;
  /** Removes `name`; removing a missing one is not an error. */
  deleteDerived(name: string): Promise<void>;
  /** Every derived object, for fsck and gc. */
  listDerived(): AsyncIterable<{ name: string; size: number; modifiedAt: Date }>;
  /**
   * Removes half-written names a crash left inside the store, last changed before `cutoff` (epoch ms), and
   * answers how many there were; `dryRun` only counts them. Only the local store has such names (its puts
   * link a file in beside the key, rename it over the key, and keep replaced bytes briefly); an S3 put is
   * atomic.
   */
  removeLeftovers?(cutoff: number, dryRun: boolean): Promise<number>;
  /** Throws when the store cannot be reached; used by the health check. */
  ping(): Promise<void>;
}

export const BLOB_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** `{sha256}-{variant}.{extension}`: the hash of the blob a derived file was made from comes first. */
export const DERIVED_NAME_PATTERN = /^[0-9a-f]{64}-[a-z0-9]{1,16}\.[a-z0-9]{1,8}$/;

/** The key prefix of derived files inside an S3 store's prefix, and the name of their folder on fs. */
export const DERIVED_PREFIX = 'thumbs/';

/** The key prefix, inside an S3 store's prefix, of resumable uploads in flight and of their staged objects. */
export const UPLOADS_PREFIX = 'uploads/';
