import {
  API_BASE,
  FOLDER_MAX_DEPTH,
  FOLDER_MESSAGES,
  MAX_PAGE_SIZE,
  savedFilename,
  fileListQuerySchema,
  type SharedFile,
  type SharedFolderView,
  type ZipBody,
} from '@cloudstash/contract';
import type { BlobStore } from '../blobs/blob-store';
import type { Db } from '../db/connect';
import { AppError } from '../errors';
import { fileIdsInFolders, filesByIds, findFileWithOwner, listFiles } from '../repositories/files';
import {
  findFolder,
  folderAndAncestors,
  folderAndDescendantIds,
  listChildFolders,
  type FolderRow,
} from '../repositories/folders';
import type { LinkWithFile } from '../repositories/share-links';
import { chainedItem, decideForLink, linkPermissionsOf, type Action, type LinkedItem } from './access-policy';
import type { Downloads } from './downloads';
import { contentOf } from './files';
import { unavailable, type ShareLinks, type SharedAccess } from './share-links';
import type { ZipDownload, Zips } from './zips';

/** How many subfolders a visitor's folder view lists (a folder rarely holds more; files are paged). */
const FOLDERS_SHOWN = 1000;

const tokenPath = (token: string) => `${API_BASE}/s/${encodeURIComponent(token)}`;
/** A zip selection kept for a link rather than an account. */
const holderOf = (link: LinkWithFile) => `link:${link.id}`;
/** The visitor as the access policy knows them: whoever holds the link's token. */
const subjectOf = (link: LinkWithFile) => ({ kind: 'link' as const, link });

/** What the link does not let its visitor do answers like a dead link: the visitor learns nothing. */
function requireLinkAccess(link: LinkWithFile, item: LinkedItem, action: Action): void {
  if (decideForLink(subjectOf(link), item, action) !== 'allow') throw unavailable();
}

/**
 * What a visitor of a share link sees and takes: one file, or a folder with everything below it, read-only.
 * Every id a visitor sends is checked to lie below the shared folder, in its owner's tree; anything else (a
 * parent, a sibling, another account's item, an item in the trash) answers the one "no longer available" a
 * dead link answers, so a visitor learns nothing of what lies outside. Each file downloaded counts one against
 * the link's limit, a zip's files together or not at all.
 */
export class LinkVisits {
  constructor(
    private readonly db: Db,
    private readonly store: BlobStore,
    private readonly links: ShareLinks,
    private readonly zips: Zips,
    private readonly downloads: Downloads,
  ) {}

  async visit(
    token: string,
    unlockProof: string | undefined,
    query: { folderId?: string; cursor?: string },
  ): Promise<SharedFile> {
    const { link, locked } = await this.links.openLink(token, unlockProof);
    // An upload link shares nothing to look at: to a visitor of /s/ it is no link at all.
    if (link.kind === 'request') throw unavailable();
    if (locked) return { passwordRequired: true };
    if (link.kind === 'file') return this.links.visitFile(link, token);
    return this.folderView(link, token, query);
  }

  /** A file below a folder link, for a visitor who may see it (previews and thumbnails count nothing). */
  async fileFor(token: string, unlockProof: string | undefined, fileId: string) {
    const link = await this.folderLink(token, unlockProof);
    const file = await findFileWithOwner(this.db, fileId);
    if (!file) throw unavailable();
    const chain = file.folder_id ? await folderAndAncestors(this.db, file.folder_id, FOLDER_MAX_DEPTH) : [];
    requireLinkAccess(link, chainedItem({ kind: 'file', ...file }, chain), 'view');
    return { link, file };
  }

  /** The bytes of a file below a folder link; a counted download claims its place under the link's limit first. */
  async openContent(
    token: string,
    unlockProof: string | undefined,
    fileId: string,
    counted: boolean,
  ): Promise<SharedAccess> {
    const { link, file } = await this.fileFor(token, unlockProof, fileId);
    if (counted && !(await this.downloads.countThroughLink(file.id, link.id))) throw unavailable();
    return { link, ...contentOf(this.db, this.store, file) };
  }

  /** A zip of files and folders below a folder link: a link to it, under the link's own address. */
  async zipLink(token: string, unlockProof: string | undefined, body: ZipBody): Promise<string> {
    const link = await this.folderLink(token, unlockProof);
    const fileIds = [...new Set(body.fileIds ?? [])];
    const folderIds = [...new Set(body.folderIds ?? [])];
    if (!fileIds.length && !folderIds.length)
      throw new AppError('VALIDATION_FAILED', FOLDER_MESSAGES.nothingSelected);
    await this.selectionBelow(link, fileIds, folderIds);
    const selectionId = await this.zips.remember(holderOf(link), fileIds, folderIds);
    return `${tokenPath(token)}/zip/${selectionId}`;
  }

