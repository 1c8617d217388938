import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fsyncPath } from '../fsync';
import { ensurePrivateDir } from '../private-files';
import {
  BLOB_KEY_PATTERN,
  DERIVED_NAME_PATTERN,
  DERIVED_PREFIX,
  type BlobSource,
  type BlobStore,
  type ByteRange,
} from './blob-store';

const READ_CHUNK_BYTES = 1024 * 1024;
/** A blob linked in under this suffix is renamed over its key at once; one left behind is a crash's. */
const STAGED_SUFFIX = '.staged';

/** Fans blobs out as ab/cd/<hash> so no directory grows past a few thousand entries. */
function blobName(key: string): string {
  if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key ${key}`);
  return `${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
}

function blobPath(root: string, key: string): string {
  return path.join(root, blobName(key));
}

/** Derived files live in their own tree beside the blobs' (DATA_DIR/thumbs/ab/cd/<name>), fanned out alike. */
function derivedPath(root: string, name: string): string {
  if (!DERIVED_NAME_PATTERN.test(name)) throw new Error(`Invalid derived file name ${name}`);
  return path.join(root, name.slice(0, 2), name.slice(2, 4), name);
}

export class FsBlobStore implements BlobStore {
  readonly kind = 'fs' as const;
  constructor(
    private readonly root: string,
    /** Derived files sit beside the blob folder, not inside it, so the blob tree holds nothing but blobs. */
    private readonly derivedRoot = path.join(path.dirname(root), DERIVED_PREFIX),
  ) {}

  async init(): Promise<void> {
    ensurePrivateDir(this.root);
  }

  /**
   * Links the temporary file in under a fresh name beside the key, renames that over the key and syncs the
   * folder. When the key already holds bytes they are the same bytes (the key is their hash), replaced whole
   * by an atomic rename, so new and already-stored bytes cost the same disk work and the same time: nobody
   * learns from it whether someone else holds a file (and the stored file's dates are this upload's). The
   * temporary file itself is left to its creator, who may put it again (BlobReferences.commitNewFile).
   */
  async put(key: string, source: BlobSource): Promise<void> {
    // Resumable uploads on a local disk end as a file too; only an object store stages objects.
    if (source.kind !== 'file') throw new Error('The file system store has no staged objects');
    const tempPath = source.path;
    const target = blobPath(this.root, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const staged = `${target}.${crypto.randomUUID()}${STAGED_SUFFIX}`;
    // The temporary file was fsynced when written; the link and the rename are atomic, and syncing the
    // directory makes the name itself survive a crash.
    await fsp.link(tempPath, staged);
    try {
      await fsp.rename(staged, target);
    } catch (error) {
      await fsp.rm(staged, { force: true });
      throw error;
    }
    await fsyncPath(path.dirname(target));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(blobPath(this.root, key));
      return true;
    } catch {
      return false;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = blobPath(this.root, key);
    // Open first so a missing blob rejects here rather than as a stream error mid-response.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream({
      autoClose: true,
      start: range?.start,
      end: range?.end,
      // 1 MiB reads instead of 64 KiB: a 5 MB download is 5 thread-pool jobs and 5 hash updates, not 80.
      highWaterMark: READ_CHUNK_BYTES,
    });
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(blobPath(this.root, key), { force: true });
  }

  localName(key: string): string {
    return blobName(key);
  }

  async *list(): AsyncIterable<{ key: string; size: number; modifiedAt: Date }> {
    for (const entry of await fsp.readdir(this.root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !BLOB_KEY_PATTERN.test(entry.name)) continue;
      const stat = await fsp.stat(path.join(entry.parentPath, entry.name));
      yield { key: entry.name, size: stat.size, modifiedAt: stat.mtime };
    }
  }

  async putDerived(name: string, bytes: Buffer): Promise<void> {
    const target = derivedPath(this.derivedRoot, name);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a thumbnail.
    const temp = `${target}.${crypto.randomUUID()}.tmp`;
    try {
      await fsp.writeFile(temp, bytes, { flush: true });
      await fsp.rename(temp, target);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }

  async readDerived(name: string): Promise<Readable> {
    const handle = await fsp.open(derivedPath(this.derivedRoot, name), 'r');
    return handle.createReadStream({ autoClose: true });
  }

  async deleteDerived(name: string): Promise<void> {
    await fsp.rm(derivedPath(this.derivedRoot, name), { force: true });
  }

  async *listDerived(): AsyncIterable<{ name: string; size: number; modifiedAt: Date }> {
    const entries = await fsp
      .readdir(this.derivedRoot, { recursive: true, withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || !DERIVED_NAME_PATTERN.test(entry.name)) continue;
      const stat = await fsp.stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
      if (stat) yield { name: entry.name, size: stat.size, modifiedAt: stat.mtime };
    }
  }

  async ping(): Promise<void> {
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}
