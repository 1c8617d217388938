import crypto from 'node:crypto';
import {
  FOLDER_MESSAGES,
  LINK_MESSAGES,
  MESSAGES,
  cleanFilename,
  isStorableExactName,
  exactUploadName,
  uploadFilename,
  fileCategory,
  updateFileBodySchema,
  type UploadedType,
  type FileListParams,
  type StoredFile,
} from '@cloudstash/contract';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { BlobSource, BlobStore, ByteRange } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import { AppError, notFound } from '../errors';
import * as files from '../repositories/files';
import type { FileScope, FileWithBlob } from '../repositories/files';
import { setBlobChecksum } from '../repositories/blobs';
import { editsSharedItems } from '../repositories/shares';
import { claimRequestUpload } from '../repositories/share-links';
import type { TextEvidence } from '../upload/detect-type';
import type { UploadHooks } from '../upload/hooks';
import type { InspectedBytes } from '../upload/ingest';
import type { BlobReferences } from './blob-references';
import { isoNow, type Clock } from './clock';
import type { SignedUrls } from './signed-urls';
import type { ReclaimQueue } from './reclaim-queue';
import {
  audienceFor,
  fileItem,
  mayUseTop,
  permissionsFor,
  requireContentAccess,
  requireFileAccess,
  requireFolderAccess,
  sameTree,
  searchesEmail,
} from './access-policy';
import { presentFile } from './presenters';
import type { Quotas } from './quotas';
import type { Viewer } from './sessions';
import type { Thumbnails } from './thumbnails/thumbnails';
import { pathsTo } from './folder-paths';
import { acceptedUploadType } from './upload-type-rules';
import type { Trash } from './trash';
import type { UploadTypes } from './upload-types';

/** A file arriving through an upload link: the link, what the file will say of its sender, and its name. */
/** An upload through a link: the link, what the file says of its sender, and the name the sender gave. */
export interface ThroughRequest {
  id: string;
  note: string;
  uploaderName: string;
}

/** Who puts a file here: the viewer, through the app they signed in with (an access token names it). */
const uploaderOf = (viewer: Viewer) => ({ uploader_id: viewer.id, upload_client: viewer.client ?? null });

export interface ReceivedUpload {
  /**
   * `folderId`: where the file goes (absent or null: the top). `uploaderName`: the name a visitor of an upload
   * link gave; `request`: the link it came through, whose limits it is claimed against.
   */
  fields: {
    filename?: string;
    isPublic?: boolean;
    folderId?: string | null;
    uploaderName?: string;
    request?: ThroughRequest;
  };
  /** What the bytes showed, and where they wait to be stored (a temporary file, or an object staged in S3). */
  file: InspectedBytes & { source: BlobSource; declaredType?: string; originalName?: string };
}

/** A file the viewer may see, and its bytes to read: all of them, or one inclusive range. */
export interface FileContent {
  file: FileWithBlob;
  read(range?: ByteRange): Promise<Readable>;
  /** Keeps the checksum of bytes a whole read found to match their SHA-256, for the reads after it. */
  recordChecksum(crc32c: number): Promise<void>;
  /** The bytes' name below the local store's root, for a reverse proxy to send them; undefined on S3. */
  localName: string | undefined;
}

/** The content of a file already allowed to the viewer. */
export function contentOf(db: Db, store: BlobStore, file: FileWithBlob): FileContent {
  return {
    file,
    read: (range) => store.read(file.blob_hash, range),
    recordChecksum: (crc32c) => setBlobChecksum(db, file.blob_hash, crc32c),
    localName: store.localName?.(file.blob_hash),
  };
}

type UpdateInput = z.output<typeof updateFileBodySchema>;

/** Where a file written by name goes: its exact name, and the file it replaces if one holds that name. */
export interface NamedTarget {
  name: string;
  /** The folder it goes in; null for the top level. */
  folderId: string | null;
  /** ISO time the client says the bytes were last modified. */
  clientMtime?: string | null;
}

/** What a copy keeps of its source: the bytes and what they are, and the client's modification time. */
const pickCopied = (source: files.FileRow) => ({
  blob_hash: source.blob_hash,
  mimetype: source.mimetype,
  category: source.category,
  size: source.size,
  client_mtime: source.client_mtime ?? null,
});

