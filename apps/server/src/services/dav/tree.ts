import { DAV_MESSAGES } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import * as entries from '../../repositories/dav-entries';
import type { DavFileRow } from '../../repositories/dav-entries';
import type { Files } from '../files';
import type { Viewer } from '../sessions';
import type { DavFolders, DavFolderRow } from './folders';
import { DavError } from './errors';
import { VisibleNames, storedNameCandidates } from './names';

export type DavFolder = {
  kind: 'folder';
  /** null for the account's top level (`/dav/`). */
  id: string | null;
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
}

const PAGE = 500;

export const joinPath = (parent: string, name: string) => (parent === '/' ? `/${name}` : `${parent}/${name}`);

export const resourceKey = (r: DavResource) => (r.kind === 'file' ? `file:${r.row.id}` : `folder:${r.id}`);

function folderResource(row: DavFolderRow, path: string): DavFolder {
  return {
    kind: 'folder',
    id: row.id,
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
  ) {}

  root(viewer: Viewer): DavFolder {
    const created = viewer.user.createdAt;
    return { kind: 'folder', id: null, path: '/', name: '', createdAt: created, updatedAt: created };
  }

  /** Resolves decoded path segments, folder by folder, then the last one as a folder or a file. */
  async resolve(viewer: Viewer, segments: string[]): Promise<Resolved> {
    let folder = this.root(viewer);
    if (!segments.length) return { path: '/', name: '', resource: folder };
    for (const segment of segments.slice(0, -1)) {
      const row = await this.folders.child(viewer, folder.id, segment);
      if (!row) return { path: joinPath(joinPath(folder.path, segment), '…'), name: segments.at(-1)! };
      folder = folderResource(row, joinPath(folder.path, segment));
    }
    const name = segments.at(-1)!;
    const path = joinPath(folder.path, name);
    return { path, name, parent: folder, resource: await this.childOf(viewer, folder, name) };
  }

  /** The folder or file shown as `name` in `folder`. */
  async childOf(viewer: Viewer, folder: DavFolder, name: string): Promise<DavResource | undefined> {
    const path = joinPath(folder.path, name);
    const sub = await this.folders.child(viewer, folder.id, name);
    if (sub) return folderResource(sub, path);
    const rows = await entries.filesNamed(this.db, viewer.id, folder.id, storedNameCandidates(name));
    const names = new VisibleNames();
    for (const row of rows) {
      if (names.next(row) === name) return { kind: 'file', path, name, folderId: folder.id, row };
    }
    return undefined;
  }

  /** A folder's folders, then its files, a page at a time (a listing of any size keeps memory flat). */
  async *children(viewer: Viewer, folder: DavFolder): AsyncGenerator<DavResource> {
    for await (const row of this.folders.children(viewer, folder.id)) {
      yield folderResource(row, joinPath(folder.path, row.name));
    }
    const names = new VisibleNames();
    let after: DavFileRow | undefined;
    for (;;) {
      const page = await entries.filesInFolderPage(this.db, viewer.id, folder.id, after, PAGE);
      for (const row of page) {
        const name = names.next(row);
        yield { kind: 'file', path: joinPath(folder.path, name), name, folderId: folder.id, row };
      }
      if (page.length < PAGE) return;
      after = page.at(-1);
    }
  }

  async makeFolder(viewer: Viewer, parent: DavFolder, name: string): Promise<void> {
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
    if (resource.kind === 'file') {
      return `file:${await this.files.copyNamed(viewer, resource.row.id, { name, folderId: parent.id })}`;
    }
    const created = await this.folders.create(viewer, parent.id, name);
    const copy = folderResource(created, joinPath(parent.path, name));
    if (infinite) {
      for await (const child of this.children(viewer, resource)) {
        await this.copy(viewer, child, copy, child.name, true);
      }
    }
    return `folder:${created.id}`;
  }
}
