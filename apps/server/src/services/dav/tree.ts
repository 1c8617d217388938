import { DAV_MESSAGES } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import * as entries from '../../repositories/dav-entries';
import type { DavFileRow } from '../../repositories/dav-entries';
import type { Files } from '../files';
import type { Viewer } from '../sessions';
import type { DavFolders, DavFolderRow } from './folders';
import { DavError } from './errors';
import { VisibleNames, baseVisibleName, numbered, storedNameCandidates } from './names';
import type { Shares } from '../sharing/shares';

/** `name.ext` → `name (owner).ext`: the same name shared by two people, told apart by whose it is. */
const numberedWith = (name: string, owner: string) => numbered(name, 0).replace(' (0)', ` (${owner})`);

export type DavFolder = {
  kind: 'folder';
  /** null for the account's top level (`/dav/`) and for `/dav/Shared with me/`. */
  id: string | null;
  /** Whose tree the folder is in: the viewer's, or the owner's of a folder shared with the viewer. */
  ownerId: string;
  /** `/dav/Shared with me/`: no folder of anyone's, the items others shared with the viewer. */
  sharedWithMe?: true;
  path: string;
  name: string;
  createdAt: string;
  updatedAt: string;
};

export type DavFile = {
  kind: 'file';
  path: string;
  name: string;
  folderId: string | null;
  row: DavFileRow;
};

export type DavResource = DavFolder | DavFile;

/** What a path names: the resource if one is there, and its parent folder if that exists. */
export interface Resolved {
  path: string;
  name: string;
  resource?: DavResource;
  parent?: DavFolder;
  /** The folders the path walked through, the top first: what the caller sees above the resource. */
  chain: DavFolder[];
}

const PAGE = 500;

export const joinPath = (parent: string, name: string) => (parent === '/' ? `/${name}` : `${parent}/${name}`);

export const resourceKey = (r: DavResource) => (r.kind === 'file' ? `file:${r.row.id}` : `folder:${r.id}`);

/** The top folder that holds what others shared with the viewer; it hides a folder of the same name of theirs. */
export const SHARED_WITH_ME = 'Shared with me';