/** A file an upload link can no longer take (its file or byte limit reached meanwhile, or it closed). */
const requestFull = () => new AppError('NOT_FOUND', LINK_MESSAGES.linkUnavailable);

export class Files {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly references: BlobReferences,
    private readonly signedUrls: SignedUrls,
    private readonly reclaims: ReclaimQueue,
    private readonly thumbnails: Thumbnails,
    private readonly quotas: Quotas,
    private readonly searchCountLimit: number,
    private readonly hooks: UploadHooks,
    private readonly uploadTypes: UploadTypes,
    private readonly trash: Trash,
    private readonly clock: Clock,
  ) {}

  /** The type a file with these first bytes is stored as under this instance's setting, or a 415. */
  async acceptedType(bytes: {
    head: Buffer;
    text: TextEvidence;
    declaredType?: string;
    originalName?: string;
  }): Promise<UploadedType> {
    return acceptedUploadType(await this.uploadTypes.mode(), bytes);
  }

  /**
   * Refuses an upload of at least `bytes` that cannot fit the viewer's quota, before its body is read. The
   * folder it goes to is not known yet: someone who may edit another's shared folder, whose bytes count against
   * that owner, is let through to the check made when the file is stored.
   */
  async assertRoomFor(viewer: Viewer, bytes: number): Promise<void> {
    try {
      await this.quotas.assertRoom(viewer.id, bytes);
    } catch (error) {
      if (await editsSharedItems(this.db, viewer.id)) return;
      throw error;
    }
  }

  /**
   * Turns streamed bytes into a file. The type comes from the bytes, by the instance's setting
   * (upload-type-rules.ts); the bytes are stored once however many people upload them, and the answer is the
   * same either way (no one learns what others hold).
   */
  async upload(viewer: Viewer, { fields, file }: ReceivedUpload): Promise<StoredFile> {
    if (file.size === 0) throw new AppError('EMPTY_FILE', MESSAGES.emptyFile);
    const mode = await this.uploadTypes.mode();
    const type = await acceptedUploadType(mode, {
      head: file.head,
      text: file,
      declaredType: file.declaredType,
      originalName: file.originalName,
    });
    const { mimetype } = type;
    const ownerId = await this.uploadOwner(viewer, fields.folderId);
    const folder = await this.requireTargetFolder(viewer, ownerId, fields.folderId);

    const now = isoNow(this.clock);
    // On a drive (any type) a name is what the person gave, extension included, whatever the bytes look like;
    // the spec's default instance names an upload by its type, as the spec has it.
    const exact = mode === 'any';
    const name = exact
      ? exactUploadName(fields.filename, file.originalName)
      : uploadFilename(fields.filename, file.originalName, type);
    const request = fields.request;
    const row: files.NewFileRow = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      blob_hash: file.hash,
      // What a visitor sends never takes the place of a file already there: it is numbered beside it.
      filename: request ? await this.freeName(ownerId, folder?.id ?? null, name) : name,
      mimetype,
      category: fileCategory(mimetype),
      size: file.size,
      is_public: fields.isPublic ? 1 : 0,
      download_count: 0,
      created_at: now,
      updated_at: now,
      folder_id: folder?.id ?? null,
      exact_name: exact ? 1 : 0,
      ...(request
        ? { request_id: request.id, upload_note: request.note, uploader_name: request.uploaderName }
        : uploaderOf(viewer)),
    };
    await this.references.commitNewFile(row, file, async (trx) => {
      await this.quotas.reserve(trx, ownerId, row.size);
      if (request && !(await claimRequestUpload(trx, request.id, row.size, now))) throw requestFull();
    });
    this.hooks.afterCommit?.();
    await this.thumbnails.requestFor(row);
    return this.get(viewer, row.id);
  }

  /**
   * A new file written by name (a WebDAV PUT): listed under exactly `target.name`, empty or not, with the type
   * rule, the size limit (the caller's ingest) and the quota of every upload. New bytes for an existing name go
   * through FileVersions.replaceNamed instead.
   */
  async writeNamed(
    viewer: Viewer,
    target: NamedTarget,
    file: InspectedBytes & { source: BlobSource },
  ): Promise<{ id: string; blobHash: string }> {
    assertStorableName(target.name);
    // The instance's type rule, as for every upload; the name is the client's and decides no more than
    // an uploaded file's name does, and its declared type is whatever its platform guessed.
    const { mimetype } = await this.acceptedType({ head: file.head, text: file, originalName: target.name });
    const ownerId = await this.uploadOwner(viewer, target.folderId);
    const now = isoNow(this.clock);
    const clientMtime = target.clientMtime ?? null;
    const row: files.NewFileRow = {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      blob_hash: file.hash,
      filename: target.name,
      folder_id: target.folderId,
      mimetype,
      category: fileCategory(mimetype),
      size: file.size,
      is_public: 0,
      download_count: 0,
      created_at: now,
      updated_at: now,
      client_mtime: clientMtime,
      exact_name: 1,
      ...uploaderOf(viewer),
    };
    await this.references.commitNewFile(row, file, (trx) => this.quotas.reserve(trx, ownerId, row.size));
    this.hooks.afterCommit?.();
    await this.thumbnails.requestFor(row);
    return { id: row.id, blobHash: row.blob_hash };
  }

  /**
   * A copy of a file the viewer may see, under an exact name in a folder they may write to: a new reference to
   * the same bytes, the folder owner's.
   */
  async copyNamed(viewer: Viewer, sourceId: string, target: NamedTarget): Promise<string> {
    assertStorableName(target.name);
    const source = await requireFileAccess(this.db, viewer, sourceId, 'view');
    const ownerId = await this.uploadOwner(viewer, target.folderId);
    const now = isoNow(this.clock);
    const row: files.NewFileRow = {
      ...pickCopied(source),
      id: crypto.randomUUID(),
      owner_id: ownerId,
      filename: target.name,
      folder_id: target.folderId,
      is_public: 0,
      download_count: 0,
      created_at: now,
      updated_at: now,
      exact_name: 1,
      ...uploaderOf(viewer),
    };
    const copied = await this.references.commitCopy(row, (trx) =>
      this.quotas.reserve(trx, ownerId, row.size),
    );
    if (!copied) throw new AppError('NOT_FOUND', MESSAGES.fileNotFound);
    await this.thumbnails.requestFor(row);
    return row.id;
  }

  /** A WebDAV rename or move: the file keeps its id, links and counts under its new exact name. */
  async renameExact(viewer: Viewer, fileId: string, target: NamedTarget): Promise<void> {
    assertStorableName(target.name);
    const file = await requireFileAccess(this.db, viewer, fileId, 'move');
    if (target.folderId !== file.folder_id)
      await this.requireTargetFolder(viewer, file.owner_id, target.folderId);
    await files.renameFileExact(
      this.db,
      fileId,
      { filename: target.name, folder_id: target.folderId },
      isoNow(this.clock),
    );
  }

  /** The client's modification time for the file (X-OC-Mtime, Win32LastModifiedTime). */
  async setClientMtime(viewer: Viewer, fileId: string, mtime: string): Promise<void> {
    await requireFileAccess(this.db, viewer, fileId, 'write');
    await files.setClientMtime(this.db, fileId, mtime);
  }

  async get(viewer: Viewer, fileId: string): Promise<StoredFile> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'view');
    const permissions = (await permissionsFor(this.db, viewer, [fileItem(file)])).get(file.id)!;
    return { ...presentFile(file, audienceFor(viewer, file)), permissions };
  }

  /** The bytes of a file the viewer may see; nothing is read until `read` is called. */
  async openContent(viewer: Viewer, fileId: string): Promise<FileContent> {
    const file = await requireContentAccess(this.db, viewer, fileId);
    return contentOf(this.db, this.store, file);
  }

  async update(viewer: Viewer, fileId: string, input: UpdateInput): Promise<StoredFile> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'view');
    // A new name is cleaned exactly like an uploaded one: no controls, line breaks, direction tricks or paths.
    const filename = input.filename === undefined ? file.filename : cleanFilename(input.filename);
    if (!filename) {
      throw new AppError('VALIDATION_FAILED', MESSAGES.editFilenameRequired, [
        { path: 'filename', message: MESSAGES.editFilenameRequired },
      ]);
    }
    // Each change asks the policy on its own: an administrator may publish anyone's file (moderation) but not
    // rename it; an editor of a shared folder may rename and move within it but not publish.
    const changes: files.FileChanges = { filename };
    if (filename !== file.filename) await requireFileAccess(this.db, viewer, fileId, 'write');
    if (input.isPublic !== undefined && (input.isPublic ? 1 : 0) !== file.is_public) {
      await requireFileAccess(this.db, viewer, fileId, 'moderate');
      changes.is_public = input.isPublic ? 1 : 0;
    }
    if (input.folderId !== undefined && input.folderId !== file.folder_id) {
      await requireFileAccess(this.db, viewer, fileId, 'move');
      changes.folder_id = (await this.requireTargetFolder(viewer, file.owner_id, input.folderId))?.id ?? null;
    }
    await files.updateFileRow(this.db, fileId, changes, isoNow(this.clock));
    return this.get(viewer, fileId);
  }

  /**
   * A folder files may be put in for their owner: one the viewer may write to, of the same owner's tree. null is
   * the top, which only the owner's own files may reach.
   */
  async requireTargetFolder(viewer: Viewer, ownerId: string, folderId: string | null | undefined) {
    if (folderId === null || folderId === undefined) {
      if (!mayUseTop(viewer, ownerId)) throw new AppError('FORBIDDEN', MESSAGES.notYourFile);
      return null;
    }
    const folder = await requireFolderAccess(this.db, viewer, folderId, 'write');
    if (!sameTree(folder, { owner_id: ownerId })) throw notFound(FOLDER_MESSAGES.notFound);
    return folder;
  }

  /** `name`, or `name (2)`, `name (3)`… when a file in the folder has it (ignoring case). */
  private async freeName(ownerId: string, folderId: string | null, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; await files.hasFileNamed(this.db, ownerId, folderId, candidate); n++)
      candidate = `${stem} (${n})${extension}`;
    return candidate;
  }

  /** Whose tree an upload into this folder lands in (the folder's owner: an editor's upload is theirs). */
  async uploadOwner(viewer: Viewer, folderId: string | null | undefined): Promise<string> {
    if (folderId === null || folderId === undefined) return viewer.id;
    return (await requireFolderAccess(this.db, viewer, folderId, 'write')).owner_id;
  }

  async remove(viewer: Viewer, fileId: string): Promise<void> {
    await requireFileAccess(this.db, viewer, fileId, 'delete');
    await this.trash.discard([fileId], []);
  }

  /** A short-lived link to the bytes; nothing is counted until they are delivered through it. */
  async downloadLink(viewer: Viewer, fileId: string): Promise<string> {
    await requireFileAccess(this.db, viewer, fileId, 'view');
    return this.signedUrls.create(fileId, viewer.id);
  }

  async list(viewer: Viewer, scope: FileScope, params: FileListParams) {
    // The public list stays flat; any other list may narrow to one folder the viewer may see.
    if (scope.kind === 'public') params = { ...params, folderId: undefined };
    else if (params.folderId) {
      const folder = await requireFolderAccess(this.db, viewer, params.folderId, 'view');
      // A folder shared with the viewer lists its owner's files, as the owner's own list would.
      if (scope.kind === 'owner') scope = { kind: 'owner', ownerId: folder.owner_id };
    }
    const searchEmail = searchesEmail(viewer, scope.kind === 'owner' ? scope.ownerId : 'everyone');
    const page = await files.listFiles(this.db, scope, params, {
      searchEmail,
      countLimit: this.searchCountLimit,
    });
    const permissions = await permissionsFor(this.db, viewer, page.items.map(fileItem));
    // A search of all one's own folders says where each hit lies.
    const acrossOwnTree =
      scope.kind === 'owner' && scope.ownerId === viewer.id && params.q && !params.folderId;
    const paths = acrossOwnTree
      ? await pathsTo(
          this.db,
          page.items.flatMap((row) => (row.folder_id ? [row.folder_id] : [])),
        )
      : new Map<string, never>();
    return {
      items: page.items.map((row) => ({
        ...presentFile(row, audienceFor(viewer, row)),
        ...(row.folder_id && paths.has(row.folder_id) && { folderPath: paths.get(row.folder_id) }),
        permissions: permissions.get(row.id)!,
      })),
      meta: {
        total: page.total,
        nextCursor: page.nextCursor,
        ...(page.totalCapped && { totalCapped: true as const }),
      },
    };
  }
}

/** A name kept exactly as a client gave it obeys the one name rule every way in shares. */
function assertStorableName(name: string): void {
  if (!isStorableExactName(name)) throw new AppError('VALIDATION_FAILED', MESSAGES.nameNotStorable);
}
