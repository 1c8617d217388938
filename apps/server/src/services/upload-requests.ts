import {
  LINK_MESSAGES,
  REQUEST_MESSAGES,
  uploaderNameSchema,
  type CreateRequestBody,
  type RequestReceipt,
  type RequestUpload,
  type RequestVisit,
  type UpdateRequestBody,
  type UploadRequest,
} from '@cloudstash/contract';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { AppError, notFound } from '../errors';
import { filesThroughRequest } from '../repositories/files';
import * as links from '../repositories/share-links';
import type { LinkWithFile } from '../repositories/share-links';
import { requireFolderAccess } from './access-policy';
import type { Files, ReceivedUpload, ThroughRequest } from './files';
import { hashPassword } from './passwords';
import type { NewResumableUpload, ResumableProgress, ResumableUploads } from './resumable-uploads';
import { isoNow, type Clock } from './clock';
import type { Viewer } from './sessions';
import { unavailable, type ShareLinks } from './share-links';
import type { Throttle } from './throttle';

/** What a visitor's upload says besides its bytes. */
export type VisitorUpload = Omit<NewResumableUpload, 'isPublic' | 'folderId' | 'request'> & {
  uploaderName?: string;
};

/**
 * Upload links (file requests): a folder anyone with the link may drop files into, without an account. They are
 * share links of their own kind, so their tokens, passwords, expiry and the one "no longer available" answer
 * are the share links' own. A visitor's file is stored as its owner's upload into that folder (the owner's
 * quota, the instance's type rule and size limit), numbered beside a file of the same name, saying who sent it;
 * the link's file and byte limits are claimed in the transaction that stores it, and a resumable upload holds
 * its place from its creation. Each new upload is counted per address and per link by the shared throttle.
 */
export class UploadRequests {
  constructor(
    private readonly db: Db,
    private readonly links: ShareLinks,
    private readonly files: Files,
    private readonly resumable: ResumableUploads,
    private readonly owners: { viewerOf(userId: string): Promise<Viewer | null> },
    private readonly throttle: Throttle,
    private readonly config: Pick<Config, 'maxUploadBytes'>,
    private readonly clock: Clock,
  ) {}

  async create(viewer: Viewer, folderId: string, body: CreateRequestBody): Promise<UploadRequest> {
    const folder = await requireFolderAccess(this.db, viewer, folderId, 'share');
    const id = await this.links.insert(
      {
        kind: 'request',
        file_id: null,
        folder_id: folder.id,
        owner_id: folder.owner_id,
        message: body.message || null,
        max_files: body.maxFiles ?? null,
        max_bytes: body.maxBytes ?? null,
      },
      { label: body.label, password: body.password, expiresAt: body.expiresAt },
    );
    return this.present((await links.findLinkById(this.db, id))!);
  }

  async listForFolder(viewer: Viewer, folderId: string): Promise<UploadRequest[]> {
    await requireFolderAccess(this.db, viewer, folderId, 'manageLinks');
    return (await links.listRequests(this.db, { folderId })).map((row) => this.present(row));
  }