function folderResource(row: DavFolderRow, path: string, ownerId: string): DavFolder {
  return {
    kind: 'folder',
    id: row.id,
    ownerId,
    path,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * An account's files and folders as a tree of paths, for the WebDAV adapter: resolving a path costs one
 * indexed lookup per segment, and every change goes through the same services the API uses (Files, Folders).
 */
export class DavTree {
  constructor(
    private readonly db: Db,
    private readonly files: Files,
    private readonly folders: DavFolders,
    private readonly shares: Pick<Shares, 'withMe'>,
  ) {}

  root(viewer: Viewer): DavFolder {
    const created = viewer.user.createdAt;
    return {
      kind: 'folder',
      id: null,
      ownerId: viewer.id,
      path: '/',
      name: '',
      createdAt: created,
      updatedAt: created,
    };
  }

  private sharedWithMe(viewer: Viewer): DavFolder {
    return { ...this.root(viewer), path: `/${SHARED_WITH_ME}`, name: SHARED_WITH_ME, sharedWithMe: true };
  }

  /** Resolves decoded path segments, folder by folder, then the last one as a folder or a file. */
  async resolve(viewer: Viewer, segments: string[]): Promise<Resolved> {
    let folder = this.root(viewer);
    if (!segments.length) return { path: '/', name: '', resource: folder, chain: [] };
    const chain: DavFolder[] = [];
    for (const segment of segments.slice(0, -1)) {
      const next = await this.childOf(viewer, folder, segment);
      if (next?.kind !== 'folder')
        return { path: joinPath(joinPath(folder.path, segment), '…'), name: segments.at(-1)!, chain };
      chain.push(folder);
      folder = next;
    }
    chain.push(folder);
    const name = segments.at(-1)!;
    const path = joinPath(folder.path, name);
    return { path, name, parent: folder, resource: await this.childOf(viewer, folder, name), chain };
  }

  /** The folder or file shown as `name` in `folder`. */
  async childOf(viewer: Viewer, folder: DavFolder, name: string): Promise<DavResource | undefined> {
    if (folder.sharedWithMe) {
      for await (const item of this.sharedItems(viewer)) if (item.name === name) return item;
      return undefined;
    }
    if (folder.id === null && name === SHARED_WITH_ME) return this.sharedWithMe(viewer);
    const path = joinPath(folder.path, name);
    const sub = await this.folders.child(folder.ownerId, folder.id, name);
    if (sub) return folderResource(sub, path, folder.ownerId);
    const rows = await entries.filesNamed(this.db, folder.ownerId, folder.id, storedNameCandidates(name));
    const names = new VisibleNames();
    for (const row of rows) {
      if (names.next(row) === name) return { kind: 'file', path, name, folderId: folder.id, row };
    }
    return undefined;
  }

  /** A folder's folders, then its files, a page at a time (a listing of any size keeps memory flat). */
  async *children(viewer: Viewer, folder: DavFolder): AsyncGenerator<DavResource> {
    if (folder.sharedWithMe) return yield* this.sharedItems(viewer);
    if (folder.id === null) yield this.sharedWithMe(viewer);
    for await (const row of this.folders.children(folder.ownerId, folder.id)) {
      // The top's own folder of that name is hidden by the folder of shared items.
      if (folder.id === null && row.name === SHARED_WITH_ME) continue;
      yield folderResource(row, joinPath(folder.path, row.name), folder.ownerId);
    }
    const names = new VisibleNames();
    let after: DavFileRow | undefined;
    for (;;) {
      const page = await entries.filesInFolderPage(this.db, folder.ownerId, folder.id, after, PAGE);
      for (const row of page) {
        const name = names.next(row);
        yield { kind: 'file', path: joinPath(folder.path, name), name, folderId: folder.id, row };
      }
      if (page.length < PAGE) return;
      after = page.at(-1);
    }
  }

  /**
   * The items others shared with the viewer, each once, named as in their owner's tree; two of one name are told
   * apart by their owner's name, then numbered.
   */
  private async *sharedItems(viewer: Viewer): AsyncGenerator<DavResource> {
    const items = await this.shares.withMe(viewer);
    const fileRows = new Map(
      (
        await entries.fileRowsByIds(
          this.db,
          items.filter((i) => i.kind === 'file').map((i) => i._id),
        )
      ).map((r) => [r.id, r]),
    );
    const folderRows = new Map(
      (await this.folders.byIds(items.filter((i) => i.kind === 'folder').map((i) => i._id))).map((r) => [
        r.id,
        r,
      ]),
    );
    const base = (item: (typeof items)[number]) => {
      const row = fileRows.get(item._id);
      return row ? baseVisibleName(row) : item.name;
    };
    const counts = new Map<string, number>();
    for (const item of items) counts.set(base(item), (counts.get(base(item)) ?? 0) + 1);
    const taken = new VisibleNames();
    for (const item of items) {
      const plain = base(item);
      const owned = counts.get(plain)! > 1 ? numberedWith(plain, item.owner.name) : plain;
      const name = taken.next({ filename: owned, exact_name: 1, mimetype: '' });
      const path = joinPath(`/${SHARED_WITH_ME}`, name);
      const fileRow = fileRows.get(item._id);
      const folderRow = folderRows.get(item._id);
      if (fileRow) yield { kind: 'file', path, name, folderId: null, row: fileRow };
      else if (folderRow) yield { ...folderResource(folderRow, path, item.owner._id), name };
    }
  }

  async makeFolder(viewer: Viewer, parent: DavFolder, name: string): Promise<void> {
    if (parent.sharedWithMe) throw new DavError(403, DAV_MESSAGES.notAllowed);
    await this.folders.create(viewer, parent.id, name);
  }

  /** Deletes a file, or a folder with everything in it, through the services the API deletes with. */
  async remove(viewer: Viewer, resource: DavResource): Promise<void> {
    if (resource.kind === 'file') return this.files.remove(viewer, resource.row.id);
    if (resource.id === null) throw new DavError(403, DAV_MESSAGES.notAllowed);
    await this.folders.remove(viewer, resource.id);
  }

  /** A rename or a move: one row changes, whatever a folder holds. */
  async move(viewer: Viewer, resource: DavResource, parent: DavFolder, name: string): Promise<void> {
    if (parent.sharedWithMe) throw new DavError(403, DAV_MESSAGES.notAllowed);
    if (resource.kind === 'file') {
      return this.files.renameExact(viewer, resource.row.id, { name, folderId: parent.id });
    }
    if (resource.id === null) throw new DavError(403, DAV_MESSAGES.notAllowed);
    await this.folders.moveFolder(viewer, resource.id, parent.id, name);
  }

  /**
   * A copy: a file becomes a new reference to the same bytes (nothing is read or written but rows); a folder
   * is made again and, with depth infinity, everything in it copied the same way.
   */
  async copy(
    viewer: Viewer,
    resource: DavResource,
    parent: DavFolder,
    name: string,
    infinite: boolean,
  ): Promise<string> {
    if (parent.sharedWithMe) throw new DavError(403, DAV_MESSAGES.notAllowed);
    if (resource.kind === 'file') {
      return `file:${await this.files.copyNamed(viewer, resource.row.id, { name, folderId: parent.id })}`;
    }
    const created = await this.folders.create(viewer, parent.id, name);
    const copy = folderResource(created, joinPath(parent.path, name), parent.ownerId);
    if (infinite) {
      for await (const child of this.children(viewer, resource)) {
        await this.copy(viewer, child, copy, child.name, true);
      }
    }
    return `folder:${created.id}`;
  }
}
