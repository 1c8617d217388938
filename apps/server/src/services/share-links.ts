import crypto from 'node:crypto';
import {
  API_BASE,
  LINK_MESSAGES,
  createLinkBodySchema,
  savedFilename,
  type Link,
  type LinkState,
  type SharedFile,
} from '@cloudstash/contract';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { BlobStore } from '../blobs/blob-store';
import { AppError } from '../errors';
import { findFileWithOwner } from '../repositories/files';
import * as links from '../repositories/share-links';
import type { LinkScope, LinkWithFile } from '../repositories/share-links';
import type { Downloads } from './downloads';
import { contentOf, type FileContent } from './files';
import { mayManageLink, requireFileAccess, requireFolderAccess } from './access-policy';
import type { ShareLinkTokens } from './share-link-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { isoNow, type Clock } from './clock';
import type { Viewer } from './sessions';
import type { Throttle, ThrottlePolicyName } from './throttle';

type CreateInput = z.output<typeof createLinkBodySchema>;

/** An unlock lasts this long at most, and never past the link's own expiry. */
const UNLOCK_MAX_MS = 24 * 60 * 60_000;

/**
 * Expired, used up, revoked and unknown links, and the links of a disabled account, all answer this, so a
 * visitor cannot tell which.
 */
export const unavailable = () => new AppError('NOT_FOUND', LINK_MESSAGES.linkUnavailable);

/** What a visitor's request may do with a link once the access decision is made. */
export interface SharedAccess extends FileContent {
  link: LinkWithFile;
}

/**
 * Every rule of share links: who creates and revokes them, what state a link is in, what a visitor sees, the
 * password and its rate limit, and the counted download. State is read from the database on every request, so
 * a revoke is seen at once by every process. Time comes from the process's one clock, which tests move forward.
 */