  /**
   * The zip itself: every file in it is claimed against the link's limit before a byte is sent, once the zip
   * is built (a zip that cannot be made charges nothing).
   */
  async openZip(token: string, unlockProof: string | undefined, selectionId: string): Promise<ZipDownload> {
    const link = await this.folderLink(token, unlockProof);
    const selection = await this.zips.recall(holderOf(link), selectionId).catch(() => {
      throw unavailable();
    });
    const { files, folders } = await this.selectionBelow(link, selection.fileIds, selection.folderIds);
    const below: string[] = [];
    for (const folder of folders) below.push(...(await folderAndDescendantIds(this.db, folder.id)));
    const counted = [...files.map((f) => f.id), ...(await fileIdsInFolders(this.db, below))];
    const zip = await this.zips.pack(files, folders);
    if (!(await this.downloads.countManyThroughLink(counted, link.id))) {
      zip.stream.destroy();
      throw unavailable();
    }
    return zip;
  }

  private async folderView(
    link: LinkWithFile,
    token: string,
    query: { folderId?: string; cursor?: string },
  ): Promise<SharedFolderView> {
    const { folder, chain } = await this.folderBelow(link, query.folderId ?? link.folder_id!);
    const holder = subjectOf(link);
    // From the shared folder down to this one's parent: the chain runs upward and stops at the shared folder.
    const top = chain.findIndex((f) => f.id === link.folder_id);
    const path = chain
      .slice(1, top + 1)
      .reverse()
      .map((f) => ({ _id: f.id, name: f.name }));
    const folders = await listChildFolders(this.db, link.owner_id, folder.id, { limit: FOLDERS_SHOWN });
    const params = fileListQuerySchema.parse({
      folderId: folder.id,
      sort: 'filename',
      order: 'asc',
      limit: MAX_PAGE_SIZE,
      cursor: query.cursor,
    });
    const page = await listFiles(this.db, { kind: 'owner', ownerId: link.owner_id }, params, {
      searchEmail: false,
      countLimit: 10_000,
    });
    return {
      passwordRequired: false,
      kind: 'folder',
      folder: { _id: folder.id, name: folder.name },
      path,
      folders: folders.items.map((f) => ({
        _id: f.id,
        name: f.name,
        permissions: linkPermissionsOf(holder, chainedItem({ kind: 'folder', ...f }, [f, ...chain])),
      })),
      files: page.items.map((row) => ({
        _id: row.id,
        filename: row.filename,
        downloadName: savedFilename(row.filename, row.mimetype, row.exact_name === 1),
        mimetype: row.mimetype,
        size: Number(row.size),
        createdAt: row.created_at,
        thumbnailUrl: row.has_thumbnail ? `${tokenPath(token)}/files/${row.id}/thumbnail` : null,
        permissions: linkPermissionsOf(holder, chainedItem({ kind: 'file', ...row }, chain)),
      })),
      nextCursor: page.nextCursor,
      ownerName: link.owner_name ?? 'Unknown User',
      expiresAt: link.expires_at,
      downloadsLeft: link.max_downloads === null ? null : Math.max(link.max_downloads - link.downloads, 0),
    };
  }

  private async folderLink(token: string, unlockProof: string | undefined): Promise<LinkWithFile> {
    const link = await this.links.unlockedLink(token, unlockProof);
    if (link.kind !== 'folder') throw unavailable();
    return link;
  }

  /** The folder, if it is the shared folder or lies below it in the same tree, with its chain up to the top. */
  private async folderBelow(
    link: LinkWithFile,
    folderId: string,
  ): Promise<{ folder: FolderRow; chain: FolderRow[] }> {
    const folder = await findFolder(this.db, folderId);
    if (!folder) throw unavailable();
    const chain = await folderAndAncestors(this.db, folder.id, FOLDER_MAX_DEPTH);
    requireLinkAccess(link, chainedItem({ kind: 'folder', ...folder }, chain), 'view');
    return { folder, chain };
  }

  /** The selected files and folders, if every one lies at or below the shared folder (one read of that tree). */
  private async selectionBelow(link: LinkWithFile, fileIds: string[], folderIds: string[]) {
    const tree = new Set(await folderAndDescendantIds(this.db, link.folder_id!));
    const files = await filesByIds(this.db, fileIds);
    if (files.length !== fileIds.length) throw unavailable();
    // Whatever lies in the shared folder's tree lies in the shared folder.
    const inTree = (folderId: string | null) => (top: string) =>
      top === link.folder_id && folderId !== null && tree.has(folderId);
    for (const file of files)
      requireLinkAccess(link, { kind: 'file', ...file, liesIn: inTree(file.folder_id) }, 'view');
    const folders: FolderRow[] = [];
    for (const id of folderIds) {
      const folder = tree.has(id) ? await findFolder(this.db, id) : undefined;
      if (!folder) throw unavailable();
      requireLinkAccess(link, { kind: 'folder', ...folder, liesIn: inTree(folder.id) }, 'view');
      folders.push(folder);
    }
    return { files, folders };
  }
}
