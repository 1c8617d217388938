import crypto from 'node:crypto';
import {
  MESSAGES,
  VERSION_MESSAGES,
  fileCategory,
  savedFilename,
  type FileVersion,
  type StoredFile,
} from '@cloudstash/contract';
import type { BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import type { Executor } from '../db/executor';
import { AppError, notFound } from '../errors';
import * as versions from '../repositories/file-versions';
import type { FileVersionRow, FileVersionWithReplacer } from '../repositories/file-versions';
import type { FileBytes } from '../repositories/files';
import type { UploadHooks } from '../upload/hooks';
import type { BlobReferences } from './blob-references';
import { isoNow, type Clock } from './clock';
import { requireFileAccess } from './access-policy';
import { contentOf, type FileContent, type Files, type ReceivedUpload } from './files';
import type { Quotas } from './quotas';
import type { ReclaimQueue } from './reclaim-queue';
import type { Viewer } from './sessions';
import type { Thumbnails } from './thumbnails/thumbnails';
import type { VersionSettings } from './version-settings';

const versionGone = () => new AppError('NOT_FOUND', VERSION_MESSAGES.versionNotFound);

/** What a change of a file's bytes does to its versions, and the bytes it frees from the owner's usage. */
interface VersionPlan {
  version?: FileVersionRow;
  drop: string[];
  freedBytes: number;
}

function presentVersion(
  row: FileVersionWithReplacer,
  file: { filename: string; exact_name?: number },
): FileVersion {
  return {
    _id: row.id,
    size: Number(row.size),
    mimetype: row.mimetype,
    downloadName: savedFilename(file.filename, row.mimetype, file.exact_name === 1),
    createdAt: row.created_at,
    replacedBy:
      row.replaced_by && row.replaced_by_name !== null
        ? { _id: row.replaced_by, name: row.replaced_by_name }
        : null,
  };
}

/**
 * Replacing a file's bytes and the earlier versions that keeps. The file keeps its id, name, links, visibility
 * and download count; its size, type, thumbnail and updatedAt follow the new bytes. Its previous bytes become a
 * version (VERSIONS_KEEP of them per file, oldest dropped first; none at 0), holding a blob reference like a file,
 * so versions count against their owner's quota, and bytes stored for anything else cost nothing more.
 * Everything about a file's versions is its owner's alone: anyone else is told the file does not exist.
 */
export class FileVersions {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly references: BlobReferences,
    private readonly reclaims: ReclaimQueue,
    private readonly thumbnails: Thumbnails,
    private readonly quotas: Quotas,
    private readonly settings: VersionSettings,
    private readonly files: Files,
    private readonly clock: Clock,
    private readonly hooks: UploadHooks,
  ) {}

  /**
   * Refuses a replacement before its body is read: a file the viewer may not replace, or new bytes of at least
   * `smallestFileBytes` that cannot fit the quota beside what the replacement frees.
   */
  async admitReplacement(viewer: Viewer, fileId: string, smallestFileBytes: number): Promise<void> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'write');
    const freed = (await this.settings.keep()) === 0 ? file.size : 0;
    await this.quotas.assertRoom(file.owner_id, smallestFileBytes - freed);
  }

  /**
   * Gives a file new bytes through the one upload path: the type comes from the bytes and follows the upload
   * rules, the quota is checked inside the commit, and the bytes are stored once however many hold them. Bytes
   * equal to the file's current bytes change nothing and make no version.
   */
  async replaceContent(viewer: Viewer, fileId: string, { file }: ReceivedUpload): Promise<StoredFile> {
    if (file.size === 0) throw new AppError('EMPTY_FILE', MESSAGES.emptyFile);
    await this.replaceBytes(viewer, fileId, file, null);
    return this.files.get(viewer, fileId);
  }

  /**
   * New bytes for the file a WebDAV client wrote over by name: the same path as `replaceContent`, except that
   * empty bytes are a file's bytes like any others there, and the client's modification time is kept.
   */
  async replaceNamed(
    viewer: Viewer,
    fileId: string,
    file: ReceivedUpload['file'],
    clientMtime: string | null,
  ): Promise<void> {
    await this.replaceBytes(viewer, fileId, file, clientMtime);
  }

  private async replaceBytes(
    viewer: Viewer,
    fileId: string,
    file: ReceivedUpload['file'],
    clientMtime: string | null,
  ): Promise<void> {
    const before = await requireFileAccess(this.db, viewer, fileId, 'write');
    // The same type rule as a new file's (the instance's media-only or any-type setting included).
    const { mimetype } = await this.files.acceptedType({
      head: file.head,
      text: file,
      declaredType: file.declaredType,
      originalName: file.originalName,
    });
    const now = isoNow(this.clock);
    const bytes = { ...file, mimetype, category: fileCategory(mimetype), clientMtime };
    const outcome = await this.references.replaceFileBytes(
      fileId,
      bytes,
      now,
      async (trx, current) => {
        const plan = await this.plan(trx, current, viewer, now);
        const added = file.size - plan.freedBytes;
        // A replacement that frees as much as it adds fits, even in an account already over its quota.
        if (added > 0) await this.quotas.reserve(trx, current.owner_id, added);
        return plan;
      },
      notFound,
    );
    if (outcome !== 'unchanged') {
      for (const hash of outcome) this.reclaims.add(hash);
      this.hooks.afterCommit?.();
      await this.thumbnails.requestFor({ id: fileId, mimetype, owner_id: before.owner_id });
    }
  }

  /** A file's kept versions, newest first. */
  async list(viewer: Viewer, fileId: string): Promise<FileVersion[]> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'own');
    return (await versions.listVersions(this.db, fileId)).map((row) => presentVersion(row, file));
  }

  /** The bytes of one version, to download; nothing is read until `read` is called. */
  async openContent(viewer: Viewer, fileId: string, versionId: string): Promise<FileContent> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'own');
    const version = await versions.findVersion(this.db, fileId, versionId);
    if (!version) throw versionGone();
    const { blob_hash, size, mimetype, category, blob_crc32c } = version;
    return contentOf(this.db, this.store, {
      ...file,
      blob_hash,
      size: Number(size),
      mimetype,
      category,
      blob_crc32c,
    });
  }

  /** Makes a version the file's bytes again; the current bytes become a version in turn. */
  async restore(viewer: Viewer, fileId: string, versionId: string): Promise<StoredFile> {
    const before = await requireFileAccess(this.db, viewer, fileId, 'own');
    const now = isoNow(this.clock);
    // The restored version stops counting as the file's bytes start to: the usage never grows.
    const released = await this.references.restoreVersion(
      fileId,
      versionId,
      now,
      (trx, current) => this.plan(trx, current, viewer, now),
      versionGone,
    );
    for (const hash of released) this.reclaims.add(hash);
    const restored = await this.files.get(viewer, fileId);
    await this.thumbnails.requestFor({ id: fileId, mimetype: restored.mimetype, owner_id: before.owner_id });
    return this.files.get(viewer, fileId);
  }

  async remove(viewer: Viewer, fileId: string, versionId: string): Promise<void> {
    await requireFileAccess(this.db, viewer, fileId, 'own');
    if (!(await versions.findVersion(this.db, fileId, versionId))) throw versionGone();
    const hash = await this.references.removeVersion(versionId);
    if (hash) this.reclaims.add(hash);
  }

  /**
   * The file's current bytes become the newest version, unless the instance keeps none; the oldest versions
   * beyond VERSIONS_KEEP go. Versions are ordered by their creation time, kept strictly increasing per file so
   * that the order holds even when the clock has not moved (or stepped back) since the last one.
   */
  private async plan(trx: Executor, current: FileBytes, viewer: Viewer, now: string): Promise<VersionPlan> {
    const keep = await this.settings.keep(trx);
    const existing = await versions.listVersions(trx, current.id);
    const stays = Math.max(keep - 1, 0);
    const dropped = existing.slice(stays);
    const freedBytes =
      dropped.reduce((sum, row) => sum + Number(row.size), 0) + (keep === 0 ? Number(current.size) : 0);
    const drop = dropped.map((row) => row.id);
    if (keep === 0) return { drop, freedBytes };
    const newest = existing[0]?.created_at;
    const createdAt = newest && newest >= now ? new Date(Date.parse(newest) + 1).toISOString() : now;
    return {
      version: {
        id: crypto.randomUUID(),
        file_id: current.id,
        owner_id: current.owner_id,
        blob_hash: current.blob_hash,
        size: Number(current.size),
        mimetype: current.mimetype,
        category: current.category,
        replaced_by: viewer.id,
        created_at: createdAt,
      },
      drop,
      freedBytes,
    };
  }
}