  async update(viewer: Viewer, id: string, body: UpdateRequestBody): Promise<UploadRequest> {
    await this.managed(viewer, id);
    if (body.expiresAt && Date.parse(body.expiresAt) <= this.clock.now()) {
      throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.linkExpiryPast, [
        { path: 'expiresAt', message: LINK_MESSAGES.linkExpiryPast },
      ]);
    }
    const changes: Parameters<typeof links.updateRequest>[2] = {};
    if (body.label !== undefined) changes.label = body.label;
    if (body.message !== undefined) changes.message = body.message || null;
    if (body.maxFiles !== undefined) changes.max_files = body.maxFiles;
    if (body.maxBytes !== undefined) changes.max_bytes = body.maxBytes;
    if (body.expiresAt !== undefined)
      changes.expires_at = body.expiresAt === null ? null : new Date(body.expiresAt).toISOString();
    if (body.password !== undefined)
      changes.password_hash = body.password === null ? null : await hashPassword(body.password);
    await links.updateRequest(this.db, id, changes);
    return this.present((await links.findLinkById(this.db, id))!);
  }

  /**
   * Closes the link at once: visitors are told it is no longer available, and its uploads in flight end with
   * their bytes (an expired link's go in the next maintenance sweep).
   */
  async close(viewer: Viewer, id: string): Promise<UploadRequest> {
    await this.managed(viewer, id);
    await links.revokeLink(this.db, id, isoNow(this.clock));
    await this.resumable.endUploadsOfRequest(id);
    return this.present((await links.findLinkById(this.db, id))!);
  }

  /** What came through the link, newest first. */
  async uploads(viewer: Viewer, id: string): Promise<RequestUpload[]> {
    await this.managed(viewer, id);
    return (await filesThroughRequest(this.db, id)).map((row) => ({
      _id: row.id,
      filename: row.filename,
      size: Number(row.size),
      note: row.upload_note ?? '',
      createdAt: row.created_at,
    }));
  }

  /** What the visitor page shows; while the link is locked, only that it needs a password. */
  async visit(token: string, unlockProof: string | undefined): Promise<RequestVisit> {
    const { link, locked } = await this.links.openLink(token, unlockProof);
    if (link.kind !== 'request') throw unavailable();
    if (locked) return { passwordRequired: true };
    return {
      passwordRequired: false,
      ownerName: link.owner_name ?? 'Unknown User',
      label: link.label ?? '',
      message: link.message ?? null,
      expiresAt: link.expires_at,
      filesLeft: link.max_files == null ? null : Math.max(link.max_files - (link.files_received ?? 0), 0),
      bytesLeft:
        link.max_bytes == null ? null : Math.max(link.max_bytes - Number(link.bytes_received ?? 0), 0),
      maxFileBytes: this.config.maxUploadBytes,
    };
  }

  /** A form upload through the link: the whole file in one request. */
  async receive(
    token: string,
    unlockProof: string | undefined,
    upload: ReceivedUpload,
  ): Promise<RequestReceipt> {
    const link = await this.requestLink(token, unlockProof);
    const stored = await this.files.upload(await this.ownerOf(link), {
      fields: {
        isPublic: false,
        folderId: link.folder_id,
        request: this.throughLink(link, upload.fields.uploaderName),
      },
      file: upload.file,
    });
    return { _id: stored._id, filename: stored.filename, size: stored.size };
  }

  /** Counts a new upload through the link per address and per link, before anything else is done. */
  async admitUpload(token: string, address: string): Promise<void> {
    const link = await links.findLinkByTokenHash(this.db, this.links.hashOf(token));
    await this.throttle.takeAll([
      ['requestUploadPerAddress', address],
      ['requestUploadPerLink', link?.id ?? 'unknown'],
    ]);
  }

  /** A resumable upload through the link (tus), held under its limits from now on. */
  async createResumable(token: string, unlockProof: string | undefined, input: VisitorUpload) {
    const link = await this.requestLink(token, unlockProof);
    const { uploaderName, filename, originalName, ...upload } = input;
    const progress = await this.resumable.create(await this.ownerOf(link), {
      ...upload,
      // A visitor names no file: the name it came with is its own name, as in a form upload.
      originalName: originalName ?? filename,
      isPublic: false,
      folderId: link.folder_id,
      request: this.throughLink(link, uploaderName),
    });
    return { link, progress };
  }

  async status(token: string, unlockProof: string | undefined, id: string): Promise<ResumableProgress> {
    const link = await this.requestLink(token, unlockProof);
    return this.resumable.status(await this.ownerOf(link), id, link.id);
  }

  async append(token: string, unlockProof: string | undefined, id: string, offset: number, source: Readable) {
    const link = await this.requestLink(token, unlockProof);
    return this.resumable.append(await this.ownerOf(link), id, offset, source, link.id);
  }

  async terminate(token: string, unlockProof: string | undefined, id: string): Promise<void> {
    const link = await this.requestLink(token, unlockProof);
    await this.resumable.terminate(await this.ownerOf(link), id, link.id);
  }

  private present(row: LinkWithFile): UploadRequest {
    return {
      _id: row.id,
      ...this.links.addressOf(row, '/r/'),
      folderId: row.folder_id!,
      folderName: row.filename,
      label: row.label ?? '',
      message: row.message ?? null,
      hasPassword: row.password_hash !== null,
      expiresAt: row.expires_at,
      maxFiles: row.max_files ?? null,
      maxBytes: row.max_bytes == null ? null : Number(row.max_bytes),
      filesReceived: row.files_received ?? 0,
      bytesReceived: Number(row.bytes_received ?? 0),
      createdAt: row.created_at,
      closedAt: row.revoked_at,
      state: requestState(this.links.stateOf(row)),
    };
  }

  /** An upload link the viewer may change: they may manage its folder's links. Any other answers 404. */
  private async managed(viewer: Viewer, id: string): Promise<LinkWithFile> {
    const link = await links.findLinkById(this.db, id);
    if (!link || link.kind !== 'request') throw notFound(REQUEST_MESSAGES.notFound);
    await requireFolderAccess(this.db, viewer, link.folder_id!, 'manageLinks').catch(() => {
      throw notFound(REQUEST_MESSAGES.notFound);
    });
    return link;
  }

  private async requestLink(token: string, unlockProof: string | undefined): Promise<LinkWithFile> {
    const link = await this.links.unlockedLink(token, unlockProof);
    if (link.kind !== 'request') throw unavailable();
    return link;
  }

  /** The owner, as whom the visitor's file is stored: an ordinary account, whatever the owner's role. */
  private async ownerOf(link: LinkWithFile): Promise<Viewer> {
    const owner = await this.owners.viewerOf(link.owner_id);
    if (!owner) throw unavailable();
    return { ...owner, role: 'user', scope: undefined };
  }

  /** What a file sent through the link records of its sender: the name they gave (required), and a note. */
  private throughLink(link: LinkWithFile, uploaderName: string | undefined): ThroughRequest {
    const name = uploaderNameSchema.safeParse(uploaderName ?? '');
    if (!name.success) {
      throw new AppError('VALIDATION_FAILED', REQUEST_MESSAGES.uploaderNameRequired, [
        { path: 'uploaderName', message: REQUEST_MESSAGES.uploaderNameRequired },
      ]);
    }
    const note = `Uploaded by ${name.data} through ${link.label ?? 'an upload link'}`;
    return { id: link.id, note, uploaderName: name.data };
  }
}

/** A share link's state in an upload link's words: a revoked upload link is closed. */
const requestState = (state: ReturnType<ShareLinks['stateOf']>) => (state === 'revoked' ? 'closed' : state);