export class ShareLinks {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly tokens: ShareLinkTokens,
    private readonly downloads: Downloads,
    private readonly config: Pick<Config, 'publicOrigin'>,
    private readonly throttle: Throttle,
    private readonly clock: Clock,
  ) {}

  /** An upload link is used up once it took its files or its bytes; any other once its downloads. */
  stateOf(link: links.LinkRow, now = this.clock.now()): LinkState {
    if (link.revoked_at) return 'revoked';
    if (link.expires_at && Date.parse(link.expires_at) <= now) return 'expired';
    if (link.kind === 'request') {
      const files = link.max_files != null && (link.files_received ?? 0) >= link.max_files;
      const bytes = link.max_bytes != null && Number(link.bytes_received ?? 0) >= link.max_bytes;
      return files || bytes ? 'used up' : 'active';
    }
    if (link.max_downloads !== null && link.downloads >= link.max_downloads) return 'used up';
    return 'active';
  }

  private present(link: LinkWithFile): Link {
    const token = this.tokens.unseal(link.token_sealed);
    return {
      _id: link.id,
      token: token ?? '',
      url: token ? `${this.config.publicOrigin ?? ''}/s/${token}` : '',
      // Listed links are never upload links (those have their own lists).
      kind: link.kind === 'folder' ? 'folder' : 'file',
      fileId: link.file_id,
      folderId: link.folder_id,
      filename: link.filename,
      ownerName: link.owner_name,
      label: link.label,
      hasPassword: link.password_hash !== null,
      expiresAt: link.expires_at,
      maxDownloads: link.max_downloads,
      downloads: link.downloads,
      lastDownloadAt: link.last_download_at,
      createdAt: link.created_at,
      revokedAt: link.revoked_at,
      state: this.stateOf(link),
    };
  }

  /** A new link to one of the viewer's own files (404 for others' private files, 403 for others' public ones). */
  async create(viewer: Viewer, fileId: string, input: CreateInput): Promise<Link> {
    const file = await requireFileAccess(this.db, viewer, fileId, 'share');
    const id = await this.insert(
      { kind: 'file', file_id: file.id, folder_id: null, owner_id: file.owner_id },
      input,
    );
    return this.present((await links.findLinkById(this.db, id))!);
  }

  /** A new link to a folder and everything below it, read-only, with the same options as a file's. */
  async createForFolder(viewer: Viewer, folderId: string, input: CreateInput): Promise<Link> {
    const folder = await requireFolderAccess(this.db, viewer, folderId, 'share');
    const id = await this.insert(
      { kind: 'folder', file_id: null, folder_id: folder.id, owner_id: folder.owner_id },
      input,
    );
    return this.present((await links.findLinkById(this.db, id))!);
  }

  /**
   * Stores a new link of any kind (an upload link's own fields come with `item`), its token sealed and hashed;
   * answers its id. An expiry must lie ahead.
   */
  async insert(
    item: Pick<
      links.LinkRow,
      'kind' | 'file_id' | 'folder_id' | 'owner_id' | 'message' | 'max_files' | 'max_bytes'
    >,
    input: { label?: string; password?: string; expiresAt?: string; maxDownloads?: number },
  ): Promise<string> {
    const now = this.clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= now) {
      throw new AppError('VALIDATION_FAILED', LINK_MESSAGES.linkExpiryPast, [
        { path: 'expiresAt', message: LINK_MESSAGES.linkExpiryPast },
      ]);
    }
    const token = this.tokens.newToken();
    const id = crypto.randomUUID();
    await links.insertLink(this.db, {
      id,
      token_hash: this.tokens.hash(token),
      token_sealed: this.tokens.seal(token),
      ...item,
      label: input.label || null,
      password_hash: input.password ? await hashPassword(input.password) : null,
      expires_at: expiresAt ? expiresAt.toISOString() : null,
      max_downloads: input.maxDownloads ?? null,
      downloads: 0,
      last_download_at: null,
      created_at: new Date(now).toISOString(),
      revoked_at: null,
    });
    return id;
  }

  /** The stored hash of a token (what a link is found by). */
  hashOf(token: string): string {
    return this.tokens.hash(token);
  }

  /** The visitor address of a link, and its token; both empty when the app secret changed since it was made. */
  addressOf(link: links.LinkRow, prefix: '/s/' | '/r/'): { token: string; url: string } {
    const token = this.tokens.unseal(link.token_sealed);
    return { token: token ?? '', url: token ? `${this.config.publicOrigin ?? ''}${prefix}${token}` : '' };
  }

  /** The links of one file, for whoever may manage its links (the policy's `manageLinks`). */
  async listForFile(viewer: Viewer, fileId: string, page: { limit: number; cursor?: string }) {
    await requireFileAccess(this.db, viewer, fileId, 'manageLinks');
    return this.list({ kind: 'file', fileId }, page);
  }

  /** The links of one folder, by the same rule as a file's. */
  async listForFolder(viewer: Viewer, folderId: string, page: { limit: number; cursor?: string }) {
    await requireFolderAccess(this.db, viewer, folderId, 'manageLinks');
    return this.list({ kind: 'folder', folderId }, page);
  }

  listMine(viewer: Viewer, page: { limit: number; cursor?: string }) {
    return this.list({ kind: 'owner', ownerId: viewer.id }, page);
  }

  /** Every link on the instance; the route admits administrators only. */
  listAll(page: { limit: number; cursor?: string }) {
    return this.list({ kind: 'all' }, page);
  }

  private async list(scope: LinkScope, page: { limit: number; cursor?: string }) {
    const result = await links.listLinks(this.db, scope, page);
    return {
      items: result.rows.map((row) => this.present(row)),
      meta: { total: result.total, nextCursor: result.nextCursor },
    };
  }

  /** Revokes a link at once, for whoever may manage its item's links; anyone else is told it does not exist. */
  async revoke(viewer: Viewer, linkId: string): Promise<Link> {
    const link = await links.findLinkById(this.db, linkId);
    if (!link || !(await mayManageLink(this.db, viewer, link))) {
      throw new AppError('NOT_FOUND', LINK_MESSAGES.linkNotFound);
    }
    await links.revokeLink(this.db, linkId, isoNow(this.clock));
    return this.present((await links.findLinkById(this.db, linkId))!);
  }

  /**
   * The active link a token names, or the one "no longer available" answer for every other case. A disabled
   * account shares nothing: its links answer like dead ones until it is enabled again (they are not revoked).
   */
  private async activeLink(token: string): Promise<LinkWithFile> {
    const link = await links.findLinkByTokenHash(this.db, this.tokens.hash(token));
    if (!link || link.owner_disabled === 1 || this.stateOf(link) !== 'active') throw unavailable();
    return link;
  }

  private isLocked(link: LinkWithFile, unlockProof: string | undefined): boolean {
    return link.password_hash !== null && !this.tokens.isUnlocked(link.id, unlockProof, this.clock.now());
  }

  /** The active link a token names, and whether the visitor still has to unlock it. */
  async openLink(token: string, unlockProof: string | undefined) {
    const link = await this.activeLink(token);
    return { link, locked: this.isLocked(link, unlockProof) };
  }

  /** The active, unlocked link a token names; anything else is refused like the bytes are. */
  async unlockedLink(token: string, unlockProof: string | undefined): Promise<LinkWithFile> {
    const { link, locked } = await this.openLink(token, unlockProof);
    if (locked) throw new AppError('UNAUTHENTICATED', LINK_MESSAGES.linkPasswordRequired);
    return link;
  }

  /** What the visitor page shows of a file link. */
  async visitFile(link: LinkWithFile, token: string): Promise<SharedFile> {
    const file = link.file_id ? await findFileWithOwner(this.db, link.file_id) : undefined;
    if (!file) throw unavailable();
    return {
      passwordRequired: false,
      kind: 'file',
      filename: file.filename,
      downloadName: savedFilename(file.filename, file.mimetype, file.exact_name === 1),
      mimetype: file.mimetype,
      size: file.size,
      ownerName: file.owner_name ?? 'Unknown User',
      expiresAt: link.expires_at,
      downloadsLeft: link.max_downloads === null ? null : Math.max(link.max_downloads - link.downloads, 0),
      thumbnailUrl: file.has_thumbnail ? `${API_BASE}/s/${encodeURIComponent(token)}/thumbnail` : null,
    };
  }

  /**
   * Checks a link's password. Every attempt is counted per client address (kept only as a keyed hash) and per
   * link before the password is checked, in the database, so the limits hold across processes and under a
   * burst; past either the answer is 429 with Retry-After. A right password gives its attempts back, so only
   * wrong ones use up the budget. The answer is a proof for an unlock cookie and how long it may live: at most
   * a day, never past the link.
   */
  async unlock(
    token: string,
    password: string,
    address: string,
  ): Promise<{ proof: string; maxAgeMs: number } | null> {
    const link = await this.activeLink(token);
    if (link.password_hash === null) return null;
    const attempts: Array<[ThrottlePolicyName, string]> = [
      ['linkUnlockPerAddress', this.tokens.addressKeyOf(address)],
      ['linkUnlockPerLink', link.id],
    ];
    await this.throttle.takeAll(attempts);
    if (!(await verifyPassword(link.password_hash, password))) {
      throw new AppError('UNAUTHENTICATED', LINK_MESSAGES.linkPasswordWrong);
    }
    for (const [name, subject] of attempts) await this.throttle.giveBack(name, subject);
    const now = this.clock.now();
    const until = Math.min(now + UNLOCK_MAX_MS, link.expires_at ? Date.parse(link.expires_at) : Infinity);
    return { proof: this.tokens.unlockProof(link.id, until), maxAgeMs: until - now };
  }

  /**
   * The file behind an active link for a visitor who may see it (unlocked when it has a password); anything
   * else is refused like the bytes are. Seeing it (a thumbnail, say) counts no download.
   */
  async fileForVisitor(token: string, unlockProof: string | undefined) {
    const link = await this.unlockedLink(token, unlockProof);
    const file = link.file_id ? await findFileWithOwner(this.db, link.file_id) : undefined;
    if (!file) throw unavailable();
    return { link, file };
  }

  /**
   * The access decision for a visitor's request for the bytes. A counted download claims its place under the
   * link's limit before any byte is sent; a claim that fails (another download took the last one) answers
   * "no longer available" like any other ended link. A claim stands even if sending then fails: the limit can
   * never be exceeded, at the price of a broken transfer using up a download.
   */
  async openContent(token: string, unlockProof: string | undefined, counted: boolean): Promise<SharedAccess> {
    const { link, file } = await this.fileForVisitor(token, unlockProof);
    if (counted && !(await this.downloads.countThroughLink(file.id, link.id))) throw unavailable();
    return { link, ...contentOf(this.db, this.store, file) };
  }
}

/**
 * Keeps the link tables bounded, for the maintenance sweep: download history older than 90 days becomes one
 * row per day, file and link.
 */
export async function sweepShareLinkRecords(downloads: Downloads): Promise<void> {
  await downloads.rollUp();
}
