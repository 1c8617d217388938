import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
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
import { FileRangeStream } from './file-range-stream';

const openFile = promisify(fs.open);
const fstat = promisify(fs.fstat);

/** A blob linked in under this suffix is renamed over its key at once; one left behind is a crash's. */
const STAGED_SUFFIX = '.staged';
/**
 * Bytes replaced by a put keep a name in this folder until they are freed (keepReplaced). It sits beside the
 * blob folder, like the derived files, so the blob tree holds nothing but blobs.
 */
const REPLACED_DIR = 'replaced';
const REPLACED_KEPT_MS = 2000;
/** A folder made in the replaced folder in place of a blob folder that already existed (makeFolders). */
const STAND_IN_SUFFIX = '.stand-in';
/** A derived file written aside under this suffix is renamed into place at once; likewise. */
const WRITING_SUFFIX = '.tmp';

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
  private replacedRootReady: Promise<unknown> | undefined;
  /** Replaced bytes this process will free shortly: not a crash's leftovers. */
  private readonly freeing = new Set<string>();
  constructor(
    private readonly root: string,
    /** Derived files sit beside the blob folder, not inside it, so the blob tree holds nothing but blobs. */
    private readonly derivedRoot = path.join(path.dirname(root), DERIVED_PREFIX),
    private readonly replacedRoot = path.join(path.dirname(root), REPLACED_DIR),
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
    const standIns = await this.makeFolders(target);
    const staged = `${target}.${crypto.randomUUID()}${STAGED_SUFFIX}`;
    // The temporary file was fsynced when written; the link and the rename are atomic, and syncing the
    // directory makes the name itself survive a crash.
    await fsp.link(tempPath, staged);
    const replaced = await this.keepReplaced(target);
    try {
      await fsp.rename(staged, target);
    } catch (error) {
      await fsp.rm(staged, { force: true });
      for (const name of [replaced, ...standIns])
        if (name) await fsp.rm(name, { force: true, recursive: true });
      throw error;
    }
    await fsyncPath(path.dirname(target));
    for (const name of [replaced, ...standIns]) if (name) this.freeLater(name);
  }

  /** Removes a replaced blob or a stand-in folder a moment from now, off the request's path. */
  private freeLater(name: string): void {
    this.freeing.add(name);
    setTimeout(() => {
      void fsp.rm(name, { force: true, recursive: true }).finally(() => this.freeing.delete(name));
    }, REPLACED_KEPT_MS).unref();
  }

  /**
   * Makes the blob's two folders (ab/ and ab/cd/) where they are missing, and a stand-in folder in the replaced
   * folder for each that was there already, so every put makes two folders. Making one costs about half a
   * millisecond more on ext4 than finding it: new bytes, whose folders seldom exist yet, would otherwise be
   * slower to upload than bytes someone else holds. The stand-ins are removed a moment later, like replaced
   * bytes.
   */
  private async makeFolders(target: string): Promise<string[]> {
    const leaf = path.dirname(target);
    let found = 0;
    for (const folder of [path.dirname(leaf), leaf]) {
      try {
        await fsp.mkdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        found += 1;
      }
    }
    await this.replacedRootIsReady();
    const standIns = Array.from({ length: found }, () =>
      path.join(this.replacedRoot, `${crypto.randomUUID()}${STAND_IN_SUFFIX}`),
    );
    for (const standIn of standIns) await fsp.mkdir(standIn);
    return standIns;
  }

  private async replacedRootIsReady(): Promise<void> {
    this.replacedRootReady ??= fsp.mkdir(this.replacedRoot, { recursive: true }).catch((error) => {
      this.replacedRootReady = undefined;
      throw error;
    });
    await this.replacedRootReady;
  }

  /**
   * A rename over bytes already stored frees their blocks inside the rename, which took about 4 ms for 4 MiB
   * on ext4 against 0.1 ms for a rename to a new name: enough for an uploader to tell that someone else holds
   * the file. So the bytes being replaced get a second name first and are freed a moment later, off the
   * request's path; for new bytes the same attempt finds nothing, as cheaply. gc removes names a crash left.
   */
  private async keepReplaced(target: string): Promise<string | undefined> {
    await this.replacedRootIsReady();
    const name = path.join(this.replacedRoot, crypto.randomUUID());
    try {
      await fsp.link(target, name);
      return name;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOENT: new bytes, nothing to keep. EXDEV: the blob folder is a mount of its own, where no second name
      // can be made beside it; the put still works, without this evening-out.
      if (code === 'ENOENT' || code === 'EXDEV') return undefined;
      throw error;
    }
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
    // Open first so a missing blob rejects here rather than as a stream error mid-response.
    const fd = await openFile(blobPath(this.root, key), 'r');
    try {
      const end = range ? range.end : (await fstat(fd)).size - 1;
      return new FileRangeStream(fd, range?.start ?? 0, end);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(blobPath(this.root, key), { force: true });
  }

  localName(key: string): string {
    return blobName(key);
  }

  localPath(key: string): string {
    return blobPath(this.root, key);
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
    const temp = `${target}.${crypto.randomUUID()}${WRITING_SUFFIX}`;
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

  async removeLeftovers(cutoff: number, dryRun: boolean): Promise<number> {
    let removed = 0;
    for (const file of await this.leftoverCandidates()) {
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs > cutoff) continue;
      if (!dryRun) await fsp.rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * Staged links, half-written thumbnails, and replaced bytes and stand-in folders that this process is not about
   * to free.
   */
  private async leftoverCandidates(): Promise<string[]> {
    const pathsUnder = async (root: string, wanted: (entry: fs.Dirent) => boolean) =>
      (await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter(wanted)
        .map((entry) => path.join(entry.parentPath, entry.name));
    const replaced = (entry: fs.Dirent) =>
      entry.isFile() || (entry.isDirectory() && entry.name.endsWith(STAND_IN_SUFFIX));
    return [
      ...(await pathsUnder(this.root, (entry) => entry.isFile() && entry.name.endsWith(STAGED_SUFFIX))),
      ...(await pathsUnder(
        this.derivedRoot,
        (entry) => entry.isFile() && entry.name.endsWith(WRITING_SUFFIX),
      )),
      ...(await pathsUnder(this.replacedRoot, replaced)).filter((name) => !this.freeing.has(name)),
    ];
  }

  async ping(): Promise<void> {
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}
